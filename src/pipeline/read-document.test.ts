import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textLayerUsable } from './read-document.js';
import type { Word } from './types.js';

const words = (...texts: string[]): Word[] => texts.map((text, i) => ({ text, box: [i * 10, 0, i * 10 + 8, 10], confidence: 1 }));

describe('text layer sanity', () => {
  it('reads a text layer of real words, however short', () => {
    assert.equal(textLayerUsable(words('A')), true);
    assert.equal(textLayerUsable(words('Rechnung', 'Nr.', '471102', 'vom', '05.06.2018', 'Summe', '12,50', '€')), true);
  });

  it('falls back to OCR for no words, or glyphs without a Unicode map', () => {
    assert.equal(textLayerUsable([]), false);
    assert.equal(textLayerUsable(words('\uE001\uE002', '\uFFFD\uFFFD', '\uE010', 'x', '\u0003\u0004')), false);
    assert.equal(textLayerUsable(words('1', '2', '3', '4', '5', '6', '%', '+')), false, 'no word has letters');
  });
});
