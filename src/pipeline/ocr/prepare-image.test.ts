import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { readImageWords } from './index.js';
import { prepareImagePages } from './prepare-image.js';
import { MAX_OCR_PIXELS } from './read-page.js';

/** A white page of `width` × `height` pixels with a black bar, as a JPEG carrying `orientation`. */
async function page(width: number, height: number, orientation = 1): Promise<Buffer> {
  const bar = await sharp({ create: { width: Math.round(width / 2), height: 40, channels: 3, background: '#000000' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: bar, left: 10, top: 10 }])
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();
}

async function firstPage(bytes: Buffer) {
  const first = await prepareImagePages(bytes, 'image/jpeg').next();
  assert.ok(!first.done);
  return first.value;
}

describe('preparing an image page', () => {
  it('leaves an image OCR reads whole at its own size', async () => {
    const prepared = await firstPage(await page(2000, 3000));
    assert.deepEqual([prepared.image.width, prepared.image.height, prepared.unitsScale], [2000, 3000, 1]);
  });

  it('decodes an image larger than OCR ever reads straight to that size, and says by how much', async () => {
    const prepared = await firstPage(await page(6000, 4000));
    const pixels = prepared.image.width * prepared.image.height;
    assert.ok(pixels <= MAX_OCR_PIXELS && pixels > MAX_OCR_PIXELS * 0.99, `${prepared.image.width}×${prepared.image.height}`);
    assert.ok(Math.abs(prepared.unitsScale - prepared.image.width / 6000) < 1e-9);
    assert.ok(prepared.image.width > prepared.image.height, 'the landscape page stays landscape');
  });

  it('shrinks a page its EXIF orientation stands upright by its upright width', async () => {
    const prepared = await firstPage(await page(6000, 4000, 6));
    assert.ok(prepared.image.height > prepared.image.width, 'turned to portrait');
    assert.ok(prepared.image.width * prepared.image.height <= MAX_OCR_PIXELS);
    assert.ok(Math.abs(prepared.unitsScale - prepared.image.width / 4000) < 1e-9);
  });

  it('reports the page size in the uploaded image\'s pixels when it was decoded smaller', async () => {
    // The page holds almost no ink, so OCR stops at "looks blank" and the size comes straight from the prepared page.
    const bytes = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const { pages } = await readImageWords(bytes, 'image/jpeg');
    assert.ok(Math.abs(pages[0]!.width - 6000) <= 1 && Math.abs(pages[0]!.height - 4000) <= 1, `${pages[0]!.width}×${pages[0]!.height}`);
  });
});
