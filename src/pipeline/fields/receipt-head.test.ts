import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import type { PageWords } from '../types.js';
import { findFields } from './find-fields.js';
import { readableHeadLines } from './receipt-head.js';

/** A receipt read by OCR: every word at 0.95, except the words given a confidence of their own. */
function ocrReceipt(text: string, confidence: Record<string, number>): PageWords {
  const page = textPage(text, { source: 'ocr', confidence: 0.95 });
  return { ...page, words: page.words.map((w) => ({ ...w, confidence: confidence[w.text] ?? w.confidence })) };
}

const RECEIPT = `aE OT rar
»  |
RESTORAN MAJU JAYA
NO 2, JALAN MAWAR 3
43200 CHERAS, SELANGOR
TEL: 03-1234 5678
TAX INVOICE
NASI LEMAK                 6.50
TOTAL                      6.50
CASH                      10.00
CHANGE                     3.50`;
const LOGO = { aE: 0.4, OT: 0.15, rar: 0.11 };

describe('receipt head', () => {
  it('leaves out a logo read as letters of low confidence, and stray marks', () => {
    const document = buildTextDocument([ocrReceipt(RECEIPT, LOGO)]);
    const lines = readableHeadLines(document.lines);
    assert.equal(lines[0]!.text, 'RESTORAN MAJU JAYA');
    assert.ok(lines.every((l) => !/[»|]/u.test(l.text)));
  });

  it('keeps the readable words of a line and drops the unreadable ones', () => {
    const document = buildTextDocument([ocrReceipt('BEMED (SP) SDN. BHD. Vy >', { Vy: 0.2 })]);
    assert.equal(readableHeadLines(document.lines)[0]!.text, 'BEMED (SP) SDN. BHD.');
  });

  it('the shop under a logo is the vendor, its address the lines down to the phone', () => {
    const { findings } = findFields(buildTextDocument([ocrReceipt(RECEIPT, LOGO)]), {});
    assert.equal(findings.get('vendor.name')?.value, 'RESTORAN MAJU JAYA');
    assert.equal(findings.get('vendor.document_address')?.value, 'NO 2, JALAN MAWAR 3, 43200 CHERAS, SELANGOR');
  });
});
