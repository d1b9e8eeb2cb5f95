import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findTotals } from './totals.js';

const totalsOf = (text: string | string[], hints = {}) => {
  const pages = (Array.isArray(text) ? text : [text]).map((t, i) => textPage(t, { page: i + 1 }));
  const totals = findTotals(buildContext(buildTextDocument(pages), hints));
  return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v?.value]));
};

describe('totals', () => {
  it('reads net, VAT and gross from one total row by their sum', () => {
    const t = totalsOf(`Facture n°1234 du 02 Juillet 2015
                      Montant HT   Montant TVA   Montant TTC
Abonnements           24.99        5.00          29.99
Communications        0.00         0.00          0.00
Total facture         24.99        5.00          29.99`);
    assert.equal(t.total, 29.99);
    assert.equal(t.subtotal, 24.99);
    assert.equal(t.vat_amount, 5);
  });

  it('takes the sum row of a totals table under its header row', () => {
    const t = totalsOf(`Rechnung Nr. 4711
Warenwert   Nettobetrag   MwSt-Betrag   MwSt-%   Endbetrag
326,50      321,40        61,07         19,0     382,47
130,70      127,59        8,93          7,0      136,52
457,20      448,99        70,00         EUR      518,99`);
    assert.equal(t.total, 518.99);
    assert.equal(t.subtotal, 448.99);
    assert.equal(t.vat_amount, 70);
  });

  it('does not take a misread figure without cents from under a column heading', () => {
    const t = totalsOf(`Item    Qty   Amount
Tea     7     290 8S
Total Due (GST inc):   18.90`);
    assert.equal(t.total, 18.9);
  });

  it('reads "Summe gesamt" as the total', () => {
    const t = totalsOf(`Rechnung Nr. 4711
Nettobetrag (zzgl. 19,00% MwSt.)   376,37
19,00% MwSt.:   376,37   71,51   447,88
Summe gesamt   447,88`);
    assert.equal(t.total, 447.88);
    assert.equal(t.vat_amount, 71.51);
  });

  it('takes a bill\'s charges from the account summary on its first page, not a service\'s on a later page', () => {
    const t = totalsOf(
      [
        `ACCOUNT NUMBER: 1234-5678   BILLING DATE: Jul 10, 2019
Previous Account Balance   925,082.21
Payments/Credits          -925,082.21
New Charges               +851,167.98
AMOUNT DUE: $851,167.98   kWh`,
        `Service 1
Total New Charges   850,402.64
Service 2
Total New Charges   765.34`,
      ],
    );
    assert.equal(t.total, 851167.98);
    assert.equal(t.amount_due, 851167.98);
    assert.equal(t.previous_balance, 925082.21);
    assert.equal(t.payments_credits, 925082.21);
  });

  it('prefers the previous balance over a balance carried forward after payments', () => {
    const t = totalsOf(`Account Number: 15808710-01   PREVIOUS BALANCE   $ 5,026.50
Payment(s)-Thank You   $ -5,026.50
Total Current Charges   $ 3,256.34
Balance Forward   $ 0.00
TOTAL AMOUNT DUE   $ 3,256.34   kWh`);
    assert.equal(t.previous_balance, 5026.5);
    assert.equal(t.total, 3256.34);
  });
});
