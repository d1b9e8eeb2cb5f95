// Native Tesseract (Debian's tesseract-ocr and its language packs), one child process per page.
// A process per page costs ~100 ms of start-up and model load, but a crash or a runaway page then
// takes nothing else down, and the memory goes back to the system when the page is done.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { recordProcess } from '../task-control.js';
import { PAGE_SEGMENTATION, THRESHOLDING_METHOD, type EngineWord, type OcrEngine, type RecognizeOptions } from './engine.js';
import { pgmHeader, type GrayImage } from './gray-image.js';

const run = promisify(execFile);
const BINARY = 'tesseract';
/** A page that takes this long is stuck; the child is killed. */
const PAGE_TIMEOUT_MS = 120_000;
/**
 * The same bound as CPU seconds, held by the child itself (RLIMIT_CPU, set by `ulimit -t` before
 * exec): the last resort should its thread and the main thread both be gone (a crash), since the
 * thread's timers and process handles go with it. A document stopped by its time limit kills its
 * child at once (task-control.ts). One thread per child (OMP_THREAD_LIMIT), so CPU seconds are at
 * most wall seconds.
 */
const PAGE_CPU_SECONDS = PAGE_TIMEOUT_MS / 1000;
// OpenMP made a page about twice as slow on 2 cores (bench/ocr-compare.mjs, throughput table):
// pages already run in parallel on the pool's threads.
const CHILD_ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

export interface NativeTesseractInfo {
  version: string;
  languages: string[];
}

/** Null when no tesseract binary can be run (it is optional: tesseract.js is the fallback). */
export async function probeNativeTesseract(): Promise<NativeTesseractInfo | null> {
  try {
    const [version, list] = await Promise.all([
      run(BINARY, ['--version'], { timeout: 10_000 }),
      run(BINARY, ['--list-langs'], { timeout: 10_000 }),
    ]);
    const firstLine = `${version.stdout}${version.stderr}`.split('\n')[0] ?? '';
    const codes = `${list.stdout}`.split('\n').slice(1).map((s) => s.trim()).filter(Boolean);
    return {
      version: firstLine.replace(/^tesseract\s+v?/i, '').trim() || 'unknown',
      // osd (orientation) and equ (equations) are not languages; orientation is found another way (read-page.ts).
      languages: codes.filter((c) => c !== 'osd' && c !== 'equ').sort(),
    };
  } catch {
    return null;
  }
}

export interface NativeTesseractLimits {
  /** CPU seconds a page may take before the kernel ends its Tesseract process. */
  cpuSeconds?: number;
}

export function nativeTesseract(info: NativeTesseractInfo, limits: NativeTesseractLimits = {}): OcrEngine {
  const cpuSeconds = limits.cpuSeconds ?? PAGE_CPU_SECONDS;
  return {
    name: 'tesseract',
    version: info.version,
    languages: info.languages,
    async recognize(image: GrayImage, options: RecognizeOptions): Promise<EngineWord[]> {
      const args = ['stdin', 'stdout', '-l', options.languages.join('+'), '--psm', PAGE_SEGMENTATION[options.layout ?? 'auto']];
      if (options.dpi) args.push('--dpi', String(Math.round(options.dpi)));
      // -c rather than the "tsv" config name: config files are looked up in the tessdata folder.
      args.push('-c', 'tessedit_create_tsv=1');
      if (options.threshold) args.push('-c', `thresholding_method=${THRESHOLDING_METHOD[options.threshold]}`);
      const tsv = await runTesseract(args, image, cpuSeconds, options.signal);
      return parseTsv(tsv);
    },
  };
}

function runTesseract(args: string[], image: GrayImage, cpuSeconds: number, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    // sh sets the limit and execs Tesseract in its place: same process, so the timeout and the
    // abort signal below reach Tesseract itself.
    const child = spawn('/bin/sh', ['-c', 'ulimit -t "$1" && shift && exec "$@"', 'sh', String(Math.ceil(cpuSeconds)), BINARY, ...args], {
      env: CHILD_ENV,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: PAGE_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      ...(signal ? { signal } : {}),
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 2000) err += chunk.toString('utf8');
    });
    // A child that dies early closes stdin under us; the exit code tells the real story.
    child.stdin.on('error', () => {});
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const why = killedBy ? `was killed (${killedBy})` : `exited with ${code}`;
      reject(new Error(`tesseract ${why}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
    if (child.pid === undefined) return; // not started: 'error' says why
    try {
      child.once('exit', recordProcess(child.pid));
    } catch (error) {
      // The document was stopped while this page was starting.
      child.kill('SIGKILL');
      reject(error as Error);
      return;
    }
    // Header and pixels as two writes: one PGM buffer would copy the page (12 MB for a large photo).
    child.stdin.write(pgmHeader(image));
    child.stdin.end(image.data);
  });
}

/** TSV columns: level page block par line word left top width height conf text; level 5 is a word. */
export function parseTsv(tsv: string): EngineWord[] {
  const words: EngineWord[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const [left, top, width, height, conf] = cells.slice(6, 11).map(Number) as [number, number, number, number, number];
    words.push({ text, x0: left, y0: top, x1: left + width, y1: top + height, confidence: Math.min(1, Math.max(0, conf / 100)) });
  }
  return words;
}
