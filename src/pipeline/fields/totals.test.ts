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
  it('takes no zero for the total where a total was printed that is not zero', () => {
    assert.equal(totalsOf(`TOTAL                19.99
GST INCLUDED          1.13
TOTAL LOADING CHARGES 0.00`).total, 19.99);
    assert.equal(totalsOf(`TOTAL                 0.00
CASH                  0.00`).total, 0);
  });

  it('reads a total whose value a slanted photo printed a little higher than its label', () => {
    const page = textPage(`SUB TOTAL                                          64.00
GST 6%                                              3.84
ROUNDING ADJ                                        0.01`);
    const word = (text: string, x0: number, y0: number) => ({ text, box: [x0, y0, x0 + text.length * 8 - 2, y0 + 12] as [number, number, number, number], confidence: 1 });
    // The value's line ends 3 units into the label's: two lines to the layout, one printed line.
    page.words.push(word('67.85', 420, 77), word('NET', 20, 86), word('TOTAL', 52, 86));
    const document = buildTextDocument([page]);
    assert.ok(document.lines.some((l) => l.text === '67.85'), 'the value stands on a line of its own');
    assert.equal(findTotals(buildContext(document, {})).total?.value, 67.85);
  });

  it('takes a "net total" for the total only where subtotal, VAT and rounding add up to it', () => {
    const receipt = totalsOf(`SUB TOTAL          64.00
GST 6%              3.84
ROUNDING ADJ        0.01
NET TOTAL          67.85
Cash              100.00`);
    assert.deepEqual([receipt.total, receipt.subtotal, receipt.vat_amount, receipt.rounding], [67.85, 64, 3.84, 0.01]);
    const invoice = totalsOf(`Net total         100.00
VAT                20.00
Total             120.00`);
    assert.deepEqual([invoice.total, invoice.subtotal, invoice.vat_amount], [120, 100, 20]);
    const netOnly = totalsOf(`Net total         100.00
Amount due        100.00`);
    assert.equal(netOnly.subtotal, 100);
    assert.notEqual(totalsOf('Net total         100.00\nPaid by card').total, 100);
    // A subtotal is not its own total with no VAT: a promotion came off before the total.
    const promotion = totalsOf(`SUBTOTAL:            251.00
CASH PROMOTION
ROUNDING ADJ :         0.00
TOTAL INCLUSIVE GST:  217.00
GST SUMMARY:   AMOUNT   TAX
SR             195.28  11.72
ZRL             10.00   0.00`);
    assert.equal(promotion.total, 217);
  });

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

  it('reads "TOTAL (GST INCL)" and "Total Rounded" as the total, not "TOTAL INCLUDES 6% GST", which gives the tax', () => {
    const t = totalsOf(`RECEIPT
Nasi Lemak                 12.00
TOTAL (GST INCL)           12.72
TOTAL INCLUDES 6% GST       0.72
Cashier: 3`);
    assert.equal(t.total, 12.72);
    const rounded = totalsOf(`RECEIPT
Takeout Total (incl GST)   18.90
Total Rounded              18.90
TOTAL INCLUDES 6% GST       1.07`);
    assert.equal(rounded.total, 18.9);
  });

  it('on a cash receipt, takes the amount that equals cash less change when the total was misread, and derives it when no total was read', () => {
    const misread = totalsOf(`RECEIPT
SUBTOTAL                RM53.60
TOTAL                   RM58.60
CASH                    RM100.00
CHANGE                  RM46.40`);
    assert.equal(misread.total, 53.6);
    const unread = totalsOf(`RECEIPT
KUIH KETAYAP             RM2.70
TOTAL                    RM5O.6O
CASH                     RM20.00
CHANGE                   RM17.30`);
    assert.equal(unread.total, 2.7);
    // When cash less change agrees with the total, or nothing agrees with the cash, the total read stays.
    assert.equal(totalsOf(`RECEIPT
TOTAL                    RM12.00
CASH                     RM20.00
CHANGE                   RM7.00`).total, 12);
  });

  it('takes a total named rounded, whatever word OCR made of the one between ("Total Ami Rounded")', () => {
    assert.equal(totalsOf(`RECEIPT
Subtotal                130.00
Total Incl. of GST      130.06
Total Sale Rounded      130.00`).total, 130);
  });

  it('on a receipt, the total is not its tax summary\'s "Total" row, which is the amount before tax', () => {
    const receipt = `CASH RECEIPT
Bread                     4.20
Milk                      3.10
TOTAL                     7.30
PAID BY CARD              7.30
GST Summary         Amount
SR @ 6%               6.89
TOTAL                 6.89`;
    assert.equal(totalsOf(receipt).total, 7.3);
    // With no total above it, the summary's row is what there is.
    assert.equal(totalsOf(receipt.replace('TOTAL                     7.30\n', '')).total, 6.89);
  });

  it('on a cash receipt with no total read and no change printed, the exact cash is the total', () => {
    const exact = (total: string) => `RECEIPT
Bacon                    RM4.90
Dark Rye Bun             RM6.90
${total}
CASH                     RM11.80`;
    assert.equal(totalsOf(exact('SUBTOTAL                 RM11. 80')).total, 11.8);
    // A total read stays, whatever the cash.
    assert.equal(totalsOf(exact('TOTAL                    RM11.00')).total, 11);
  });

  it('on a cash receipt that prints the cash amount and the cash received, those two witness a misread total', () => {
    const receipt = (cash: string) => `RECEIPT
TOTAL                    11.00
Cash                     ${cash}
Cash Received           101.00
Change                   30.00`;
    assert.equal(totalsOf(receipt('71.00'), { document_kind: 'receipt' }).total, 71);
    // Received less change agrees with nothing printed: the total read stays.
    assert.equal(totalsOf(receipt('60.00'), { document_kind: 'receipt' }).total, 11);
  });

  it('reads a receipt\'s "NET AMT" and "AMT PAID INCL. GST" as its total, over a column\'s last amount', () => {
    const net = totalsOf(`ITEM              QTY   PRICE   AMOUNT
LED TUBE            5   16.00    80.00
LED FITTING         4   14.00    56.00
GROSS AMT :                     136.00
GST (6%) :                        0.00
NET AMT :                       136.00
RECEIVED                        150.00
CHANGE                           14.00`);
    assert.equal(net.total, 136);
    const paid = totalsOf(`AMT PAID INCL. GST : RM78.30
AMT PAID EXCL. GST : RM 73.87
GST AMT : RM4.43
TOTAL EV :2.10`);
    assert.deepEqual([paid.total, paid.subtotal, paid.vat_amount], [78.3, 73.87, 4.43]);
  });

  it('on a cash receipt, takes the cash paid for the total where subtotal and VAT add up to it and the total read does not', () => {
    const receipt = totalsOf(`Total Sales(Excluding GST) : 180.00
Discount :                     0.00
Total GST :                   10.80
Rounding :                     0.00
TotaUsales (Inclusive of GST) : 190.80
CASH :                       190.80
Change :                       0.00
GST SUMMARY
Tax Code % Amt (RM) Tax(RM)
SR 6 180.00 10.80
Total: 180.00 10.80`);
    assert.deepEqual([receipt.total, receipt.subtotal, receipt.vat_amount], [190.8, 180, 10.8]);
  });

  it('takes the rounded total printed under the rounding\'s own word', () => {
    const receipt = totalsOf(`TOTAL                19.99
ROUNDING ADJ          0.01
ROUNDING             20.00
GST INCLUDED          0.00
CASH                 20.00
CHANGE                0.00`);
    assert.deepEqual([receipt.total, receipt.rounding], [20, 0.01]);
  });

  it('takes the total printed after the rounding line over the one before it', () => {
    const receipt = totalsOf(`TOTAL (EXCLUDING GST):       21.30
SERV. CHARGE (3%):            0.65
GST PAYABLE (6%):             1.31
TOTAL (INCLUSIVE OF GST):    23.26
ROUNDING ADJ:                -0.01
TOTAL:                       23.25`);
    assert.deepEqual([receipt.total, receipt.rounding], [23.25, -0.01]);
    // A total that already includes its rounding stays: nothing printed is it plus the rounding again.
    const included = totalsOf(`TOTAL SALES (EXCLUDING GST):  31.03
TOTAL GST:                     1.65
ROUNDING:                      0.02
TOTAL SALES (INCLUSIVE OF GST): 32.70
CASH:                          40.00`);
    assert.deepEqual([included.total, included.rounding], [32.7, 0.02]);
    assert.equal(totalsOf(`Subtotal   10.00
Rounded total   10.05`).total, 10.05);
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
