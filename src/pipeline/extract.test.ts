import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../tests/helpers/text-page.js';
import { extractFromWords } from './extract.js';

const extractText = (text: string) => extractFromWords([textPage(text, { source: 'ocr', confidence: 0.9 })], {});

describe('is it a document', () => {
  it('takes a receipt whose amounts are whole ("Grand Total Rs 1939") for a document', () => {
    const outcome = extractText(`SHREE SAGAR RESTAURANT
Bill No: 4471          Date: 14/03/2024
Masala Dosa       2     240
Thali             3     1699
Grand Total             Rs 1939
Cash                    2000
Change                  61`);
    assert.equal(outcome.is_document, true);
    assert.equal(outcome.extraction.total, 1939);
  });

  it('keeps a page of prose with one whole number not a document', () => {
    const outcome = extractText('The committee met on a Tuesday.\nTotal attendance 14 people.\nMinutes were read and approved.');
    assert.equal(outcome.is_document, false);
  });
});
