import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../../tests/helpers/text-page.js';
import type { Hints } from '../../../schemas/hints.schema.js';
import { buildTextDocument } from '../../layout/text-document.js';
import { buildContext } from '../context.js';
import { draftFromValues, type DraftValues } from '../draft.js';
import { findHeaders } from './columns.js';
import { findLineItems } from './index.js';

const documentOf = (pages: string[]) => buildTextDocument(pages.map((text, i) => textPage(text, { page: i + 1 })));

/** The header fields as read, confidence 0.9. */
const headerOf = (values: DraftValues) => draftFromValues(values, (_, value) => ({ value, confidence: 0.9, status: 'read' }));

function itemsOf(pages: string | string[], header: DraftValues = {}, hints: Hints = {}) {
  const document = documentOf(Array.isArray(pages) ? pages : [pages]);
  return findLineItems(buildContext(document, hints), headerOf(header));
}

describe('line items from the page', () => {
  it('reads an English table without rulings and joins a description wrapped onto the next line', () => {
    const { items } = itemsOf(`INVOICE
Item                      Qty     Unit price      Amount
Office chair,             2       150.00          300.00
blue
Desk lamp                 3       20.00           60.00
Subtotal                                          360.00
VAT 20%                                            72.00
Total                                             432.00`);
    assert.equal(items.length, 2);
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal, i.total, i.amount]),
      [
        ['Office chair, blue', 2, 150, 300, null, null],
        ['Desk lamp', 3, 20, 60, null, null],
      ],
    );
  });

  it('takes the rate printed with "%" when the price stands in the rate column too', () => {
    const { items } = itemsOf(`FACTURA
Concepto          Cantidad   P. unitario IVA %      Total
Gastos de envío   18 ud.        167,60 4%        3.016,80
Instalación       1 ud.         139,25 21%         139,25
Cable USB-C       17 ud.          6,15 4%          104,55
Subtotal                                       3.260,60`);
    assert.deepEqual(items.map((i) => [i.net_unit_price, i.vat_rate]), [[167.6, 4], [139.25, 21], [6.15, 4]]);
  });

  it('reads a German table: code, unit, VAT rate, a discount line under its row, and stops at the subtotal', () => {
    const { items } = itemsOf(`Rechnung Nr. 4711
Pos   Art.-Nr.   Bezeichnung        Menge     Einzelpreis   MwSt    Gesamt
1     KR3M       Kunstrasen grün    3 m²      4,00          19 %    12,00
                 abzgl. 16,7% Rabatt                                -2,00
2     SFK5       Schweinesteak      5 kg      5,50          7 %     27,50
Zwischensumme                                                       37,50
Umsatzsteuer 19 %                                                    1,90`, { subtotal: 37.5, total: 41.33 });
    assert.equal(items.length, 2);
    const [turf, steak] = items;
    assert.equal(turf!.code, 'KR3M');
    assert.equal(turf!.description, 'Kunstrasen grün');
    assert.equal(turf!.quantity, 3);
    assert.equal(turf!.unit, 'm²');
    assert.equal(turf!.vat_rate, 19);
    assert.equal(turf!.net_unit_price, 4);
    assert.equal(turf!.discount_amount, 2);
    assert.equal(turf!.discount_percent, 16.7);
    assert.equal(turf!.subtotal, 10, 'the line amount after its discount, net because the amounts add up to the subtotal');
    assert.equal(steak!.subtotal, 27.5);
    assert.equal(steak!.vat_rate, 7);
  });

  it('continues a table on the next page under its repeated header and takes no carried-forward row', () => {
    const { items, warnings, findings } = itemsOf([
      `Invoice 2024-17
Description               Quantity    Price       Amount
Consulting hours          10          80.00       800.00
Travel                    1           120.00      120.00
Carried forward                                   920.00
Page 1 of 2`,
      `Invoice 2024-17
Description               Quantity    Price       Amount
Brought forward                                   920.00
Report writing            4           80.00       320.00
Total                                            1240.00`,
    ]);
    assert.deepEqual(
      items.map((i) => i.description),
      ['Consulting hours', 'Travel', 'Report writing'],
    );
    assert.deepEqual(warnings, [], 'the rows of both pages add up to the total that closes the table');
    assert.equal(findings.get('line_items[0].subtotal')?.status, 'read');
  });

  it('reads the barcode and article number printed under the row, and the price before discount', () => {
    const { items } = itemsOf(`Pos   Art-Nr      Beschreibung        Nettopreis   Menge      Steuersatz   Nettobetrag
1     TB100A4     Trennblätter A4     9,00         20 Stk     19 %         180,00
      4012345001235
      Bruttopreis : 9,90`);
    assert.equal(items.length, 1);
    assert.equal(items[0]!.code, 'TB100A4');
    assert.equal(items[0]!.ean, '4012345001235');
    assert.equal(items[0]!.net_unit_price, 9.9, 'EN 16931 item gross price: the price before line discounts');
    assert.equal(items[0]!.subtotal, 180, 'the header says net');
  });

  it('puts VAT-inclusive line amounts in total and amount, not subtotal', () => {
    const { items } = itemsOf(`Description          Qty    Price      Amount incl. VAT
Coffee beans 1kg     2      12.50      25.00`);
    assert.equal(items[0]!.total, 25);
    assert.equal(items[0]!.amount, 25);
    assert.equal(items[0]!.subtotal, null);
    assert.equal(items[0]!.unit_price, 12.5);
    assert.equal(items[0]!.net_unit_price, null);
  });

  it('keeps a confidence, status and region for each value, and marks a row whose numbers do not add up', () => {
    const { findings } = itemsOf(`Item          Qty     Rate      Amount
Widget        2       10.00     20.00
Gadget        3       10.00     35.00`);
    assert.equal(findings.get('line_items[0].subtotal')?.status, 'read');
    assert.ok(findings.get('line_items[0].subtotal')?.evidence, 'a region on the page');
    assert.equal(findings.get('line_items[1].subtotal')?.status, 'review');
  });

  it('reads a French table and leaves allowances on the whole document out of the items', () => {
    const { items } = itemsOf(`Désignation            P.U. HT (EUR)   Qté     TOTAL HT    TVA
Prestation support     60,00           1,00    60,00       10,00%
REMISE : REMISE COMMERCIALE                    -5,00       10,00%
CHARGE : FRAIS DEPLACEMENT                     10,00       10,00%`);
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal, i.vat_rate]),
      [['Prestation support', 1, 60, 60, 10]],
    );
  });

  it('reads the item lines of a till receipt: barcode, name, tax flag, and a quantity × price over its line', () => {
    const { items, findings } = itemsOf(`HOME STORE
18 MARKET ST
10/17/18   09:03 AM
012345678905 HAND PRUNER <A>     9.97
BYPASS PRUNER 8IN
3 x 1.50
SCREW PACK                     4.50
SUBTOTAL                      14.47
SALES TAX                      1.16
TOTAL                         15.63
CASH                          20.00
CHANGE                         4.37
THANK YOU`, { subtotal: 14.47, total: 15.63 });
    assert.deepEqual(
      items.map((i) => [i.ean, i.description, i.quantity, i.net_unit_price, i.subtotal]),
      [
        ['012345678905', 'HAND PRUNER', null, null, 9.97],
        [null, 'SCREW PACK', 3, 1.5, 4.5],
      ],
    );
    assert.equal(findings.get('line_items[1].subtotal')?.status, 'read', 'the lines add up to the subtotal');
  });

  it('reads a list of services under a description and an amount header', () => {
    const { items } = itemsOf(`Description                                   Amount
Website maintenance, March                    450.00
Hosting                                        29.90
Total                                         479.90`);
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.subtotal]),
      [
        ['Website maintenance, March', null, 450],
        ['Hosting', null, 29.9],
      ],
    );
  });

  it('takes the article number an ERP prints in brackets before the name', () => {
    const { items } = itemsOf(`Description                      Quantity     Unit Price      Amount
[FURN_7777] Office Chair         1.00         70.00           70.00`);
    assert.equal(items[0]!.code, 'FURN_7777');
    assert.equal(items[0]!.description, 'Office Chair');
  });

  it('reads receipt items whose quantity × price and amount are printed under the name', () => {
    const { items } = itemsOf(`KEDAI MAKAN SDN BHD
CASH BILL
NASI LEMAK
2 x 3.50          7.00
TEH TARIK
1 x 2.20          2.20
TOTAL             9.20
CASH             10.00
CHANGE            0.80`, { total: 9.2 });
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.unit_price, i.total]),
      [
        ['NASI LEMAK', 2, 3.5, 7],
        ['TEH TARIK', 1, 2.2, 2.2],
      ],
    );
  });

  it('reads restaurant bill lines: a counted name running on to its amount, a price after an at sign, specks between lines', () => {
    const { items, findings } = itemsOf(`RIVERSIDE GRILL
TBL 12     CHK 4411
2 Chicken Curry
   Large                     37.00
1 Garden Salad               9.50
:
120 Espresso Shot @
   2.50                     300.00
4 Sparkling Water & 3.00     12.00
3 Fish & Chips              45.00
10% SERVICE CHARGE          40.35
Subtotal                   403.50
TOTAL                      443.85`, { subtotal: 403.5, total: 443.85 }, { document_kind: 'receipt' });
    assert.deepEqual(
      // No tax is printed and the lines add up to the subtotal under the service charge: net amounts.
      items.map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal]),
      [
        ['Chicken Curry Large', 2, 18.5, 37],
        ['Garden Salad', 1, 9.5, 9.5],
        ['Espresso Shot', 120, 2.5, 300],
        // OCR reads some at signs as "&": a price after it counts only because 4 × 3.00 = 12.00 …
        ['Sparkling Water', 4, 3, 12],
        // … and a name with "&" in it keeps it.
        ['Fish & Chips', 3, 15, 45],
      ],
    );
    assert.equal(findings.get('line_items[2].quantity')?.status, 'read');
    assert.equal(findings.get('line_items[0].subtotal')?.status, 'read', 'the lines add up to the subtotal: the service charge is not an item');
  });

  it('takes lines that add up to the VAT groups\' gross as prices with tax, under a subtotal a service charge is added to', () => {
    const text = `2 Chicken Curry              37.00
1 Garden Salad                9.50
Subtotal                     46.50
10% SERVICE CHARGE            4.65
Total Due                    51.15
6.07 VAT 15 %                46.50`;
    const header = { subtotal: 46.5, total: 51.15, vat_rates: [{ rate: 15, net: 40.43, vat: 6.07, gross: 46.5 }] };
    const { items } = itemsOf(text, header, { document_kind: 'receipt' });
    assert.deepEqual(items.map((i) => [i.description, i.unit_price, i.total]), [['Chicken Curry', 18.5, 37], ['Garden Salad', 9.5, 9.5]]);
    // Without the breakdown the same lines under that subtotal are net.
    const { subtotal, total } = header;
    assert.deepEqual(itemsOf(text, { subtotal, total }, { document_kind: 'receipt' }).items.map((i) => i.subtotal), [37, 9.5]);
  });

  it('reads restaurant bill lines as OCR leaves them: an at sign read as "8", a speck after the amount, a number opening the name', () => {
    const { items } = itemsOf(`HARBOUR LOUNGE
3 Single Malt 12yrs
   700ml 8 45.00           135.00                ;
1 007 Signature Platter
   Full                     60.00
Subtotal                   195.00`, { subtotal: 195 }, { document_kind: 'receipt' });
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal]),
      [
        ['Single Malt 12yrs 700ml', 3, 45, 135],
        ['007 Signature Platter Full', 1, 60, 60],
      ],
    );
  });

  it('reads a wrapped receipt item whose amount a slanted photo lifted, with a speck beside it', () => {
    const page = textPage(`HARBOUR LOUNGE
3 Single Malt 12yrs
   700ml @ 45.00
Subtotal                   135.00`);
    // The amount stands half a line higher than the rest of its item, with a speck beside it.
    const rest = page.words.find((w) => w.text === '700ml')!;
    const [, y0, , y1] = rest.box;
    const lift = (y1 - y0) * 0.3;
    // Sorted by height on the page the speck comes between the amount and the rest of the line.
    const speck = (y0 + y1) / 2 - lift + 0.1;
    page.words.push({ text: '135.00', box: [600, y0 - lift, 680, y1 - lift], confidence: 0.4 }, { text: ';', box: [990, speck - 0.5, 992, speck + 0.5], confidence: 0.3 });
    const document = buildTextDocument([page]);
    assert.ok(document.lines.some((line) => line.text === '700ml @ 45.00 135.00 ;'), document.lines.map((l) => l.text).join(' | '));
    const { items } = findLineItems(buildContext(document, { document_kind: 'receipt' }), headerOf({ subtotal: 135 }));
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal]),
      [['Single Malt 12yrs 700ml', 3, 45, 135]],
    );
  });

  it('does not take a VAT breakdown or payment terms for an item table', () => {
    const document = documentOf([
      `Umsatzsteueraufschlüsselung
Art (Kategorie)   Warenwert   Basisbetrag   Steuersatz [%]   Steuerbetrag
Umsatzsteuer      129,37      129,37        7                9,06
Zahlungsbedingungen
Beschreibung      Fälligkeit    Teilzahlung`,
    ]);
    assert.deepEqual(findHeaders(document), []);
  });

  it('reads headers stacked over two lines and several headers in one printed cell', () => {
    const document = documentOf([
      `                                        Unit Price Excl.
No.   Description          Quantity     VAT                VAT % Line Amount Excl. VAT
1908-S  Office chair        3 Piece      191.00             19    573.00`,
    ]);
    const roles = findHeaders(document)[0]!.columns.map((c) => c.role);
    assert.deepEqual(roles, ['position', 'description', 'quantity', 'unit_price', 'vat_rate', 'amount']);
  });
  it('reads a table whose numbers sit mid-cell: the name over the numbers, a placeholder description left out', () => {
    const { items } = itemsOf(`Pos   Code         Désignation                   P.U. HT    Qté     TOTAL HT   TVA
      4012345001235       PRESTATION SUPPORT - Description   (Brut: 65,00)
1     ART_1254     Période du 01/12 au 31/12     60,00      1,00    60,00      10,00%
      98745
                   FOURNITURES PAPIER - Description
2     ART_9874     Date début : 01/12            10,00      3,00    30,00      10,00%
                   Couleur : blanc
                   APPEL - Description
3                  Date fin : 31/12              5,00       1,00    5,00       10,00%
                   REMISE : REMISE COMMERCIALE                      -5,00      10,00%
TOTAL HT                                                            90,00`, { subtotal: 90, total: 99 });
    assert.deepEqual(
      items.map((i) => [i.description, i.code, i.ean, i.quantity, i.net_unit_price, i.subtotal]),
      [
        ['PRESTATION SUPPORT', 'ART_1254', '4012345001235', 1, 65, 60],
        ['FOURNITURES PAPIER', 'ART_9874', null, 3, 10, 30],
        ['APPEL', null, null, 1, 5, 5],
      ],
    );
  });

  it('keeps the lines under each row when the numbers open the row, even with a title over the table', () => {
    const { items } = itemsOf(`Description                 Qty     Price     Amount

Delivery of 3 March
Garden hose,                1       25.00     25.00
green, 20 m
Watering can                2       10.00     20.00
Total                                         45.00`);
    assert.deepEqual(
      items.map((i) => i.description),
      ['Garden hose, green, 20 m', 'Watering can'],
    );
  });

  it('derives the VAT and gross total of net lines, with the cent the printed VAT group needs', () => {
    const { items, findings, groups } = itemsOf(`Description        Qty     Price     VAT      Net amount
Cable              1       10.05     19 %     10.05
Plug               1       10.05     19 %     10.05
Subtotal                                      20.10
VAT 19 %                                       3.82
Total                                         23.92`, {
      subtotal: 20.1,
      vat_amount: 3.82,
      total: 23.92,
      vat_rates: [{ rate: 19, net: 20.1, vat: 3.82 }],
    });
    // 10.05 × 19 % = 1.9095 → 1.91 each, 3.82 together: no adjustment needed here.
    assert.deepEqual(
      items.map((i) => [i.subtotal, i.vat_amount, i.total, i.amount]),
      [
        [10.05, 1.91, 11.96, 11.96],
        [10.05, 1.91, 11.96, 11.96],
      ],
    );
    assert.equal(findings.get('line_items[0].total')?.status, 'derived');
    assert.equal(findings.get('line_items[0].vat_amount')?.status, 'derived');
    assert.equal(groups.length, 0, 'the page prints its own breakdown');
  });

  it('moves a line VAT by a cent so the lines of a rate match the VAT group as printed', () => {
    const { items } = itemsOf(`Description        Qty     Price     VAT      Net amount
Cable              1       10.05     19 %     10.05
Plug               1       10.05     19 %     10.05
Fuse               1       10.05     19 %     10.05
Subtotal                                      30.15`, {
      subtotal: 30.15,
      vat_rates: [{ rate: 19, net: 30.15, vat: 5.73 }],
    });
    // 3 × 1.91 = 5.73 would already match; 30.15 × 19 % = 5.7285 → the group prints 5.73. Make it 5.72:
    assert.deepEqual(items.map((i) => i.vat_amount), [1.91, 1.91, 1.91]);
    const adjusted = itemsOf(`Description        Qty     Price     VAT      Net amount
Cable              1       10.05     19 %     10.05
Plug               1       10.05     19 %     10.05
Fuse               1       10.05     19 %     10.05
Subtotal                                      30.15`, { subtotal: 30.15, vat_rates: [{ rate: 19, net: 30.15, vat: 5.72 }] });
    assert.deepEqual(adjusted.items.map((i) => [i.vat_amount, i.total]), [[1.9, 11.95], [1.91, 11.96], [1.91, 11.96]]);
    const misread = itemsOf(`Description        Qty     Price     VAT      Net amount
Cable              1       10.05     19 %     10.05
Subtotal                                      10.05`, { subtotal: 10.05, vat_rates: [{ rate: 19, net: 10.05, vat: 1.95 }] });
    assert.equal(misread.items[0]!.vat_amount, 1.91, 'more than a cent a line is a misread, not rounding');
  });

  it('builds the VAT breakdown from the lines when the page prints none', () => {
    const { groups } = itemsOf(`Beschreibung        Menge     Preis     MwSt     Betrag
Schrauben           2         5,00      19 %     10,00
Brot                1         3,00      7 %      3,00
Zwischensumme                                    13,00`, { subtotal: 13 });
    const group = (i: number) => (['rate', 'net', 'vat', 'gross'] as const).map((m) => groups[i]?.[m]?.value);
    assert.deepEqual([group(0), group(1)], [[19, 10, 1.9, 11.9], [7, 3, 0.21, 3.21]]);
    assert.equal(groups[0]?.net?.status, 'derived');
  });

  it('gives the rate of the only VAT group to lines that print none, unless their tax at it is not the group\'s VAT', () => {
    const table = (second: string) => `Description        Qty     Price      Amount
Consulting         4       25.00      100.00
${second}
Subtotal                              150.00`;
    const { items, findings } = itemsOf(table('Travel             1       50.00       50.00'), {
      subtotal: 150,
      vat_rates: [{ rate: 20, vat: 30 }],
    });
    assert.deepEqual(items.map((i) => [i.vat_rate, i.vat_amount, i.total]), [[20, 20, 120], [20, 10, 60]]);
    assert.equal(findings.get('line_items[1].vat_rate')?.status, 'derived');
    // The group's VAT is 20 % of the first line only: the second is exempt, so neither gets a rate.
    const exempt = itemsOf(table('Postage            1       50.00       50.00'), { subtotal: 150, vat_rates: [{ rate: 20, vat: 20 }] });
    assert.deepEqual(exempt.items.map((i) => i.vat_rate), [null, null]);
    const twoGroups = itemsOf(table('Travel             1       50.00       50.00'), {
      subtotal: 150,
      vat_rates: [{ rate: 20, vat: 30 }, { rate: 0, vat: 0 }],
    });
    assert.deepEqual(twoGroups.items.map((i) => i.vat_rate), [null, null]);
  });

  it('derives the net and VAT of gross lines', () => {
    const { items } = itemsOf(`Description          Qty    Price      VAT     Amount incl. VAT
Coffee beans 1kg     2      11.90      19 %    23.80`);
    assert.deepEqual([items[0]!.total, items[0]!.subtotal, items[0]!.vat_amount, items[0]!.amount], [23.8, 20, 3.8, 23.8]);
  });
  it('reads a slanted receipt photo whose item line came apart into a name and an amount, and stops at the summary', () => {
    const page = textPage(`THE CROWN INN
12 Mill Lane
2 House Lager
Product Group Summary
Food And Drink                 10.20
Total                          10.20`);
    // The amount of the item line sits 3 units higher than its name, behind a flat "=" that OCR read as
    // a word of its own; the flat mark neither splits the line nor joins the name.
    page.words.push({ text: '=', box: [240, 62.5, 246, 64.3], confidence: 1 }, { text: '10.20', box: [260, 57, 298, 69], confidence: 1 });
    const document = buildTextDocument([page]);
    assert.ok(document.lines.some((line) => line.text === '2 House Lager = 10.20'), document.lines.map((l) => l.text).join(' | '));
    const { items } = findLineItems(buildContext(document, { document_kind: 'receipt' }), headerOf({ total: 10.2 }));
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.total]),
      [['House Lager', 2, 10.2]],
    );
  });

  it('takes receipt lines that add up to the subtotal as net when sales tax comes on top, even with one misread', () => {
    const { items, findings } = itemsOf(`HOME STORE
012345678905 HAND PRUNER <A>     9.97
036000291452 BLADES <A>        1.48
SUBTOTAL                      11.15
SALES TAX                      0.92
TOTAL                         12.07`, { subtotal: 11.15, total: 12.07 }, { document_kind: 'receipt' });
    assert.deepEqual(items.map((i) => i.subtotal), [9.97, 1.48]);
    assert.equal(findings.get('line_items[1].subtotal')?.status, 'review', 'the lines do not add up: a person checks them');
  });
  it('sends the lines of a table that does not add up to its sum line to review, with a warning', () => {
    const text = (second: string) => `Description        Qty     Price     Amount
Widget             2       10.00     20.00
Gadget             1       ${second}     ${second}
Subtotal                             35.00`;
    const balanced = itemsOf(text('15.00'));
    assert.deepEqual(balanced.warnings, []);
    assert.equal(balanced.findings.get('line_items[0].subtotal')?.status, 'read');
    const misread = itemsOf(text('16.00'));
    assert.equal(misread.items[1]!.subtotal, 16, 'the numbers stay as printed');
    assert.equal(misread.findings.get('line_items[0].subtotal')?.status, 'review');
    assert.match(misread.warnings[0]!, /^line_items_do_not_add_up: the lines sum to 36/u);
  });
  it('takes the quantity the price and amount give when the page prints it in whole units', () => {
    const { items, findings } = itemsOf(`Beschreibung         Nettopreis     Menge       Betrag
Kommissionierer      10,50          28 Std      288,75
Fahrer               10,00          3 Std       30,00`);
    assert.deepEqual(items.map((i) => i.quantity), [27.5, 3]);
    assert.equal(findings.get('line_items[0].quantity')?.status, 'derived');
    assert.equal(findings.get('line_items[0].subtotal')?.status, 'read', 'the row adds up');
  });

  it('reads a count or a weight times the price before the amount, and a weight line under its item', () => {
    const { items } = itemsOf(`PARAGON FISKALNY
Sok jablkowy          2 x 6,86      13,72
Ser zolty      2,051 kg x 7,25      14,87
Banany                               2,72
0,158 kg x 17,19
Bolts M8 x 40                        4,05
RAZEM                               35,36
Gotowka                             40,00
Reszta                               4,64`, { total: 35.36 });
    assert.deepEqual(
      items.map((i) => [i.description, i.quantity, i.unit_price, i.total]),
      [
        ['Sok jablkowy', 2, 6.86, 13.72],
        ['Ser zolty', 2.051, 7.25, 14.87],
        ['Banany', 0.158, 17.19, 2.72],
        ['Bolts M8 x 40', null, null, 4.05],
      ],
    );
  });

  it('ends the table at a line opened by a label of the document\'s sums, in any language ("Totalt", "Moms")', () => {
    const { items } = itemsOf(`Beskrivning               Antal   Styckpris     Belopp
Kartonger                 22      8,27          181,94
Moms 6 %                                        10,92
Totalt                                          192,86`);
    assert.deepEqual(items.map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal]), [['Kartonger', 22, 8.27, 181.94]]);
  });
});

