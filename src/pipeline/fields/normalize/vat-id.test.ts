import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeVatId } from './vat-id.js';

test('printed VAT ids normalise and carry their country', () => {
  for (const printed of ['EE100931558', 'EE 100 931 558', 'ee100931558', 'EE-100.931.558']) {
    assert.deepEqual(normalizeVatId(printed), { value: 'EE100931558', country: 'EE' }, printed);
  }
});

test("Greece's VAT prefix EL names the country GR", () => {
  assert.deepEqual(normalizeVatId('EL 094 259 216'), { value: 'EL094259216', country: 'GR' });
});

test('a failing checksum, no country prefix or an unknown prefix is refused', () => {
  assert.equal(normalizeVatId('EE100931559'), null);
  assert.equal(normalizeVatId('100931558'), null);
  assert.equal(normalizeVatId('XX100931558'), null);
  assert.equal(normalizeVatId('Steuernummer 12/345/67890'), null);
});
