// PDF decompression bombs of every shape (tests/helpers/pdf-bombs.ts) sent over HTTP: refused with
// 413 file_too_large by the decoding budget, the same shapes under the budget read normally, each
// refused while the process grows little, and the process's memory back near where it was. The
// budget is small here so each bomb is too, except where the memory is measured.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { textPdf } from '../helpers/fixtures.js';
import { rawPdf, stream } from '../helpers/hostile-files.js';
import { BombFactory, bombShapes, type BombFilter } from '../helpers/pdf-bombs.js';
import { fuzzParams } from '../helpers/fuzz-params.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const BUDGET = 2 * 1024 * 1024;

describe('PDF decompression bombs', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ maxDecodedBytes: BUDGET });
  });
  after(() => server.close());

  const upload = (pdf: Buffer) => server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'bomb.pdf', bytes: pdf }]) });

  test('a stream decoding past the budget, in any filter, keyword spelling, filter form, padding or place, is refused with 413 file_too_large', async () => {
    const bombs = new BombFactory(3 * BUDGET);
    await fc.assert(
      fc.asyncProperty(bombShapes(), async (shape) => {
        const res = await upload(bombs.pdf(shape));
        assert.equal(res.status, 413, `${JSON.stringify(shape)}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.error.code, 'file_too_large');
        assert.match(res.body.error.message, /decompression bomb/);
      }),
      fuzzParams(24, 0x1b0b),
    );
  });

  test('the same shapes decoding well within the budget are read', async () => {
    // Every decoding counts: the text layer, the render for the page hash and the pdfjs buffers
    // rounded up to powers of two take a page's content several times over.
    const small = new BombFactory(BUDGET / 16);
    await fc.assert(
      fc.asyncProperty(bombShapes(), async (shape) => {
        const res = await upload(small.pdf(shape));
        assert.equal(res.status, 200, `${JSON.stringify(shape)}: ${JSON.stringify(res.body)}`);
      }),
      fuzzParams(6, 0x5a11),
    );
  });

  test('with the default limits, a 1 GiB bomb of each filter is refused while the process grows less than 150 MB more than a file of its size does', async (t) => {
    const defaults = await startTestServer();
    try {
      const send = (pdf: Buffer) => defaults.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'bomb.pdf', bytes: pdf }]) });
      assert.equal((await send(await textPdf([['Invoice 1', 'Total 12.50 EUR']]))).status, 200);
      const bombs = new BombFactory(1024 * 1024 * 1024);
      const filters: BombFilter[] = ['flate', 'flate-twice', 'flate-stored-endstream', 'hex-flate', 'lzw', 'runlength'];
      for (const filter of filters) {
        const bomb = bombs.pdf({ filter, form: 'indirect', keyword: 'stream\r', padding: 5000, placement: 'content' });
        // The upload, the thread's copy and pdfjs's take a file's size several times over, whatever it decodes to.
        const plain = await peakGrowth(() => send(plainPdfOfSize(bomb.length)));
        let status = 0;
        const grown = await peakGrowth(async () => ({ status } = await send(bomb)));
        t.diagnostic(`${filter}: ${Math.round(bomb.length / 1024)} KB, refused ${status}, peak +${mb(grown)} MB; a plain file of its size +${mb(plain)} MB`);
        assert.equal(status, 413, filter);
        assert.ok(grown - plain < 150 * 1024 * 1024, `${filter}: the process grew ${mb(grown)} MB, a plain file of its size ${mb(plain)} MB`);
      }
    } finally {
      await defaults.close();
    }
  });

  test('a 1 GiB bomb against a budget of 256 MiB: refused, and the process is back near its memory level', async () => {
    // A budget large enough that memory left behind would show, as it did before (RSS stayed GBs up).
    const large = await startTestServer({ maxDecodedBytes: 256 * 1024 * 1024 });
    try {
      const send = (pdf: Buffer) => large.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'bomb.pdf', bytes: pdf }]) });
      assert.equal((await send(await textPdf([['Invoice 1', 'Total 12.50 EUR']]))).status, 200);
      const before = process.memoryUsage().rss;
      const res = await send(new BombFactory(1024 * 1024 * 1024).pdf({ filter: 'flate', form: 'indirect', keyword: 'stream\r', padding: 5000, placement: 'content' }));
      assert.equal(res.status, 413, JSON.stringify(res.body));
      const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
      assert.ok(grown < 100, `RSS grew by ${grown.toFixed(0)} MB`);
    } finally {
      await large.close();
    }
  });
});

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** How far the process's RSS rose above its level while `work` ran, sampled every 10 ms. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  // Settle: the previous request's buffers are let go before the level is taken.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const level = process.memoryUsage().rss;
  let peak = level;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - level;
}

/** A one-page invoice PDF of about `bytes`, the rest an unfiltered stream nothing refers to: nothing to decode. */
function plainPdfOfSize(bytes: number): Buffer {
  const text = Buffer.from('BT /F1 12 Tf 50 780 Td (Invoice 2024-77) Tj 0 -16 Td (Total 12.50 EUR) Tj ET');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    stream(text),
    stream(randomBytes(Math.max(0, bytes - 600))),
  ]);
}
