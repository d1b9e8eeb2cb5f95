import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { hammingDistance } from '../pipeline/fingerprint/page-hash.js';
import { dataKeys, imageBandKeys, imageProbeKeys } from './fingerprints.js';

const hex64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((n) => n.toString(16).padStart(16, '0'));

test('every stored hash within 7 bits is reached by one of the probe keys; one 8+ bits away may not be', () => {
  fc.assert(
    fc.property(hex64, fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 7 }), (hash, bits) => {
      const other = bits.reduce((h, bit) => h ^ (1n << BigInt(bit)), BigInt(`0x${hash}`)).toString(16).padStart(16, '0');
      assert.equal(hammingDistance(hash, other), bits.length);
      const probes = new Set(imageProbeKeys(hash));
      assert.ok(imageBandKeys(other).some((key) => probes.has(key)));
    }),
    { seed: 42, numRuns: 500 },
  );
  // Two bits flipped in every band: 8 bits apart and no band within one bit.
  const far = (BigInt('0x0123456789abcdef') ^ 0x0003_0003_0003_0003n).toString(16).padStart(16, '0');
  const probes = new Set(imageProbeKeys('0123456789abcdef'));
  assert.ok(!imageBandKeys(far).some((key) => probes.has(key)));
});

test('data keys: vendor by every identifier it has, number and total normalised; nothing without a total', () => {
  const keys = dataKeys({ line_items: [], document_number: 'inv-0017', total: 122, issue_date: '2024-01-05', vendor: { name: 'Põhjala Kaubandus OÜ', vat_id: 'EE 100931558' } });
  assert.deepEqual(keys, [
    { key: 'number|vat:EE100931558|INV0017|12200', value: '' },
    { key: 'date|vat:EE100931558|2024-01-05|12200', value: 'numbered' },
    { key: 'number|name:pohjalakaubandusou|INV0017|12200', value: '' },
    { key: 'date|name:pohjalakaubandusou|2024-01-05|12200', value: 'numbered' },
  ]);
  assert.deepEqual(dataKeys({ line_items: [], document_number: 'X1', vendor: { name: 'Acme Ltd' } }), []);
  assert.deepEqual(dataKeys({ line_items: [], total: 9.99, issue_date: '2024-02-01', vendor: { name: 'Acme Ltd' } }), [{ key: 'date|name:acmeltd|2024-02-01|999', value: 'unnumbered' }]);
});
