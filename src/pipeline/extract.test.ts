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

  it('reads a page of amounts with too few fields as a document to review, not as no document', () => {
    const outcome = extractText('Latte              3.50\nBlueberry muffin   2.20');
    assert.equal(outcome.is_document, true);
    assert.ok(outcome.warnings.some((w) => w.startsWith('doubtful_document')), outcome.warnings.join(' | '));
    for (const key of ['total', 'issue_date']) assert.ok(outcome.review_fields.includes(key), outcome.review_fields.join(', '));
  });

  it('takes an invoice that prints its amounts without cents for a document, from its number and dates', () => {
    const outcome = extractText(`Faktura
Fakturanr 463            Fakturadatum 2021-06-14
Compounds AG             Förfallodag: 2021-07-15
Exkl moms     Moms kr     ATT BETALA
38290         0           38290`);
    assert.equal(outcome.is_document, true);
    assert.ok(!outcome.warnings.some((w) => w.startsWith('doubtful_document') || w.startsWith('not_a_document')), outcome.warnings.join(' | '));
  });

  it('reads a poorly read receipt that still shows its date as a document, its total listed to be filled in', () => {
    const outcome = extractText('LlDL\nDatum 12.03.2024 Uhr 18:02\nSumme EUR');
    assert.equal(outcome.is_document, true);
    assert.equal(outcome.extraction.issue_date, '2024-03-12');
    assert.ok(outcome.review_fields.includes('total'), outcome.review_fields.join(', '));
  });

  it('keeps a page of prose with one whole number not a document', () => {
    const outcome = extractText('The committee met on a Tuesday.\nTotal attendance 14 people.\nMinutes were read and approved.');
    assert.equal(outcome.is_document, false);
  });
});

describe('key fields the page did not give', () => {
  it('lists a receipt\'s missing date for review and says it was not found', () => {
    const outcome = extractText(`CORNER CAFE
Cappuccino              3.50
Croissant               2.20
TOTAL                   5.70
CASH                   10.00
CHANGE                  4.30`);
    assert.equal(outcome.extraction.total, 5.7);
    assert.ok(outcome.review_fields.includes('issue_date'), outcome.review_fields.join(', '));
    assert.ok(!outcome.review_fields.includes('document_number'), 'a receipt is booked without a number');
    assert.equal(outcome.field_status['issue_date'], undefined, 'nothing was read, so there is no status');
    assert.ok(outcome.warnings.some((w) => w.startsWith('key_field_not_found: issue_date')), outcome.warnings.join(' | '));
  });

  it('lists nothing when an invoice gives its total, date, number and seller', () => {
    const outcome = extractText(`Seller: Nordwind Consulting GmbH
Hafenstraße 5, 20457 Hamburg
INVOICE
Invoice No: 2025-0117
Invoice date: 03.04.2025
Consulting, March                 1,200.00
VAT 19%                             228.00
Total                             1,428.00 EUR`);
    assert.equal(outcome.extraction.document_number, '2025-0117');
    assert.equal(outcome.extraction.vendor?.name, 'Nordwind Consulting GmbH');
    assert.deepEqual(outcome.warnings.filter((w) => w.startsWith('key_field_not_found')), []);
    // Found values may still be marked by the calibration; no key field is listed as missing.
    for (const key of ['total', 'issue_date', 'vendor.name', 'document_number']) assert.ok(outcome.field_status[key], `${key} was read`);
  });

  it('lists an invoice\'s missing number', () => {
    const outcome = extractText(`Seller: Nordwind Consulting GmbH
Hafenstraße 5, 20457 Hamburg
INVOICE
Invoice date: 03.04.2025
Consulting, March                 1,200.00
VAT 19%                             228.00
Total                             1,428.00 EUR`);
    assert.equal(outcome.extraction.document_number ?? null, null);
    assert.ok(outcome.review_fields.includes('document_number'), outcome.review_fields.join(', '));
    assert.equal(outcome.field_status['document_number'], undefined);
    assert.deepEqual(outcome.warnings.filter((w) => w.startsWith('key_field_not_found')).map((w) => w.split(' ')[1]), ['document_number']);
  });
});
