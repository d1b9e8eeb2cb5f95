// The PP-OCR engine (paddle-ocr.ts) on generated lines: skipped where onnxruntime-node or the model
// packages are not installed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { countHelpedItems } from '../../../tests/helpers/helped-items.js';
import { toGray } from './gray-image.js';
import { closeOcr, ocrEngineStatus, readImageWords } from './index.js';
import { linePng, receiptPng } from './ocr.cases.js';
import { blankColumns, boxesFromMap, decodeLine, detectLines, englishDictionary, loadModels, paddleOcr, probePaddleOcr, readImage } from './paddle-ocr.js';

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

/** Greedy-decodable probabilities: each character of `text` at its time step, blank elsewhere. */
function spikes(text: string, at: readonly number[], steps: number) {
  const dict = englishDictionary();
  const classes = dict.length + 2;
  const probs = new Float32Array(steps * classes);
  for (let t = 0; t < steps; t++) probs[t * classes] = 1;
  [...text].forEach((ch, i) => {
    probs[at[i]! * classes] = 0;
    probs[at[i]! * classes + 1 + dict.indexOf(ch)] = 0.9;
  });
  return { probs, classes, dictionary: ['', ...dict, ' '] };
}

/** A crop's blank columns: ink everywhere but the given runs of [from, to) columns. */
function blanks(width: number, runs: readonly [number, number][]) {
  const blank = new Uint8Array(width);
  for (const [from, to] of runs) blank.fill(1, from, to);
  return { middle: blank, whole: blank };
}

test('decoding: white in the print between two characters splits a word the recogniser read without its space', () => {
  // "16/02/2018 12:04" as read without its space: characters every 3 steps (8 crop columns a step),
  // 6 before "12", with 30 white columns between "8" and "1".
  const text = '16/02/201812:04';
  const at = [5, 9, 11, 14, 17, 20, 23, 26, 30, 33, 39, 42, 45, 47, 51];
  const steps = 56;
  const { probs, classes, dictionary } = spikes(text, at, steps);
  const box = { x0: 100, y0: 10, x1: 100 + steps * 8, y1: 58 };
  const line = decodeLine(probs, steps, classes, dictionary, classes - 1, box, 8, { blank: blanks(steps * 8, [[270, 300]]), cropStep: 8 });
  assert.deepEqual(line.words.map((w) => w.text), ['16/02/2018', '12:04']);
  // Boxed from the time steps: the date ends before the time starts, both inside the line.
  assert.ok(line.words[0]!.x1 <= line.words[1]!.x0, JSON.stringify(line.words));
  assert.equal(line.words[0]!.x0, 100 + 4.5 * 8);
  assert.ok(Math.abs(line.words[0]!.confidence - 0.9) < 1e-6);
  // Letters' white (6 columns) does not split, nor does white around a mark between figures (the first slash).
  const letters = decodeLine(probs, steps, classes, dictionary, classes - 1, box, 8, { blank: blanks(steps * 8, [[270, 276], [80, 110]]), cropStep: 8 });
  assert.deepEqual(letters.words.map((w) => w.text), [text]);
  // Between figures a monospaced 1's white (18 columns) does not split "12.00"; a whole cell does.
  const figures = spikes('12.00', [2, 6, 8, 10, 12], 16);
  const amount = (run: [number, number]) => decodeLine(figures.probs, 16, figures.classes, figures.dictionary, figures.classes - 1, { x0: 0, y0: 0, x1: 128, y1: 48 }, 8, { blank: blanks(128, [run]), cropStep: 8 }).words.map((w) => w.text);
  assert.deepEqual(amount([22, 40]), ['12.00']);
  assert.deepEqual(amount([20, 50]), ['1', '2.00']);
  // Without the crop's columns only the recogniser's spaces count.
  assert.deepEqual(decodeLine(probs, steps, classes, dictionary, classes - 1, box, 8).words.map((w) => w.text), [text]);
});

test('decoding: white seen only in the middle of the print splits only when it is wide', () => {
  const text = 'SELANGOR';
  const at = [2, 5, 8, 11, 14, 17, 20, 23];
  const steps = 28;
  const { probs, classes, dictionary } = spikes(text, at, steps);
  const box = { x0: 0, y0: 0, x1: steps * 8, y1: 48 };
  // The L's foot: 18 columns white in the middle of the print, 5 over the whole of it.
  const middle = new Uint8Array(steps * 8);
  middle.fill(1, 70, 88);
  const whole = new Uint8Array(steps * 8);
  whole.fill(1, 83, 88);
  assert.deepEqual(decodeLine(probs, steps, classes, dictionary, classes - 1, box, 8, { blank: { middle, whole }, cropStep: 8 }).words.map((w) => w.text), ['SELANGOR']);
  middle.fill(1, 64, 92);
  assert.deepEqual(decodeLine(probs, steps, classes, dictionary, classes - 1, box, 8, { blank: { middle, whole }, cropStep: 8 }).words.map((w) => w.text), ['SEL', 'ANGOR']);
});

