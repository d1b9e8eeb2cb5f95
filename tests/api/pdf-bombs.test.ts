// PDF decompression bombs of every shape (tests/helpers/pdf-bombs.ts) sent over HTTP: refused with
// 413 file_too_large by the decoding budget, the same shapes under the budget read normally, and
// the process's memory back near where it was. The budget is small here so each bomb is too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { textPdf } from '../helpers/fixtures.js';
import { BombFactory, bombShapes } from '../helpers/pdf-bombs.js';
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
