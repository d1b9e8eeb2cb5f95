import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { fieldEntries } from './draft.js';
import { findFields } from './find-fields.js';

const fieldsOf = (text: string) => {
  const { draft, kind } = findFields(buildTextDocument([textPage(text, { source: 'ocr' })]), {});
  const byPath = new Map(fieldEntries(draft).map(({ path, found }) => [path, found]));
  return { kind, value: (path: string) => byPath.get(path)?.value, status: (path: string) => byPath.get(path)?.status };
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

  it('does not take the cash-sales number for the cash handed over', () => {
    const f = fieldsOf(`KHIAM TRADING
CASH SALES NO. : CS-19204
STAPLES 2 X 14.20          28.40
TOTAL SALES INCLUSIVE GST  28.40
CASH                       50.00
CHANGE                     21.60
THANK YOU`);
    assert.equal(f.value('payment.tendered'), 50);
    assert.equal(f.value('payment.amount'), 28.4);
    assert.equal(f.value('total'), 28.4);
    assert.equal(f.value('document_number'), 'CS-19204');
  });

  it('keeps the card number as printed, the payment\'s receipt number and its reference', () => {
    const f = fieldsOf(`CORNER CAFE
12 High Street
Flat white                 3.40
TOTAL                      3.40
Payment Receipt
MASTERCARD   **** **** **** 4821
Receipt no, 54/7500
Ref. No: 240315
THANK YOU`);
    assert.equal(f.value('payment.card_number'), '**** **** **** 4821');
    assert.equal(f.value('payment.card_last4'), '4821');
    assert.equal(f.value('payment.receipt_number'), '54/7500');
    assert.equal(f.value('payment.reference'), '240315');
    // Two masking characters are a fragment, not a card number as printed; a receipt line without a
    // number and a "ref" in a word are neither.
    const g = fieldsOf(`CORNER CAFE
TOTAL                      3.40
VISA **4821
Receipt no longer needed
Preferred customer: 12345
THANK YOU`);
    assert.deepEqual(['card_number', 'receipt_number', 'reference'].map((m) => g.value(`payment.${m}`)), [undefined, undefined, undefined]);
    assert.equal(g.value('payment.card_last4'), '4821');
    // Without a card payment, a receipt number is the sale's own number, not a terminal's.
    const h = fieldsOf(`CORNER CAFE
TOTAL                      3.40
CASH                       5.00
CHANGE                     1.60
Receipt No: 18010500047`);
    assert.equal(h.value('payment.receipt_number'), undefined);
  });

  it('reads the authorisation code as printed, in English and French', () => {
    const auth = (line: string) => fieldsOf(`CORNER CAFE\nTOTAL                      3.40\nVISA ************4821\n${line}\nTHANK YOU`).value('payment.auth_code');
    assert.equal(auth('AUTH CODE 025972/8585391'), '025972/8585391');
    assert.equal(auth("Code d'autor.: 864531"), '864531');
    assert.equal(auth('APPROVAL CODE: 0A1B2C'), '0A1B2C');
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
