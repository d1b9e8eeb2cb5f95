import assert from 'node:assert/strict';
import { test } from 'node:test';
import { correctedValue, parseFieldPath } from './field-value.js';

test('a field path names its members and list entries', () => {
  assert.deepEqual(parseFieldPath('vendor.name'), ['vendor', 'name']);
  assert.deepEqual(parseFieldPath('line_items[2].total'), ['line_items', 2, 'total']);
  for (const bad of ['', 'vendor.', '.name', 'line_items[x].total', 'vendor..name', 'Vendor.name', 'total; drop table']) assert.equal(parseFieldPath(bad), null, bad);
});

test('a value is checked against its field in the DocumentFields schema', () => {
  assert.equal(correctedValue('vat_rates[0].rate', 20), 20);
  assert.equal(correctedValue('payment.method', 'card'), 'card');
  assert.throws(() => correctedValue('payment.method', 'bitcoin'), /payment\.method/);
  assert.equal(correctedValue('due_date', null), null);
  assert.equal(correctedValue('vendor.name', '  Nordic OÜ '), 'Nordic OÜ');
  assert.equal(correctedValue('banks[0].iban', 'ee38 2200 2210 2014 5685'), 'EE382200221020145685');
  // A VAT id of a country without a known checksum is taken as typed.
  assert.equal(correctedValue('vendor.vat_id', '000381399040'), '000381399040');
  assert.throws(() => correctedValue('line_items', []), /not a field/);
  assert.throws(() => correctedValue('consumption', 'x'), /not a field/);
});

test('an amount typed as text is read as a number; anything else in a number field is refused', () => {
  assert.equal(correctedValue('total', '1 234,50'), 1234.5);
  assert.equal(correctedValue('line_items[0].quantity', '-2'), -2);
  assert.throws(() => correctedValue('total', '12.50 EUR'), /written like 1234\.50/);
  assert.throws(() => correctedValue('total', '1.234,50'), /written like 1234\.50/);
});
