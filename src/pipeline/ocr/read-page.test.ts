import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EngineWord } from './engine.js';
import { parseTsv } from './native-tesseract.js';
import { chooseScale, isReceiptScan, pageLayout, sidewaysTurn } from './read-page.js';

test('Tesseract TSV: word rows only, confidence on 0..1, tabs inside text kept', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '1\t1\t0\t0\t0\t0\t0\t0\t1200\t600\t-1\t',
    '4\t1\t1\t1\t1\t0\t64\t70\t400\t38\t-1\t',
    '5\t1\t1\t1\t1\t1\t64\t70\t192\t38\t96.5\tRechnung',
    '5\t1\t1\t1\t1\t2\t270\t70\t60\t38\t0\t ',
    '5\t1\t1\t1\t1\t3\t340\t71\t90\t37\t100\t1.234,56',
  ].join('\n');
  assert.deepEqual(parseTsv(tsv), [
    { text: 'Rechnung', x0: 64, y0: 70, x1: 256, y1: 108, confidence: 0.965 },
    { text: '1.234,56', x0: 340, y0: 71, x1: 430, y1: 108, confidence: 1 },
  ]);
});

test('scale: small text is brought up, large photos capped unless that makes the text too small, pixels bounded', () => {
  const a4 = { width: 2480, height: 3508 };
  assert.equal(chooseScale(a4, 20), 1, 'body text of a 300 dpi scan is left alone');
  assert.ok(Math.abs(chooseScale({ width: 461, height: 933 }, 9) - 24 / 9) < 1e-9, 'a small receipt scan is enlarged');
  assert.equal(chooseScale({ width: 200, height: 100 }, 3), 3, 'at most 3×');
  assert.ok(Math.abs(chooseScale({ width: 6000, height: 4000 }, 60, 3000) - 0.5) < 1e-9, 'a big photo with big text is capped at its long-side limit');
  assert.ok(Math.abs(chooseScale({ width: 6000, height: 4000 }, 30, 3000) - 0.8) < 1e-9, 'but not so far that its text falls below the target');
  const huge = chooseScale({ width: 8000, height: 8000 }, 8);
  assert.ok(8000 * 8000 * huge * huge <= 16_000_001, 'pixel budget');
});

const word = (text: string, x0: number, y0: number, x1: number, y1: number): EngineWord => ({ text, x0, y0, x1, y1, confidence: 0.9 });

test('words standing on end mean the page lies on its side; their order says which way', () => {
  const down = [word('Rechnung', 500, 100, 540, 400), word('Nummer', 500, 420, 540, 700), word('Summe', 400, 100, 440, 300)];
  assert.equal(sidewaysTurn(down), 270);
  const up = [word('Rechnung', 500, 400, 540, 700), word('Nummer', 500, 100, 540, 380)];
  assert.equal(sidewaysTurn(up), 90);
  const upright = [word('Rechnung', 100, 100, 400, 140), word('Nummer', 420, 100, 700, 140), word('x', 0, 0, 1, 9)];
  assert.equal(sidewaysTurn(upright), undefined);
});

test('a narrow column of text (a till receipt) is read as one block; a page-wide text is left to block finding', () => {
  assert.equal(pageLayout({ lineHeight: 25, lineLength: 600 }), 'column', 'a receipt scan: 24 line heights wide');
  assert.equal(pageLayout({ lineHeight: 64, lineLength: 1500 }), 'column', 'a receipt on an A4 scan: the column, not the sheet, counts');
  assert.equal(pageLayout({ lineHeight: 26, lineLength: 2100 }), 'auto', 'an A4 invoice at 300 dpi: 80 line heights wide');
  assert.equal(pageLayout({ lineLength: 600 }), 'auto', 'no line height measured: no claim about the layout');
});

test('a receipt scan for PP-OCR: a narrow column of level lines on an upright page taller than wide, no dark surroundings', () => {
  const geometry = { ink: 0.05, lineAngle: 0, otherAngle: 90, margin: 2, lineHeight: 17, lineLength: 600, darkSurround: 0.01, blackSurround: 0 };
  const portrait = { width: 890, height: 2264 };
  assert.equal(isReceiptScan(portrait, geometry), true);
  assert.equal(isReceiptScan(portrait, { ...geometry, lineLength: 830 }), true, '49 line heights: a receipt printed wide');
  assert.equal(isReceiptScan(portrait, { ...geometry, lineLength: 1100 }), false, '65 line heights: an A4 page');
  assert.equal(isReceiptScan({ width: 1600, height: 160 }, { ...geometry, lineAngle: 90, lineLength: 39, lineHeight: 21 }), false, 'a single line of print, measured as letters standing on end');
  assert.equal(isReceiptScan({ width: 2264, height: 890 }, geometry), false, 'wider than tall');
  assert.equal(isReceiptScan(portrait, { ...geometry, darkSurround: 0.2, blackSurround: 0.3 }), false, 'a phone photo on a table');
  assert.equal(isReceiptScan(portrait, { ...geometry, darkSurround: 0.2, blackSurround: 0.8 }), true, 'a scan with the lid open: black around the paper');
  assert.equal(isReceiptScan(portrait, { ...geometry, lineHeight: undefined }), false, 'no lines measured');
});
