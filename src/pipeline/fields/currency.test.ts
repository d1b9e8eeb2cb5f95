import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findCurrency } from './currency.js';

const currencyOf = (text: string) => findCurrency(buildContext(buildTextDocument([textPage(text)]), {}))?.value;

describe('currency', () => {
  it('reads rupees written "Rs" before a negative amount', () => {
    assert.equal(currencyOf('Price is inclusive of Promotional Discount of Rs -40.00,\nGrand Total   319.00'), 'INR');
  });

  it('counts an ISO code next to an amount over a symbol', () => {
    assert.equal(currencyOf('Total   120.00 EUR\nShipping $ free'), 'EUR');
  });
});
