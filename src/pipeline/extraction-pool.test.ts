import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { textPdf } from '../../tests/helpers/fixtures.js';
import { BombFactory } from '../../tests/helpers/pdf-bombs.js';
import { countHelpedItems } from '../../tests/helpers/helped-items.js';
import { slowTextPage } from '../../tests/helpers/slow-page.js';
import { ExtractionPool, WORKER_ENTRY } from './extraction-pool.js';
import { receiptPng } from './ocr/ocr.cases.js';
import { probePaddleOcr } from './ocr/paddle-ocr.js';
import type { ExtractionRequest } from './types.js';

const request = (bytes: Buffer): ExtractionRequest => ({
  bytes,
  mediaType: 'application/pdf',
  filename: 'queued.pdf',
  hints: {},
  limits: { maxPages: 5, maxPixels: 1e8, maxDecodedBytes: 512 * 1024 * 1024, maxDecodedStreamBytes: 32 * 1024 * 1024 },
  ignoreEmbeddedXml: false,
});

test('the time limit counts processing, not the wait for a thread: a long queue does not time out', async () => {
  const pdf = await textPdf([['Invoice 1', 'Total 12.50 EUR']]);
  // How long one document takes here, once the thread has started.
  const probe = new ExtractionPool({ threads: 1, timeoutMs: 60_000 });
  const cold = Date.now();
  await probe.extract(request(pdf));
  // The first document of a pool also pays for starting its thread and loading pdfjs.
  const coldStart = Date.now() - cold;
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) await probe.extract(request(pdf));
  const perDocument = Math.max(5, (Date.now() - t0) / 3);
  await probe.close();

  // Each document has ten times what it needs (a second at least, and twice a cold start for the
  // first). The queue is sized to need about five times the limit; when the machine runs faster than
  // the probe measured, the queue is doubled until its last document waited past the limit, so the
  // test never depends on how fast this machine is.
  const timeoutMs = Math.max(1000, Math.round(perDocument * 10), 2 * coldStart);
  let documents = Math.ceil((5 * timeoutMs) / perDocument);
  const pool = new ExtractionPool({ threads: 1, timeoutMs });
  try {
    await pool.extract(request(pdf));
    for (;;) {
      const started = Date.now();
      const results = await Promise.allSettled(Array.from({ length: documents }, () => pool.extract(request(pdf))));
      assert.deepEqual(results.filter((r) => r.status === 'rejected'), [], `limit ${timeoutMs} ms`);
      if (Date.now() - started > timeoutMs) break;
      documents *= 2;
    }
  } finally {
    await pool.close();
  }
});

test('a dashboard page image is rendered in a thread within the time limit and the decoding budget', async () => {
  const page = (bytes: Buffer, maxDecodedBytes = 512 * 1024 * 1024) => ({ bytes, mediaType: 'application/pdf' as const, page: 1, limits: { maxPages: 5, maxPixels: 1e8, maxDecodedBytes, maxDecodedStreamBytes: 32 * 1024 * 1024 } });
  const pool = new ExtractionPool({ threads: 1, timeoutMs: 60_000 });
  try {
    const png = await pool.renderPage(page(await textPdf([['Invoice 1', 'Total 12.50 EUR']])));
    assert.equal(Buffer.from(png).subarray(1, 4).toString('latin1'), 'PNG');
    const bomb = new BombFactory(8 * 1024 * 1024).pdf({ filter: 'lzw', form: 'indirect', keyword: 'stream\r', padding: 5000, placement: 'content' });
    await assert.rejects(pool.renderPage(page(bomb, 2 * 1024 * 1024)), { code: 'file_too_large' });
    await assert.rejects(pool.renderPage({ ...page(await textPdf([['Invoice 1']])), page: 2 }), { code: 'not_found' });
  } finally {
    await pool.close();
  }
  const short = new ExtractionPool({ threads: 1, timeoutMs: 1000 });
  try {
    const started = Date.now();
    await assert.rejects(short.renderPage(page(slowTextPage(300_000))), { code: 'processing_failed' });
    assert.ok(Date.now() - started < 5000, `stopped after ${Date.now() - started} ms`);
  } finally {
    await short.close();
  }
});

test("a thread's entry can be required while the worker module is being imported (piscina requires it first)", () => {
  // What aborted a CI run: require() of the worker's ES module met an import() of it still linking.
  const script = `
    const pending = import(${JSON.stringify(new URL('./extraction.worker.js', import.meta.url).href)});
    // A turn later, when the import has begun linking.
    setTimeout(() => {
      const entry = require(${JSON.stringify(fileURLToPath(WORKER_ENTRY))});
      pending.then(() => typeof entry.default === 'function' ? console.log('loaded') : process.exit(2));
    });`;
  const child = spawnSync(process.execPath, ['--input-type=commonjs', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.trim(), 'loaded');
});

test('a receipt read while the other thread is idle is recognised by both', { skip: probePaddleOcr() ? false : 'PP-OCR is not installed' }, async (t) => {
  const pool = new ExtractionPool({ threads: 2, timeoutMs: 120_000 });
  t.after(() => pool.close());
  const receipt = { ...request(await receiptPng(Array.from({ length: 30 }, (_, i) => `Item ${i + 1} ${(i * 1.25).toFixed(2)}`))), mediaType: 'image/png' as const, filename: 'receipt.png' };
  // The first read loads the models in the thread that reads it, and in the other when it is first asked to help.
  const first = await pool.extract(receipt);
  const helped = countHelpedItems();
  t.after(() => helped.close());
  const second = await pool.extract(receipt);
  assert.ok((await helped.count()) > 0, 'the idle thread recognised no line');
  assert.match(second.outcome.raw_text ?? '', /Item 30/u);
  assert.equal(second.outcome.raw_text, first.outcome.raw_text);
});
