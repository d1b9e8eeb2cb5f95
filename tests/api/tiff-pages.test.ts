// Every page of a TIFF is held to LEDGERLENS_MAX_PIXELS before any page is decoded: a small first
// page says nothing of the pages after it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { fuzzParams } from '../helpers/fuzz-params.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';
import { tiffOfPages } from '../helpers/tiff.js';

const MAX_PIXELS = 1_000_000;

describe('TIFF pages and the pixel limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ maxPixels: MAX_PIXELS, maxPages: 6 });
  });
  after(() => server.close());

  const upload = (tiff: Buffer) => server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'scan.tiff', bytes: tiff }]) });
  const small = fc.record({ width: fc.integer({ min: 16, max: 300 }), height: fc.integer({ min: 16, max: 300 }) });
  // Just over the limit, up to 3× it: the decoded page would be what the limit exists to prevent.
  const large = fc.integer({ min: MAX_PIXELS + 1, max: 3 * MAX_PIXELS }).chain((pixels) =>
    fc.integer({ min: 500, max: 3000 }).map((width) => ({ width, height: Math.ceil(pixels / width) })),
  );

  test('a page past the limit anywhere after the first refuses the file with 413 file_too_large, naming the page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(small, { minLength: 1, maxLength: 4 }), large, fc.nat(), async (smalls, big, at) => {
        const position = 1 + (at % smalls.length);
        const pages = [...smalls.slice(0, position), big, ...smalls.slice(position)];
        const res = await upload(tiffOfPages(pages));
        assert.equal(res.status, 413, JSON.stringify(res.body));
        assert.equal(res.body.error.code, 'file_too_large');
        assert.match(res.body.error.message, new RegExp(`page ${position + 1} of the image is ${big.width}×${big.height} pixels`));
      }),
      fuzzParams(8, 0x7ff1),
    );
  });

  test('pages within the limit, of different sizes, are read', async () => {
    const res = await upload(tiffOfPages([{ width: 200, height: 100 }, { width: 1000, height: 1000 }, { width: 60, height: 90 }]));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.pages, 3);
  });
});
