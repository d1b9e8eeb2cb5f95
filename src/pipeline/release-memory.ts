// Makes the C allocator give back to the system what extraction frees. Without this, memory freed
// by pdfjs, Skia, libvips and the page buffers stayed with the process: with two extraction threads
// heaptrack saw 186 MB in use while the process held 650–690 MB (docs/engine.md, Memory and time).
//
// Two glibc behaviours hold on to it. Its mmap threshold rises to the size of the largest buffer
// freed (up to 32 MB), after which buffers of a page's size come from an arena, not from mmap, and
// each arena (16 on 2 cores) keeps up to twice that threshold when freed; and memory freed below a
// live allocation stays in its arena. A fixed 1 MB threshold keeps page-sized buffers in mmap, which
// gives them back on free; malloc_trim(0) after each document returns the free pages of every arena.
//
// Node has no binding for mallopt or malloc_trim; koffi (FFI, prebuilt for each platform in its npm
// packages) calls them. MALLOC_MMAP_THRESHOLD_ in the environment would do the first, but only if
// every way of starting the service set it. Elsewhere than glibc (musl, macOS) nothing happens.
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Allocations at least this large get pages of their own (mmap), returned to the system on free. */
const MMAP_THRESHOLD_BYTES = 1024 * 1024;
/** mallopt's parameter number for the mmap threshold (malloc.h). */
const M_MMAP_THRESHOLD = -3;

interface Glibc {
  mallopt(param: number, value: number): number;
  mallocTrim(pad: number): number;
}

let glibc: Glibc | null | undefined;

/**
 * Fixes the mmap threshold for the whole process. Call once before the extraction threads start.
 * Returns false where there is no glibc to tune.
 */
export function keepLargeBuffersOutOfArenas(): boolean {
  const c = loadGlibc();
  return c ? c.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) === 1 : false;
}

/** Returns the free pages of every arena to the system; false where there is no glibc. */
export function returnFreedMemory(): boolean {
  const c = loadGlibc();
  return c ? c.mallocTrim(0) >= 0 : false;
}

function loadGlibc(): Glibc | null {
  if (glibc !== undefined) return glibc;
  glibc = null;
  if (process.platform !== 'linux') return glibc;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    glibc = {
      mallopt: libc.func('int mallopt(int param, int value)') as Glibc['mallopt'],
      mallocTrim: libc.func('int malloc_trim(size_t pad)') as Glibc['mallocTrim'],
    };
  } catch {
    // Not glibc (musl has neither libc.so.6 nor malloc_trim), or koffi has no build for this platform.
  }
  return glibc;
}

/**
 * After a document: gives back what the C allocator holds free now, and when the thread's V8 heap
 * and array buffers still hold more than a few pages' worth, collects them once the reply has gone.
 * V8 left them to its next collection, which came only during a later document, so each thread
 * carried its last document's garbage into the next one: in the bench's memory run two threads
 * each sat 60–80 MB above what they held after a collection (docs/engine.md, Memory and time).
 * A full collection takes 20–30 ms here, as long as a whole text page, so documents that left
 * little (text PDFs) skip it.
 */
export function releaseAfterDocument(): void {
  returnFreedMemory();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  if (heapUsed + arrayBuffers < COLLECT_ABOVE_BYTES) return;
  setImmediate(() => void collectGarbage().then(returnFreedMemory));
}

/** A thread holds 25–45 MB of V8 heap between documents after a collection (bench/engine-memory.mjs). */
const COLLECT_ABOVE_BYTES = 64 * 1024 * 1024;

let gc: (() => void) | undefined;

/**
 * A full collection now, for after a document that dropped large array buffers (a refused
 * decompression bomb): they live outside the V8 heap, which is small, so no collection would come
 * soon, and the thread would sit on them until its next document. V8 frees them on a sweeper
 * thread shortly after the collection; the short wait lets that happen before the caller trims.
 */
export async function collectGarbage(): Promise<void> {
  if (!gc) {
    // --expose-gc set at run time only reaches contexts created after it: a fresh one hands it out.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  await sleep(SWEEP_WAIT_MS);
}

/** Long enough for V8's sweeper to free a few hundred MB of array buffers (measured: well under 100 ms). */
const SWEEP_WAIT_MS = 100;
