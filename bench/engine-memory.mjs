#!/usr/bin/env node
// The memory run of `npm run bench` (engine-bench.mjs starts it and measures it from outside):
// every document of the corpus at once through the service's worker pool, in a process that does
// nothing else, as the service's process would. Prints the seconds it took.
//
//   node bench/engine-memory.mjs --corpus ../shared/corpus --threads 2
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusFiles, extractionRequest } from './corpus.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: resolve(root, '../shared/corpus') },
    threads: { type: 'string', default: String(availableParallelism()) },
  },
});
const { ExtractionPool } = await import(join(root, 'dist/src/pipeline/extraction-pool.js'));
const files = corpusFiles(resolve(values.corpus));
const pool = new ExtractionPool({ threads: Number(values.threads), timeoutMs: 600_000 });
const started = Date.now();
try {
  // All at once, as uploads arrive: the pool queues what its threads cannot take yet.
  await Promise.all(files.map(async (f) => pool.extract(await extractionRequest(readFileSync(f), f)).catch(() => undefined)));
} finally {
  await pool.close();
}
console.log(JSON.stringify({ documents: files.length, seconds: (Date.now() - started) / 1000 }));
