import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EngineWord } from './engine.js';
import { joinSplitAmounts } from './split-amounts.js';

/** Words on one 20 px high line, each placed at its x with 11 px per character. */
function line(...parts: [string, number][]): EngineWord[] {
  return parts.map(([text, x]) => ({ text, x0: x, y0: 100, x1: x + 11 * text.length, y1: 120, confidence: 0.9 }));
}

const texts = (words: EngineWord[]) => words.map((w) => w.text);

test('an amount read as two words is joined, the low quote read for a comma included', () => {
  assert.deepEqual(texts(joinSplitAmounts(line(['Total', 0], ['1000000', 80], [',00', 165]))), ['Total', '1000000,00']);
  assert.deepEqual(texts(joinSplitAmounts(line(['124995', 0], ['.00', 75]))), ['124995.00']);
  assert.deepEqual(texts(joinSplitAmounts(line(['120000', 0], ['‚00', 72]))), ['120000,00']);
  // A currency letter in front; the cents' box drawn from inside the number's.
  assert.deepEqual(texts(joinSplitAmounts(line(['R1249950', 0], ['.00', 80]))), ['R1249950.00']);
  const [joined] = joinSplitAmounts(line(['124995', 0], ['.00', 75]));
  assert.deepEqual([joined!.x0, joined!.x1], [0, 108]);
});

test('parts that are not one amount stay apart', () => {
  // Far apart: two columns, not one number.
  assert.deepEqual(texts(joinSplitAmounts(line(['10', 0], ['.50', 200]))), ['10', '.50']);
  // Already has its cents; a date's pieces; three digits after the separator.
  assert.deepEqual(texts(joinSplitAmounts(line(['9.50', 0], ['.00', 50]))), ['9.50', '.00']);
  assert.deepEqual(texts(joinSplitAmounts(line(['15.', 0], ['12.', 30], ['2018', 60]))), ['15.', '12.', '2018']);
  assert.deepEqual(texts(joinSplitAmounts(line(['1', 0], ['.500', 15]))), ['1', '.500']);
  // Not on the same line.
  const below = { text: ',00', x0: 80, y0: 140, x1: 113, y1: 160, confidence: 0.9 };
  assert.deepEqual(texts(joinSplitAmounts([...line(['250', 40]), below])), ['250', ',00']);
});
