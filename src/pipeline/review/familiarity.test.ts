import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildContext } from '../fields/context.js';
import { buildTextDocument } from '../layout/text-document.js';
import type { PageWords, Word } from '../types.js';
import { FAMILIARITY_FEATURES, familiarity, familiarityFeatures } from './familiarity.js';

/** One page whose lines are `lines`, each word `confidence` sure, read from `source`. */
function page(lines: string[], source: PageWords['source'], confidence: number): PageWords {
  const words: Word[] = lines.flatMap((line, row) => {
    let x = 50;
    return line.split(' ').map((text) => {
      const word: Word = { text, box: [x, 40 + row * 30, x + text.length * 12, 60 + row * 30], confidence };
      x += text.length * 12 + 10;
      return word;
    });
  });
  return { page: 1, width: 1000, height: 1000, source, words };
}

describe('familiarity', () => {
  const known = buildContext(buildTextDocument([page(['ACME Ltd', 'Invoice number 2024-118', 'Invoice date 12.03.2024', 'Subtotal 100.00', 'VAT 20 % 20.00', 'Total due 120.00'], 'text-layer', 1)]), {});
  const strange = buildContext(buildTextDocument([page(['Huyndai Cuong Phat', 'Hoa don ban hang 0042', 'Ngay 12/03/2024', 'Cong tien hang 100.000', 'Thanh toan 120.000'], 'ocr', 0.62)]), {});

  it('tells a text PDF in a language the lexicons know from an OCR read in one they do not', () => {
    const a = familiarity(known, { einvoice: false, kind: 'invoice' });
    const b = familiarity(strange, { einvoice: false, kind: 'receipt' });
    assert.equal(a.ocr, 0);
    assert.equal(b.ocr, 1);
    assert.equal(a.readConfidence, 1);
    assert.ok(Math.abs(b.readConfidence - 0.62) < 1e-9, String(b.readConfidence));
    assert.ok(a.lexiconShare > b.lexiconShare + 0.3, `${a.lexiconShare} against ${b.lexiconShare}`);
    assert.ok(a.labels >= 0.4, `labels of the known invoice: ${a.labels}`);
    assert.ok(b.labels < a.labels, `${b.labels} against ${a.labels}`);
  });

  it('gives one number per feature name, the kind as one of four, and zeros where nothing is known', () => {
    const row = familiarityFeatures(familiarity(known, { einvoice: true, kind: 'bill' }));
    assert.equal(row.length, FAMILIARITY_FEATURES.length);
    assert.equal(row[FAMILIARITY_FEATURES.indexOf('doc_einvoice')], 1);
    assert.deepEqual(FAMILIARITY_FEATURES.flatMap((name, i) => (name.startsWith('doc_kind=') ? [`${name}:${row[i]}`] : [])), ['doc_kind=invoice:0', 'doc_kind=receipt:0', 'doc_kind=bill:1', 'doc_kind=credit_note:0']);
    assert.deepEqual(familiarityFeatures(undefined), FAMILIARITY_FEATURES.map(() => 0));
  });
});
