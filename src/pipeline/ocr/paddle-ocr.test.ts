// The PP-OCR engine (paddle-ocr.ts) on generated lines: skipped where onnxruntime-node or the model
// packages are not installed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { toGray } from './gray-image.js';
import { linePng } from './ocr.cases.js';
import { boxesFromMap, decodeLine, englishDictionary, paddleOcr, probePaddleOcr } from './paddle-ocr.js';

const LINE = 'Invoice No. 12345 Total: $1,234.56 (05/01/2024)';

test('detection: a region above the threshold becomes one box, grown by the unclip distance', () => {
  const w = 64;
  const h = 32;
  const map = new Float32Array(w * h);
  for (let y = 10; y < 20; y++) for (let x = 8; x < 48; x++) map[y * w + x] = 0.9;
  // A faint blob (mean below the box threshold) is dropped.
  for (let y = 24; y < 30; y++) for (let x = 4; x < 12; x++) map[y * w + x] = 0.4;
  const boxes = boxesFromMap(map, w, h);
  assert.equal(boxes.length, 1);
  const [box] = boxes;
  // 40 × 10: d = 400 × 1.6 / 100 = 6.4
  assert.deepEqual([box!.x0, box!.y0, box!.x1, box!.y1].map((v) => Math.round(v * 10) / 10), [1.6, 3.6, 54.4, 26.4]);
});

test('the English dictionary is PaddleOCR en_dict.txt: 95 classes, digits first, space last', () => {
  const dict = englishDictionary();
  assert.equal(dict.length, 95);
  assert.equal(dict.slice(0, 11).join(''), '0123456789:');
  assert.equal(dict.at(-2), '/');
  assert.equal(dict.at(-1), ' ');
});

test('decoding: a gap of twice the usual character step splits a word the recogniser read without its space', () => {
  // "16/02/2018 12:04" as the English recogniser read it off sroie_157: characters every 3 steps, 6 before "12".
  const text = '16/02/201812:04';
  const at = [5, 9, 11, 14, 17, 20, 23, 26, 30, 33, 39, 42, 45, 47, 51];
  const dict = englishDictionary();
  const classes = dict.length + 2;
  const steps = 56;
  const probs = new Float32Array(steps * classes);
  for (let t = 0; t < steps; t++) probs[t * classes] = 1;
  [...text].forEach((ch, i) => {
    probs[at[i]! * classes] = 0;
    probs[at[i]! * classes + 1 + dict.indexOf(ch)] = 0.9;
  });
  const line = decodeLine(probs, steps, classes, ['', ...dict, ' '], classes - 1, { x0: 100, y0: 10, x1: 100 + steps * 8, y1: 58 }, 8);
  assert.deepEqual(line.words.map((w) => w.text), ['16/02/2018', '12:04']);
  // Boxed from the time steps: the date ends before the time starts, both inside the line.
  assert.ok(line.words[0]!.x1 <= line.words[1]!.x0, JSON.stringify(line.words));
  assert.equal(line.words[0]!.x0, 100 + 4.5 * 8);
  assert.ok(Math.abs(line.words[0]!.confidence - 0.9) < 1e-6);
});

for (const recogniser of ['en', 'ch'] as const) {
  const info = probePaddleOcr({ LEDGERLENS_PADDLE_REC: recogniser });
  test(`paddle (${recogniser}): a generated line comes back word for word, boxes left to right`, { skip: info ? false : 'onnxruntime-node or the PP-OCR model packages are not installed' }, async () => {
    const image = await toGray(sharp(await linePng(LINE)));
    const words = await paddleOcr(info!).recognize(image, { languages: ['eng'] });
    const wanted = LINE.split(' ');
    // The Chinese-trained recogniser leaves out a space now and then; the English one must not.
    if (recogniser === 'en') assert.deepEqual(words.map((w) => w.text), wanted);
    else assert.equal(words.map((w) => w.text).join(''), wanted.join(''));
    for (const w of words) {
      assert.ok(0 <= w.x0 && w.x0 < w.x1 && w.x1 <= image.width && 0 <= w.y0 && w.y0 < w.y1 && w.y1 <= image.height, JSON.stringify(w));
      assert.ok(w.confidence > 0.5 && w.confidence <= 1, JSON.stringify(w));
      // The text is drawn from y = 100 - ~36 to ~100 + 10 (DejaVu Sans, 48 px, baseline 100).
      assert.ok(w.y0 < 70 && w.y1 > 100, JSON.stringify(w));
    }
    for (let i = 1; i < words.length; i++) assert.ok(words[i - 1]!.x1 <= words[i]!.x0 + 4, `${words[i - 1]!.text} before ${words[i]!.text}`);
    // The line starts at x = 40 of the 1600-px strip.
    assert.ok(Math.abs(words[0]!.x0 - 40) < 15, `first word starts at ${words[0]!.x0}`);
  });
}
