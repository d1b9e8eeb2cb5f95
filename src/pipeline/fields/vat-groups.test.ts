import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../layout/text-document.js';
import { buildContext } from './context.js';
import { findFields } from './find-fields.js';
import { findVatGroups } from './vat-groups.js';

const groupsOf = (text: string, vatAmount?: number) =>
  findVatGroups(buildContext(buildTextDocument([textPage(text)]), {}), vatAmount).map((g) => [g.rate.value, g.net.value, g.vat.value]);

describe('VAT groups', () => {
  it('read a breakdown that prints each rate with its VAT and no net, when the VATs add up to the document\'s', () => {
    const page = `Netto:                 3739,31
Momsbelopp 12 %           31,09
Momsbelopp 6 %            58,97
Momsbelopp 0 %             0,00
Momsbelopp:               90,06
Total:                  3829,37 SEK`;
    const groups = (text: string) => findFields(buildTextDocument([textPage(text)]), {}).draft.vat_rates.map((g) => [g.rate?.value, g.net?.value, g.vat?.value]);
    assert.deepEqual(groups(page), [
      [12, undefined, 31.09],
      [6, undefined, 58.97],
      [0, undefined, 0],
    ]);
    // VATs that do not add up to the document's are no breakdown.
    assert.deepEqual(groups(page.replace('58,97', '58,79')), []);
  });

  it('give a receipt whose total line is unreadable its total, when the gross is printed on another line', () => {
    const receipt = (payment: string) => `SALE
Diesel 30.2 l            € 21.74
TOT 17 Zu
${payment}
VAT % Net VAT
20.00 € 18.12 € 3.62`;
    const fields = (text: string) => {
      const { draft } = findFields(buildTextDocument([textPage(text, { source: 'ocr' })]), {});
      return [draft.total, draft.subtotal].map((found) => [found?.value, found?.status]);
    };
    assert.deepEqual(fields(receipt('Card              € 21.74')), [[21.74, 'derived'], [18.12, 'derived']]);
    // Printed nowhere but in the breakdown itself: nothing witnesses that the groups cover the sale.
    assert.deepEqual(fields(receipt('Card').replace('€ 21.74', '')), [[undefined, undefined], [undefined, undefined]]);
  });

  it('reads an exempt group whose VAT is printed as zero', () => {
    assert.deepEqual(groupsOf('Art (Kategorie)   Basisbetrag   USt. %   Steuerbetrag\nUmsatzsteuerbefreit   220,00   0   0,00', 0), [[0, 220, 0]]);
  });

  it('does not read a zero rate from a line whose VAT is not printed as zero', () => {
    assert.deepEqual(groupsOf('Kfz-Haftpflicht   67,2244   1 Stk   0 %   80,00'), []);
  });

  it('takes a rate without "%" from under a tax column heading', () => {
    const text = `Warenwert   Nettobetrag   MwSt-Betrag   MwSt-%   Endbetrag
326,50      321,40        61,07         19,0     382,47
130,70      127,59        8,93          7,0      136,52
457,20      448,99        70,00         EUR      518,99`;
    assert.deepEqual(groupsOf(text, 70), [[19, 321.4, 61.07], [7, 127.59, 8.93]]);
  });

  it('takes a rate under a bare "%" heading', () => {
    assert.deepEqual(groupsOf('T/A     %        Net        Montant\n67      20.00    € 18.12    € 3.62', 3.62), [[20, 18.12, 3.62]]);
  });

  it('reads a single rate whose net is the subtotal on the line above', () => {
    assert.deepEqual(groupsOf('Subtotal   573.00\n19% VAT   108.87\nTotal   681.87', 108.87), [[19, 573, 108.87]]);
  });

  it('reads a group of tax-inclusive prices: the VAT and the gross it is part of, the net derived', () => {
    assert.deepEqual(groupsOf('Subtotal   R1150.00\n150.00 VAT 15 %   1150.00'), [[15, 1000, 150]]);
    const [group] = findVatGroups(buildContext(buildTextDocument([textPage('150.00 VAT 15 %   1150.00')]), {}), undefined);
    assert.deepEqual([group!.gross.value, group!.gross.status, group!.net.status], [1150, 'read', 'derived']);
    // 150.00 is neither 15 % of 1150.00 nor its included part at another rate.
    assert.deepEqual(groupsOf('150.00 VAT 20 %   1150.00'), []);
  });

  it('does not take a position number for a rate where the line prints its rate with "%"', () => {
    assert.deepEqual(groupsOf('2   ARNR2   Joghurt Banane   5,50   50 Stk   7 %   275,00'), []);
  });

  it('keeps the groups whose VAT is the document\'s and drops allowance lines that look like groups', () => {
    const text = `ADR   CHARGE : FRAIS DEPLACEMENT   1,00% sur 100,00 EUR   1,00 20,00%
Détail TVA   Taux   Base TVA   Montant TVA
S   20,00%   11,00   2,20
S   10,00%   27,00   2,70`;
    assert.deepEqual(groupsOf(text, 4.9), [[20, 11, 2.2], [10, 27, 2.7]]);
  });

  it('keeps two groups of the same zero rate printed one under the other in a breakdown', () => {
    const text = `Code   Taux      Base TVA    Montant TVA
S      20,00%    11,00       2,20
E      0,00%     60,00       0,00
S      10,00%    27,00       2,70
K      0,00%     2,00        0,00`;
    assert.deepEqual(groupsOf(text, 4.9), [[20, 11, 2.2], [0, 60, 0], [10, 27, 2.7], [0, 2, 0]]);
  });

  it('takes the basis whose product is closest to the VAT', () => {
    assert.deepEqual(groupsOf('Umsatzsteuer (S)   -2,90   0,08   -2,82   7   -0,20'), [[7, -2.82, -0.2]]);
  });
});

describe('totals from VAT groups', () => {
  it('fills the net and VAT from the groups when their gross is the total', () => {
    const pages = [textPage(`Factuur
Factuur totaal EUR   49,99
BTW %   Grondslag BTW bedrag   Totaal
21 %    41,31     8,68         49,99`)];
    const { draft } = findFields(buildTextDocument(pages), {});
    assert.equal(draft.subtotal?.value, 41.31);
    assert.equal(draft.vat_amount?.value, 8.68);
  });

  it('takes the VAT the breakdown states when no line labels it, as derived', () => {
    const pages = [textPage(`CORNER CAFE
2 Flat White                 9.00
Subtotal                     9.00
Total                        9.00
1.17 VAT 15 %                9.00`)];
    const { draft } = findFields(buildTextDocument(pages), { document_kind: 'receipt' });
    assert.deepEqual([draft.vat_amount?.value, draft.vat_amount?.status], [1.17, 'derived']);
    assert.equal(draft.vat_rates[0]?.gross?.value, 9);
  });
});
