import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rng } from '../../synth/prng.js';
import type { GrayImage } from './gray-image.js';
import { despeckled, isSpeckled, specksPerMillion } from './speckle.js';

/** A white 400×300 page with a 2 px wide stroke down the middle and `specks` single black pixels. */
function page(specks: number): GrayImage {
  const [width, height] = [400, 300];
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 50; y < 250; y++) data[y * width + 200] = data[y * width + 201] = 0;
  const rng = new Rng(3);
  for (let k = 0; k < specks; k++) {
    const [x, y] = [rng.int(10, 180), rng.int(10, 290)];
    data[y * width + x] = 0;
  }
  return { data, width, height };
}

test('a stroke is not a speck; single dark pixels are counted per million pixels', () => {
  assert.equal(specksPerMillion(page(0)), 0);
  const speckled = specksPerMillion(page(600));
  assert.ok(speckled > 4000 && speckled <= 5000, `${speckled}`);
});

test('only a page with more than a thousand specks per million pixels is filtered', () => {
  assert.equal(isSpeckled(page(60)), false);
  assert.equal(isSpeckled(page(600)), true);
});

test('filtering takes the specks away and keeps a 2 px stroke', async () => {
  const clean = await despeckled(page(600));
  assert.equal(specksPerMillion(clean), 0);
  const dark = (x: number, y: number) => clean.data[y * clean.width + x]! < 128;
  for (let y = 60; y < 240; y += 20) assert.ok(dark(200, y) && dark(201, y), `stroke broken at y=${y}`);
  let left = 0;
  for (let y = 0; y < clean.height; y++) for (let x = 0; x < 190; x++) if (dark(x, y)) left++;
  assert.ok(left < 10, `${left} dark pixels left of the stroke`);
});
