import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { keepLargeBuffersOutOfArenas, releaseAfterDocument, returnFreedMemory } from './release-memory.js';

const linuxOnly = { skip: process.platform !== 'linux' };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const rssMb = () => Number(/VmRSS:\s+(\d+)/u.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

/** Frees every other chunk, so the freed ones lie between live ones; returns the live ones. */
async function freeEveryOther(count: number, bytes: number): Promise<Buffer[]> {
  const chunks: (Buffer | null)[] = Array.from({ length: count }, () => Buffer.alloc(bytes, 1));
  for (let i = 0; i < chunks.length; i += 2) chunks[i] = null;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  return chunks.filter((c): c is Buffer => c !== null);
}

test('memory freed between live allocations goes back to the system', linuxOnly, async () => {
  // 100 KB chunks come from an arena whatever the mmap threshold; free() alone never returns the
  // holes, because live chunks sit above them.
  const live = await freeEveryOther(3000, 100_000);
  const held = rssMb();
  assert.equal(returnFreedMemory(), true, 'malloc_trim is callable on glibc');
  const after = rssMb();
  // 150 MB were freed; most of it comes back (pages the allocator's headers share stay).
  assert.ok(held - after > 100, `RSS went from ${held.toFixed(0)} MB to ${after.toFixed(0)} MB`);
  assert.equal(live.length, 1500);
});

test('after a page-sized buffer is freed, later buffers of that size still go back on free', linuxOnly, async () => {
  // In a fresh process each time: the setting is for the whole process and cannot be undone.
  const script = `
    import { setFlagsFromString } from 'node:v8';
    import { runInNewContext } from 'node:vm';
    import { readFileSync } from 'node:fs';
    import { keepLargeBuffersOutOfArenas } from ${JSON.stringify(new URL('./release-memory.js', import.meta.url).href)};
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc');
    const rss = () => Number(/VmRSS:\\s+(\\d+)/u.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    if (process.argv[1] === 'tuned') keepLargeBuffersOutOfArenas();
    // A 20 MB page image, freed: glibc then raises its mmap threshold to 20 MB.
    let page = Buffer.alloc(20e6, 1); page = null; gc();
    const before = rss();
    // 2 MB buffers, every other one freed.
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(2e6, 1));
    for (let i = 0; i < chunks.length; i += 2) chunks[i] = null;
    gc(); await new Promise((r) => setTimeout(r, 100)); gc();
    console.log(rss() - before);
  `;
  const run = async (mode: string) => Number((await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, mode])).stdout);
  const [untuned, tuned] = await Promise.all([run('untuned'), run('tuned')]);
  // 100 MB stays live either way; untuned, the freed 100 MB stays in the arena too.
  assert.ok(untuned > 150, `untuned process kept ${untuned.toFixed(0)} MB`);
  assert.ok(tuned < 120, `tuned process kept ${tuned.toFixed(0)} MB`);
});

test('tuning the allocator is harmless to repeat', linuxOnly, () => {
  assert.equal(keepLargeBuffersOutOfArenas(), true);
  assert.equal(keepLargeBuffersOutOfArenas(), true);
});

test('a thread that a document left holding garbage collects it once the document is done', linuxOnly, async () => {
  // Garbage in the V8 heap and in array buffers, as a document's page images and words leave it.
  let garbage: unknown[] | null = Array.from({ length: 40 }, (_, i) => ({ pixels: new Uint8Array(2_000_000).fill(i), words: Array.from({ length: 5000 }, (__, k) => ({ text: `w${k}` })) }));
  garbage = null;
  const before = process.memoryUsage();
  assert.ok(before.arrayBuffers > 60e6, 'nothing collected the garbage yet');
  releaseAfterDocument();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = process.memoryUsage();
  assert.ok(after.arrayBuffers < before.arrayBuffers - 60e6, `array buffers ${(before.arrayBuffers / 1e6).toFixed(0)} → ${(after.arrayBuffers / 1e6).toFixed(0)} MB`);
  assert.equal(garbage, null);
});
