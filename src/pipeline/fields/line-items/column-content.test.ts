import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../../layout/text-document.js';
import { buildContext } from '../context.js';
import { emptyDraft } from '../draft.js';
import { findHeaders } from './columns.js';
import { findLineItems } from './index.js';

// Made-up header words no lexicon holds ("Zorp", "Blick", "Quan") next to known ones: the rows under
// them say which column is what.
const documentOf = (text: string) => buildTextDocument([textPage(text)]);
const rolesOf = (text: string) => findHeaders(documentOf(text))[0]?.columns.map((c) => `${c.text}=${c.role}`);
const itemsOf = (text: string) => findLineItems(buildContext(documentOf(text), {}), emptyDraft()).items;

describe('columns whose header the lexicons do not know', () => {
  it('gets roles from the rows, and the table reads', () => {
    const page = `Zorp                     Quan   Unit   Price      Blick     VAT %
Garden hose, 20 m        3      pcs    12.50      37.50     20 %
Watering can             2      pcs    8.25       16.50     20 %
Rake                     1      pcs    19.90      19.90     20 %
Total                                             73.90`;
    assert.deepEqual(rolesOf(page), ['Zorp=description', 'Quan=quantity', 'Unit=unit', 'Price=unit_price', 'Blick=amount', 'VAT %=vat_rate']);
    assert.deepEqual(
      itemsOf(page).map((i) => [i.description, i.quantity, i.net_unit_price, i.subtotal]),
      [
        ['Garden hose, 20 m', 3, 12.5, 37.5],
        ['Watering can', 2, 8.25, 16.5],
        ['Rake', 1, 19.9, 19.9],
      ],
    );
  });

  it('reads a gross line amount: quantity × price × (1 + rate)', () => {
    const page = `Zorp                     Quan   Price      VAT %    Blick
Garden hose              2      10.00      20 %     24.00
Watering can             1      5.00       20 %     6.00
Total                                               30.00`;
    assert.deepEqual(rolesOf(page), ['Zorp=description', 'Quan=quantity', 'Price=unit_price', 'VAT %=vat_rate', 'Blick=amount']);
  });

  it('takes the guesses back when the numbers do not add up: a table of allowances is no item table', () => {
    const page = `Zorp                     Quan   Price      Amount
Early payment            2      100.00     3.00
Freight                  1      50.00      7.50
Total                                      10.50`;
    assert.equal(findHeaders(documentOf(page)).length, 0);
  });

  it('splits a capitalised unknown word from the known header it is printed against ("Kpl Yksikkö")', () => {
    const page = `Zorp                   Quan Unit   Price Blick    VAT %
Garden hose, green       3 pcs    12.50  37.50    20 %
Watering can             2 pcs     8.25  16.50    20 %
Total                                    54.00`;
    assert.deepEqual(rolesOf(page), ['Zorp=description', 'Quan=quantity', 'Unit=unit', 'Price=unit_price', 'Blick=amount', 'VAT %=vat_rate']);
  });
});
