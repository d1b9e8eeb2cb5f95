import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findCurrency } from './currency.js';
import { findFields } from './find-fields.js';

const currencyOf = (text: string) => findCurrency(buildContext(buildTextDocument([textPage(text)]), {}))?.value;

describe('currency', () => {
  it('reads rupees written "Rs" before a negative amount', () => {
    assert.equal(currencyOf('Price is inclusive of Promotional Discount of Rs -40.00,\nGrand Total   319.00'), 'INR');
  });

  it('reads the rand\'s "R" before an amount with cents, and nothing in an R that names or numbers something', () => {
    assert.equal(currencyOf('Subtotal R1249950,00\nTotal Due   R 1374945.00'), 'ZAR');
    assert.equal(currencyOf('Room R12 booked for 2 nights\nTotal   120.00'), undefined);
    assert.equal(currencyOf('Preço R$ 45,90'), 'BRL');
  });

  it('takes "$" for the dollar or peso of the vendor\'s country, and a silent page\'s currency from that country', () => {
    const context = buildContext(buildTextDocument([textPage('Total   $ 45.90')]), {});
    assert.equal(findCurrency(context)?.value, 'USD');
    assert.equal(findCurrency(context, 'NZ')?.value, 'NZD');
    assert.equal(findCurrency(context, 'AR')?.value, 'ARS');
    const silent = buildContext(buildTextDocument([textPage('Summa   45,90')]), {});
    assert.deepEqual(findCurrency(silent, 'FI'), { value: 'EUR', confidence: 0.5, status: 'derived' });
    assert.equal(findCurrency(silent), undefined);
  });

  it('reads the vendor\'s country from its VAT id or IBAN for the currency of a page that prints none', () => {
    const page = textPage(`Nordic Parts Oy                       Lasku 1042
Y-tunnus FI12345671 ALV-numero FI12345671
IBAN FI21 1234 5600 0007 85
Yhteensä                              120,00`);
    const { draft } = findFields(buildTextDocument([page]), {});
    assert.equal(draft.currency?.value, 'EUR');
    assert.equal(draft.currency?.status, 'derived');
  });

  it('counts an ISO code next to an amount over a symbol', () => {
    assert.equal(currencyOf('Total   120.00 EUR\nShipping $ free'), 'EUR');
  });
});

describe('currency on OCR pages', () => {
  it('three capitals read with little confidence next to a number are not a currency code', () => {
    const page = textPage(`SLE 012 LIFESTYLE
TOTAL  EUR 12.50`, { source: 'ocr' });
    page.words = page.words.map((w) => (w.text === 'SLE' ? { ...w, confidence: 0.3 } : w));
    const { draft } = findFields(buildTextDocument([page]), {});
    assert.equal(draft.currency?.value, 'EUR');
    assert.equal(draft.currency?.status, 'read');
  });

  it('marks a currency only a symbol names where the vendor\'s country bills in another; a printed code or a text layer stands', () => {
    const ocr = (text: string) => buildContext(buildTextDocument([textPage(text, { source: 'ocr' })]), {});
    assert.deepEqual(findCurrency(ocr('Grand Total   £ 1,250.00'), 'IN'), { value: 'GBP', confidence: 0.5, status: 'review' });
    assert.equal(findCurrency(ocr('Grand Total   £ 1,250.00'), 'GB')?.status, 'read');
    assert.equal(findCurrency(ocr('Grand Total   1,250.00 GBP'), 'IN')?.status, 'read');
    const text = buildContext(buildTextDocument([textPage('Grand Total   £ 1,250.00')]), {});
    assert.equal(findCurrency(text, 'IN')?.status, 'read');
  });
});
