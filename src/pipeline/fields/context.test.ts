import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';

const kindOf = (text: string) => buildContext(buildTextDocument([textPage(text)]), {}).kind;

describe('document kind', () => {
  it('calls a page with meter words and an account number a bill', () => {
    assert.equal(kindOf('Account Number: 123-456\nUsage 742 kWh\nAmount due by 3/8/2021   $ 3,256.34'), 'bill');
  });

  it('keeps an invoice that bills energy an invoice when it names its recipient as the invoice\'s', () => {
    assert.equal(kindOf('K O S T E N R E C H N U N G\nRechnungsempfänger\nKunden-Nr. : 339420\nWirkarbeit   10000 KWh   520,00'), 'invoice');
  });
});

describe('date order', () => {
  const orderOf = (text: string, hints = {}) => buildContext(buildTextDocument([textPage(text)]), hints).dateOrder;

  it('reads a "$" page day first when one of its dates can only be read that way', () => {
    assert.equal(orderOf('TAX INVOICE   $ 12.50\nDate: 05/06/2019\nPrinted: 13-06-19 10:22'), 'DMY');
    assert.equal(orderOf('TAX INVOICE   $ 12.50\nDate: 05/06/2019'), 'MDY');
  });
});
