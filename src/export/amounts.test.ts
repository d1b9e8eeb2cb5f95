// What the booking formats take from a document: its type, its VAT per rate when it can be told and
// not otherwise, and bill lines whose quantity × price give each net back to the cent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import { billLines, bookingGroups, documentType, vatGroups } from './amounts.js';

const fields = (extraction: Partial<DocumentFields>): DocumentFields => ({ line_items: [], ...extraction });

test('the type: negative amounts a credit note, paid on the spot without a due date a receipt, else an invoice', () => {
  assert.equal(documentType(fields({ total: -10 })), 'credit_note');
  assert.equal(documentType(fields({ total: 10, payment: { method: 'card' } })), 'receipt');
  assert.equal(documentType(fields({ total: 10, payment: { method: 'card' }, due_date: '2024-01-31' })), 'invoice');
  assert.equal(documentType(fields({ total: 10 })), 'invoice');
});

test('VAT per rate: the VAT table, else line items by rate, else one rate the totals give exactly, else none', () => {
  assert.deepEqual(vatGroups(fields({ vat_rates: [{ rate: 20, net: 10, vat: 2, gross: null }] })), [{ rate: 20, net: 10, vat: 2, gross: 12 }]);
  const items = [
    { subtotal: 10, vat_rate: 24, vat_amount: 2.4 },
    { subtotal: 5.5, vat_rate: 24 },
    { subtotal: 3, vat_rate: 0 },
  ];
  assert.deepEqual(vatGroups(fields({ line_items: items })), [
    { rate: 24, net: 15.5, vat: 3.72, gross: 19.22 },
    { rate: 0, net: 3, vat: 0, gross: 3 },
  ]);
  assert.deepEqual(vatGroups(fields({ subtotal: 100, vat_amount: 22 })), [{ rate: 22, net: 100, vat: 22, gross: 122 }]);
  assert.deepEqual(vatGroups(fields({ total: 50, vat_amount: 0 })), [{ rate: 0, net: 50, vat: 0, gross: 50 }]);
  assert.equal(vatGroups(fields({ subtotal: 100, vat_amount: 19.04 })), null, 'no rate gives 19.04 on 100: mixed rates or a rounding');
  assert.equal(vatGroups(fields({ total: 50 })), null);
  assert.deepEqual(bookingGroups(fields({ total: 50 })), [{ rate: null, net: 50, vat: 0, gross: 50 }], 'a booking still takes the total');
  assert.deepEqual(bookingGroups(fields({})), []);
});

test('bill lines: the items when they add up to the rates, with a price that gives the net back; else one line per rate', () => {
  const groups = [{ rate: 19, net: 100, vat: 19, gross: 119 }];
  const lines = billLines(
    fields({
      line_items: [
        { description: 'Three at a third', quantity: 3, subtotal: 33.33, vat_rate: 19 },
        { description: 'Credited, unsigned price', quantity: 2, net_unit_price: 5, subtotal: -10, vat_rate: 19 },
        { description: 'Odd quantity', quantity: 7, subtotal: 76.67, vat_rate: 19, net_unit_price: 11 },
      ],
    }),
    groups,
  );
  assert.deepEqual(lines.map((l) => [l.quantity, l.unitPrice, l.net]), [
    [3, 11.11, 33.33],
    [2, -5, -10],
    [7, 10.9529, 76.67],
  ]);
  const perRate = billLines(fields({ line_items: [{ subtotal: 90, vat_rate: 19 }] }), groups);
  assert.deepEqual(perRate.map((l) => [l.perRate, l.quantity, l.unitPrice, l.rate]), [[true, 1, 100, 19]], 'items short of the rate\'s net: a discount or a missed line');
});
