import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { textPdf } from '../../tests/helpers/fixtures.js';
import { isLargePage } from './large-page.js';

const blank = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: 'white' } })[format]().toBuffer();

test('an image is large when its header says more pixels than OCR reads; nothing else is', async () => {
  assert.equal(isLargePage(await blank(4961, 7016, 'jpeg'), 'image/jpeg'), true); // a 35 MP receipt scan
  assert.equal(isLargePage(await blank(6000, 3000, 'png'), 'image/png'), true);
  assert.equal(isLargePage(await blank(4000, 3000, 'jpeg'), 'image/jpeg'), false); // a 12 MP phone photo
  assert.equal(isLargePage(await textPdf([['Invoice 1']]), 'application/pdf'), false);
  assert.equal(isLargePage(Buffer.from('not an image at all'), 'image/png'), false);
});
