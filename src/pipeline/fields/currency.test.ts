import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { findFields } from './find-fields.js';

describe('currency on OCR pages', () => {
  it('three capitals read with little confidence next to a number are not a currency code', () => {
    const page = textPage(`SLE 012 LIFESTYLE
TOTAL  EUR 12.50`, { source: 'ocr' });
    page.words = page.words.map((w) => (w.text === 'SLE' ? { ...w, confidence: 0.3 } : w));
    const { findings } = findFields(buildTextDocument([page]), {});
    assert.equal(findings.get('currency')?.value, 'EUR');
    assert.equal(findings.get('currency')?.status, 'read');
  });
});
