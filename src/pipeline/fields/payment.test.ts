import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { findFields } from './find-fields.js';

const fieldsOf = (text: string) => {
  const { findings, kind } = findFields(buildTextDocument([textPage(text, { source: 'ocr' })]), {});
  return { kind, value: (path: string) => findings.get(path)?.value, status: (path: string) => findings.get(path)?.status };
};

describe('payment on receipts', () => {
  it('a card pays the total', () => {
    const f = fieldsOf(`CORNER CAFE
12 High Street
Flat white                 3.40
Croissant                  2.10
TOTAL                      5.50
VISA         ************4821
AUTH CODE 123456
THANK YOU`);
    assert.equal(f.kind, 'receipt');
    assert.equal(f.value('payment.method'), 'card');
    assert.equal(f.value('payment.card_last4'), '4821');
    assert.equal(f.value('payment.amount'), 5.5);
    assert.equal(f.status('payment.amount'), 'derived');
  });

  it('cash pays what was handed over less the change', () => {
    const f = fieldsOf(`KEDAI RUNCIT MAJU
NO 3, JALAN MAWAR
GRAND TOTAL                18.90
CASH                       20.00
CHANGE                      1.10`);
    assert.equal(f.value('payment.method'), 'cash');
    assert.equal(f.value('payment.tendered'), 20);
    assert.equal(f.value('payment.change'), 1.1);
    assert.equal(f.value('payment.amount'), 18.9);
  });

  it('no payment printed, no amount paid', () => {
    const f = fieldsOf(`KEDAI RUNCIT MAJU
RECEIPT
TOTAL                      18.90`);
    assert.equal(f.value('payment.method'), undefined);
    assert.equal(f.value('payment.amount'), undefined);
  });
});