describe('line items on layouts the rules were not written on', () => {
  const read = (items: ReturnType<typeof itemsOf>['items']) =>
    items.map((i) => [i.description, i.quantity, i.net_unit_price ?? i.unit_price, i.discount_percent, i.subtotal ?? i.total]);

  it('keeps a header the lexicons half-know, joined by a slash, as one column ("Toode / teenus")', () => {
    const [header] = findHeaders(documentOf([`Toode / teenus              Kogus     Ühiku hind   KM %    Summa
Kontoritool                 2         150,00       22 %    300,00`]));
    assert.deepEqual(header!.columns.map((c) => [c.role, c.text]), [
      ['description', 'Toode / teenus'],
      ['quantity', 'Kogus'],
      ['unit_price', 'Ühiku hind'],
      ['vat_rate', 'KM %'],
      ['amount', 'Summa'],
    ]);
  });

  it('reads an upper-case header with a discount column and an unknown barcode column, the amounts after discount', () => {
    const { items, warnings } = itemsOf(`PRECE / PAKALPOJUMS       SVĪTRKODS        CENA DAUDZUMS ATL. %   PVN LIKME   KOPĀ
Skrūves M8 x 40           2195675510003     5,38   8 gab.   5 %     21 %       40,89
Uzkopšanas pakalpojumi                    206,07   4 st.    20 %    21 %      659,42
Kopā bez PVN:                                                                  700,31`, { subtotal: 700.31, total: 847.38 });
    assert.deepEqual(warnings, []);
    assert.deepEqual(read(items), [
      ['Skrūves M8 x 40', 8, 5.38, 5, 40.89],
      ['Uzkopšanas pakalpojumi', 4, 206.07, 20, 659.42],
    ]);
  });

  it('reads the count printed under each name of a till table with a stacked header', () => {
    const { items } = itemsOf(`RECHNUNG
Artikel                 Brutto
Menge × E-Preis
Gouda                    49,29
3 x 16,43
Eier 10 Stk              22,88
4 x 5,72
Tomaten                   1,04
0,173 kg x 6,04
Umsatzsteuer:            11,47
Endbetrag:               73,21 EUR`, { total: 73.21 }, {});
    assert.deepEqual(read(items), [
      ['Gouda', 3, 16.43, null, 49.29],
      ['Eier 10 Stk', 4, 5.72, null, 22.88],
      ['Tomaten', 0.173, 6.04, null, 1.04],
    ]);
  });

  it('takes a count line under the name over numbers in the name ("Kananmunat 10 kpl" over "4 x 6,57")', () => {
    const { items } = itemsOf(`LASKU
Nimike                  Verollinen
Kpl × Yksikköhinta
Ruisleipä                    31,12
4 x 7,78
Kananmunat 10 kpl            26,28
4 x 6,57
Yhteensä:                    57,40 €`, { total: 57.4 });
    assert.deepEqual(read(items), [
      ['Ruisleipä', 4, 7.78, null, 31.12],
      ['Kananmunat 10 kpl', 4, 6.57, null, 26.28],
    ]);
  });

  it('reads a count and price printed after the name in the name\'s column', () => {
    const { items } = itemsOf(`Beschreibung                          Bruttobetrag
Bananen 3 x 6,63                             19,89
Roggenbrot 1,264 kg x 5,46                    6,90
Rechnungsbetrag                              26,79 €`, { total: 26.79 });
    assert.deepEqual(read(items), [
      ['Bananen', 3, 6.63, null, 19.89],
      ['Roggenbrot', 1.264, 5.46, null, 6.9],
    ]);
  });

  it('keeps the end of a long name out of the quantity column beside the row\'s own count', () => {
    const { items } = itemsOf(`ARTIKEL                            ANZ.  EINHEIT   EINZELPREIS MWST. %   GESAMT
Kaffeebohnen, mittlere Röstung 1 kg  8  Stk          57,90     7 %     463,20
Summe netto:                                                         463,20`, { subtotal: 463.2, total: 495.62 });
    assert.deepEqual(read(items), [['Kaffeebohnen, mittlere Röstung 1 kg', 8, 57.9, null, 463.2]]);
  });

  it('passes page furniture and a carried subtotal between pages, and checks the last page\'s sum over all pages', () => {
    const { items, warnings } = itemsOf([
      `Описание                     Цена    Кол-во    НДС %     Итого
Монтаж и настройка           10,00      2       20 %      20,00
Доставка                      5,00      1       20 %       5,00
Промежуточный итог, продолжение:                          25,00
Страница 1 из 2`,
      `Описание                     Цена    Кол-во    НДС %     Итого
Перенос с предыдущей страницы:                            25,00
Услуги уборки                 7,50      2       20 %      15,00
Сумма без НДС                                             40,00`,
    ], { subtotal: 40, total: 48 });
    assert.deepEqual(warnings, []);
    assert.deepEqual(read(items), [
      ['Монтаж и настройка', 2, 10, null, 20],
      ['Доставка', 1, 5, null, 5],
      ['Услуги уборки', 2, 7.5, null, 15],
    ]);
  });

  it('leaves out a product table after the items that adds nothing to the document\'s sums (a price list)', () => {
    const { items } = itemsOf([
      `INVOICE 2025-88
Description               Quantity    Price       Amount
Consulting hours          10          80.00       800.00
Travel                    1           120.00      120.00
Subtotal                                          920.00
VAT 20%                                           184.00
Total                                            1104.00`,
      `Our prices for 2026
Product                   Quantity    Price       Amount
Consulting hours          1           85.00        85.00
Workshop day              1          900.00       900.00`,
    ], { subtotal: 920, total: 1104 });
    assert.deepEqual(items.map((i) => i.description), ['Consulting hours', 'Travel']);
  });

  it('takes line amounts as net when the lines less a discount on the whole document are the net', () => {
    const { items } = itemsOf(`Artikel                     Anz.   Einzelpreis   USt %      Betrag
Kaffeebohnen                15       48,36        19 %      725,40
Tonerkartusche               2      137,30        19 %      274,60
Summe Positionen:                                          1000,00
Nachlass 10 %                                              -100,00
Summe netto:                                                900,00
zzgl. MwSt. 19 %                                            171,00
Summe brutto:                                              1071,00 EUR`, { subtotal: 900, total: 1071 });
    assert.deepEqual(items.map((i) => [i.net_unit_price, i.subtotal, i.unit_price]), [
      [48.36, 725.4, null],
      [137.3, 274.6, null],
    ]);
  });

  it('attaches a till\'s discount line to the item above it and keeps a deposit return as its own negative line', () => {
    const { items } = itemsOf(`REWE Markt GmbH
Kassenbon
MILCH 1,5%                 1,19 A
BANANEN                    2,49 B
Rabatt                    -0,50 B
LEERGUT                   -0,75 A

Rabatt gesamt             -0,30
SUMME                      2,13`, { total: 2.13 });
    assert.deepEqual(
      items.map((i) => [i.description, i.discount_amount, i.total]),
      [
        ['MILCH 1,5%', null, 1.19],
        ['BANANEN', 0.5, 1.99],
        ['LEERGUT', null, -0.75],
      ],
    );
  });

  it('reads product, brand and flavour printed in columns of their own as one description', () => {
    const { items } = itemsOf(`Product          Brand        Flavour       Qty    Unit price    Amount
Protein bar      NutriMax     Chocolate      12        1.50       18.00
Energy drink     Voltra       Lime            6        2.20       13.20
Subtotal                                                          31.20
VAT 20%                                                            6.24
Total                                                             37.44`, { subtotal: 31.2, total: 37.44 });
    assert.deepEqual(read(items), [
      ['Protein bar NutriMax Chocolate', 12, 1.5, null, 18],
      ['Energy drink Voltra Lime', 6, 2.2, null, 13.2],
    ]);
  });

  it('joins a row whose description the page break cut, under the next page\'s repeated header', () => {
    const { items } = itemsOf([
      `Description                          Qty     Unit price      Amount
Annual maintenance of the cooling      1        900.00         900.00
Page 1 of 2`,
      `Description                          Qty     Unit price      Amount
plant, including filters
Spare fan motor                        2        150.00         300.00
Subtotal                                                     1,200.00
VAT 20%                                                        240.00
Total                                                        1,440.00`,
    ], { subtotal: 1200, total: 1440 });
    assert.deepEqual(read(items), [
      ['Annual maintenance of the cooling plant, including filters', 1, 900, null, 900],
      ['Spare fan motor', 2, 150, null, 300],
    ]);
  });

  it('invents no items on a one-charge invoice without a table', () => {
    const { items } = itemsOf(`INVOICE 2025-041
Date: 03.04.2025
For consulting services in March 2025, as agreed.

Net amount                 1,200.00
VAT 20%                      240.00
Total due                  1,440.00

Please pay within 14 days to IBAN GB33BUKB20201555555555.`, { subtotal: 1200, total: 1440 });
    assert.deepEqual(items, []);
  });

  it('reads a credit note\'s trailing minus on an amount printed without thousands grouping', () => {
    const { items } = itemsOf(`Artikel                  Anz.  Einheit   Preis     Betrag   MwSt. %
Buchhaltungsleistungen    9-   Std      159,86  1438,74-      0 %
Tonerkartusche schwarz   18-   Stk       11,21   201,78-      0 %
Zwischensumme netto:                            1640,52-`, { subtotal: -1640.52, total: -1640.52 });
    assert.deepEqual(read(items), [
      ['Buchhaltungsleistungen', -9, 159.86, null, -1438.74],
      ['Tonerkartusche schwarz', -18, 11.21, null, -201.78],
    ]);
  });
});
