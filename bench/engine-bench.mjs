#!/usr/bin/env node
// `npm run bench`: milliseconds per page and peak memory of the extraction engine over the corpus.
//
//   node bench/engine-bench.mjs [--corpus ../shared/corpus] [--scanned N] [--threads N]
//
// Three runs through the service's own worker pool (dist/src/pipeline/extraction-pool.js), sized as
// the service sizes it (--threads, default the cores):
//  1. text PDFs of the corpus, one at a time: ms per page (median, p95); one document at a time is
//     what a client sending one file sees, the pool's other threads idle (they help recognise a
//     receipt's lines, idle-help.ts);
//  2. scanned A4 pages: the first page of N corpus PDFs rendered at 300 dpi into an image-only PDF
//     (as a scanner makes them), one at a time: ms per page; plus the corpus photos and receipt scans;
//  3. everything at once through a pool sized to the cores, in a process of its own that does nothing
//     else (engine-memory.mjs), as the service's would: peak RSS of that process and its children
//     (native Tesseract runs as child processes), sampled every 50 ms from /proc. This process's own
//     memory (it rendered the scans above) is not the service's and is not counted.
// The machine should be otherwise idle; the numbers are for this machine kind (see docs/engine.md).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { corpusFiles, extractionRequest, limits } from './corpus.mjs';

const execFileAsync = promisify(execFile);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: resolve(root, '../shared/corpus') },
    scanned: { type: 'string', default: '6' },
    threads: { type: 'string', default: String(availableParallelism()) },
  },
});
const { ExtractionPool } = await import(join(root, 'dist/src/pipeline/extraction-pool.js'));
const { openPdf } = await import(join(root, 'dist/src/ingest/open-pdf.js'));
const { ocrEngineStatus } = await import(join(root, 'dist/src/pipeline/ocr/index.js'));
// The renderer OCR uses for scanned PDF pages makes the bench's scans, so they match what a scanner gives OCR.
const { renderPdfPage } = await import(join(root, 'dist/src/pipeline/ocr/render-pdf-page.js'));
const { fromGray } = await import(join(root, 'dist/src/pipeline/ocr/gray-image.js'));

const corpus = resolve(values.corpus);
const files = corpusFiles(corpus);

const engine = await ocrEngineStatus();
const receipts = engine.receipts ? `; receipt scans: ${engine.receipts.engine} ${engine.receipts.version}` : '';
console.log(`OCR engine: ${engine.engine} ${engine.version}, languages ${engine.languages.join('+')}${receipts}; MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'}; ${availableParallelism()} cores, pool of ${values.threads} threads`);

const pool = new ExtractionPool({ threads: Number(values.threads), timeoutMs: 600_000 });
try {
  const textPdfs = files.filter((f) => f.endsWith('.pdf'));
  const images = files.filter((f) => !f.endsWith('.pdf'));
  const scanned = await scannedPages(textPdfs.slice(0, Number(values.scanned) * 3).filter((_, i) => i % 3 === 0));

  // The first documents warm every thread (pdfjs, OCR engines and their models); they are not counted.
  const warmUp = async (file, name) => Promise.all(Array.from({ length: Number(values.threads) }, async () => pool.extract(await extractionRequest(readFileSync(file), name))));
  await warmUp(textPdfs[0], 'warm-up.pdf');
  // The first and last images: a photo and a receipt's scan here, so each engine has started.
  await warmUp(images[0], 'warm-up-image');
  await warmUp(images.at(-1), 'warm-up-image');

  report('text PDF pages', await perPage(pool, textPdfs.map((f) => ({ name: f, bytes: readFileSync(f) }))));
  report('scanned A4 pages (300 dpi, image-only PDF)', await perPage(pool, scanned));
  report('photos and receipt scans (per image)', await perPage(pool, images.map((f) => ({ name: f, bytes: readFileSync(f) }))));
} finally {
  await pool.close();
}

const memoryRun = execFileAsync(process.execPath, [join(root, 'bench/engine-memory.mjs'), '--corpus', corpus, '--threads', values.threads]);
const memory = startMemorySampler(memoryRun.child.pid);
const { documents, seconds } = JSON.parse((await memoryRun).stdout);
memory.stop();
console.log(`\nall ${documents} documents through ${values.threads} threads: ${seconds.toFixed(1)} s, peak RSS ${memory.peakMb()} MB (process + OCR children)`);

async function perPage(pool, documents) {
  const samples = [];
  for (const { name, bytes } of documents) {
    const t0 = performance.now();
    const result = await pool.extract(await extractionRequest(bytes, name)).catch((error) => ({ error }));
    if (result.error) continue;
    const ms = performance.now() - t0;
    const pages = result.outcome.pages;
    for (let i = 0; i < pages; i++) samples.push(ms / pages);
  }
  return samples;
}

function report(title, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  console.log(`${title}: ${sorted.length} pages, median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`);
}

/** The first page of each PDF as a scanner would deliver it: a 300 dpi grey JPEG in an image-only PDF. */
async function scannedPages(pdfFiles) {
  const out = [];
  for (const file of pdfFiles) {
    const pdf = await openPdf(readFileSync(file), limits);
    const page = await pdf.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    const rendered = await renderPdfPage(page, 300);
    await pdf.destroy();
    const jpeg = await fromGray(rendered.image).jpeg({ quality: 85 }).toBuffer();
    const scan = await PDFDocument.create();
    const image = await scan.embedJpg(jpeg);
    const sheet = scan.addPage([width, height]);
    sheet.drawImage(image, { x: 0, y: 0, width, height });
    out.push({ name: `${file} (scanned)`, bytes: Buffer.from(await scan.save()) });
  }
  return out;
}

/**
 * Peak RSS of process `pid` and everything it started. A child that still runs its parent's binary
 * is a fork that has not yet exec'd (Tesseract, here): its pages are its parent's, shared
 * copy-on-write, and counting them would count the parent twice (samples that caught a fork showed
 * a 300 MB "child").
 */
function startMemorySampler(pid) {
  let peak = 0;
  const sample = () => {
    const parents = new Map();
    for (const entry of readdirSync('/proc').filter((p) => /^\d+$/u.test(p))) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // The process ended while we looked.
      }
    }
    let kb = rssKb(pid);
    const tree = new Set([pid]);
    // Processes are listed in pid order, which is not always parent before child: repeat until stable.
    for (let grew = true; grew; ) {
      grew = false;
      for (const [child, parent] of parents) {
        if (tree.has(child) || !tree.has(parent)) continue;
        tree.add(child);
        grew = true;
        if (executable(child) !== executable(parent)) kb += rssKb(child);
      }
    }
    peak = Math.max(peak, kb);
  };
  const timer = setInterval(sample, 50);
  return { peakMb: () => (peak / 1024).toFixed(0), stop: () => clearInterval(timer) };
}

function executable(pid) {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
