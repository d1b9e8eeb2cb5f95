// tesseract.js (Tesseract compiled to WASM) with the npm @tesseract.js-data models: the engine that
// needs nothing but `npm install`. A worker costs ~0.5–1 s to start and 150–450 MB while it lives,
// so one is kept per thread (the pool runs one document per thread) and reused across documents,
// replaced when another language set is asked for, and ended after a quiet spell.
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { PAGE_SEGMENTATION, THRESHOLDING_METHOD, type EngineWord, type OcrEngine, type PageLayout, type RecognizeOptions, type Threshold } from './engine.js';
import { toPgm, type GrayImage } from './gray-image.js';
import { parseTsv } from './native-tesseract.js';

const require = createRequire(import.meta.url);
/** Ends the cached worker after this long without a page, giving its memory back. */
const IDLE_MS = 120_000;
/** The LSTM-only integer models: what tesseract.js itself would download for OEM.LSTM_ONLY. */
const MODEL_DIR = '4.0.0_best_int';

export interface TesseractJsInfo {
  version: string;
  /** Code → path of its gzipped model. */
  models: Map<string, string>;
}

export async function probeTesseractJs(): Promise<TesseractJsInfo | null> {
  let version: string;
  try {
    version = (require('tesseract.js/package.json') as { version: string }).version;
  } catch {
    return null;
  }
  return { version, models: await findNpmModels() };
}

/** Every installed @tesseract.js-data/<code> package, found next to whichever one resolves. */
async function findNpmModels(): Promise<Map<string, string>> {
  const models = new Map<string, string>();
  let scopeDir: string | undefined;
  for (const probe of ['eng', 'deu', 'est', 'fra', 'fin', 'pol', 'lav', 'lit']) {
    try {
      scopeDir = dirname(dirname(require.resolve(`@tesseract.js-data/${probe}/package.json`)));
      break;
    } catch { /* not installed; try the next */ }
  }
  if (!scopeDir) return models;
  for (const code of (await readdir(scopeDir)).sort()) {
    const file = join(scopeDir, code, MODEL_DIR, `${code}.traineddata.gz`);
    if (existsSync(file)) models.set(code, file);
  }
  return models;
}

interface CachedWorker {
  key: string;
  worker: Promise<Tesseract.Worker>;
  /** What the worker is set to; parameters stay set across pages. */
  threshold: Threshold;
  layout: PageLayout;
}

let cached: CachedWorker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
/** One page at a time per thread: a language switch must not end a worker in the middle of a page. */
let queue: Promise<unknown> = Promise.resolve();

export function tesseractJs(info: TesseractJsInfo): OcrEngine {
  return {
    name: 'tesseract.js',
    version: info.version,
    languages: [...info.models.keys()],
    recognize(image: GrayImage, options: RecognizeOptions): Promise<EngineWord[]> {
      const job = queue.then(() => recognizeNow(info, image, options));
      queue = job.catch(() => {});
      return job;
    },
  };
}

async function recognizeNow(info: TesseractJsInfo, image: GrayImage, options: RecognizeOptions): Promise<EngineWord[]> {
  options.signal?.throwIfAborted();
  clearTimeout(idleTimer);
  const worker = await workerFor(info, options.languages);
  await setPageParameters(worker, options.threshold ?? 'global', options.layout ?? 'auto');
  const signal = options.signal;
  let onAbort: (() => void) | undefined;
  try {
    // The WASM call cannot be interrupted, and a terminated worker never answers: an abort ends the
    // worker (the next page starts a new one) and rejects at once.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        void endWorker();
        reject(signal?.reason instanceof Error ? signal.reason : new Error('OCR aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    // TSV rather than the block tree: the same words and boxes, without every symbol's choices.
    const { data } = await Promise.race([worker.recognize(toPgm(image), {}, { tsv: true, text: false }), aborted]);
    return parseTsv(data.tsv ?? '');
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    idleTimer = setTimeout(() => void endWorker(), IDLE_MS).unref();
  }
}

function workerFor(info: TesseractJsInfo, languages: readonly string[]): Promise<Tesseract.Worker> {
  const key = languages.join('+');
  if (cached?.key === key) return cached.worker;
  void endWorker();
  const worker = createWorker(info, languages);
  cached = { key, worker, threshold: 'global', layout: 'auto' };
  worker.catch(() => {
    if (cached?.worker === worker) cached = undefined;
  });
  return worker;
}

async function setPageParameters(worker: Tesseract.Worker, threshold: Threshold, layout: PageLayout): Promise<void> {
  if (!cached || (cached.threshold === threshold && cached.layout === layout)) return;
  await worker.setParameters({ thresholding_method: THRESHOLDING_METHOD[threshold], tessedit_pageseg_mode: PAGE_SEGMENTATION[layout] as Tesseract.PSM });
  cached.threshold = threshold;
  cached.layout = layout;
}

async function endWorker(): Promise<void> {
  const ending = cached;
  cached = undefined;
  if (ending) await (await ending.worker.catch(() => undefined))?.terminate();
}

/**
 * tesseract.js 7 reads every language from one langPath, while npm ships one package per language,
 * and its {code, data} form is broken (initialize() joins `data` where it means `code`). So the
 * models are linked into a private temporary folder for the moment the worker loads them; nothing
 * is fetched (a missing file fails here, never falls back to the CDN, because langPath is set).
 */
async function createWorker(info: TesseractJsInfo, languages: readonly string[]): Promise<Tesseract.Worker> {
  const dir = await mkdtemp(join(tmpdir(), 'ledgerlens-tjs-'));
  try {
    for (const code of languages) {
      const model = info.models.get(code);
      if (!model) throw new Error(`tesseract.js has no model for ${code}`);
      await symlink(model, join(dir, `${code}.traineddata.gz`));
    }
    const worker = await Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, {
      langPath: dir,
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js rethrows a failed job inside its message listener, which
      // would take the whole thread down; the job's own promise still rejects.
      errorHandler: () => {},
    });
    // debug_file: Tesseract's chatter ("Estimating resolution as 385") would go to the service's stderr per page.
    await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO, debug_file: '/dev/null' });
    return worker;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** For tests and shutdown: end the cached worker now. */
export function closeTesseractJs(): Promise<void> {
  clearTimeout(idleTimer);
  return endWorker();
}