test('blank columns: the white between two ink strokes, in the middle rows and over the print', () => {
  const width = 40;
  const height = 48;
  const data = new Uint8Array(width * height).fill(250);
  const stroke = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = y0; y < y1; y++) data.fill(20, y * width + x0, y * width + x1);
  };
  stroke(2, 6, 10, 38); // a stem
  stroke(2, 20, 34, 38); // its foot, low in the print
  stroke(26, 30, 10, 38); // the next stem
  const { middle, whole } = blankColumns({ data, width, height });
  assert.deepEqual([...middle.subarray(6, 26)], new Array(20).fill(1));
  assert.deepEqual([...whole.subarray(6, 20)], new Array(14).fill(0));
  assert.deepEqual([...whole.subarray(20, 26)], new Array(6).fill(1));
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

const installed = probePaddleOcr({}) ? false : 'onnxruntime-node or the PP-OCR model packages are not installed';

test('a receipt\'s scan is read by PP-OCR, and the start-up report says so', { skip: installed }, async (t) => {
  t.after(closeOcr);
  assert.equal((await ocrEngineStatus()).receipts?.engine, 'paddle');
  const read = await readImageWords(await receiptPng(['Sunrise Mart', 'Jalan Maju 12', '01/03/2018', 'Bread 7.00', 'Milk 6.90', 'TOTAL 13.90', 'Cash 20.00', 'Change 6.10']), 'image/png');
  assert.equal(read.engine, 'paddle');
  const words = read.pages[0]!.words.map((w) => w.text);
  for (const word of ['TOTAL', '13.90', '01/03/2018', 'Change']) assert.ok(words.includes(word), JSON.stringify(words));
});

test('a page taller than a detection band is detected in bands, every line once', { skip: installed }, async () => {
  // 520 px wide, ~4700 tall: detected at half scale, 288 columns, three bands of 1024 rows.
  const lines = Array.from({ length: 70 }, (_, i) => `ITEM${String(i).padStart(2, '0')}`);
  const image = await toGray(sharp(await receiptPng(lines)));
  const boxes = await detectLines(await loadModels(probePaddleOcr({})!), image);
  // Each line's text stands from ~30 px above its baseline (60 + 64 i) to ~5 below.
  const middles = boxes.map((b) => (b.y0 + b.y1) / 2);
  assert.equal(boxes.length, lines.length, JSON.stringify(middles.map(Math.round)));
  middles.forEach((middle, i) => assert.ok(Math.abs(middle - (60 + 64 * i - 13)) < 12, `line ${i} at ${middle}`));
});

test('a German receipt goes back to the engine of its languages, which writes its letters', { skip: installed }, async (t) => {
  t.after(closeOcr);
  const read = await readImageWords(await receiptPng(['Bäckerei Möller', 'Hauptstraße 4', '01.03.2024', 'Brötchen 1,80', 'Summe 1,80', 'Gegeben 2,00', 'Rückgeld 0,20', 'MwSt 7% 0,12']), 'image/png', ['de']);
  assert.notEqual(read.engine, 'paddle');
});

test('a forced engine reads receipts too', { skip: installed }, async (t) => {
  const before = process.env.LEDGERLENS_OCR_ENGINE;
  process.env.LEDGERLENS_OCR_ENGINE = 'tesseract.js';
  t.after(async () => {
    if (before === undefined) delete process.env.LEDGERLENS_OCR_ENGINE;
    else process.env.LEDGERLENS_OCR_ENGINE = before;
    await closeOcr();
  });
  assert.equal((await ocrEngineStatus()).receipts, null);
  assert.equal((await readImageWords(await receiptPng(['Sunrise Mart', 'TOTAL 13.90', 'Cash 20.00', 'Change 6.10']), 'image/png')).engine, 'tesseract.js');
});

test('an idle thread recognises some of a page\'s lines: the same words in the same boxes', { skip: installed }, async (t) => {
  const image = await toGray(sharp(await receiptPng(Array.from({ length: 24 }, (_, i) => `Item ${i + 1} ${(i * 1.25).toFixed(2)}`))));
  const models = await loadModels(probePaddleOcr({})!);
  const alone = await readImage(models, image);
  // A pool thread as extraction.worker.ts makes it, its models loaded.
  const helper = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    Promise.all([import(workerData.paddle), import(workerData.help)]).then(async ([paddle, help]) => {
      await paddle.loadModels(paddle.probePaddleOcr({}));
      help.offerIdleHelp();
      // A pool's thread is kept alive by its pool; this one by a timer.
      setInterval(() => {}, 1 << 30);
      parentPort.postMessage('ready');
    });`,
    { eval: true, workerData: { paddle: new URL('./paddle-ocr.js', import.meta.url).href, help: new URL('../idle-help.js', import.meta.url).href } },
  );
  t.after(() => helper.terminate());
  await new Promise((ready) => helper.once('message', ready));
  const helped = countHelpedItems();
  t.after(() => helped.close());
  const shared = await readImage(models, image);
  assert.deepEqual(shared, alone);
  assert.ok((await helped.count()) > 0, 'the idle thread read no line');
});
