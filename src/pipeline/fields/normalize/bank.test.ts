import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findIbans, normalizeBic, normalizeIban } from './bank.js';

describe('IBAN', () => {
  test('printed forms normalise to the electronic form', () => {
    for (const printed of ['EE38 2200 2210 2014 5685', 'ee382200221020145685', 'EE38-2200-2210-2014-5685']) {
      assert.equal(normalizeIban(printed), 'EE382200221020145685', printed);
    }
    assert.equal(normalizeIban('DE89 3704 0044 0532 0130 00'), 'DE89370400440532013000');
  });

  test('a wrong checksum or a misread digit is refused', () => {
    assert.equal(normalizeIban('EE38 2200 2210 2014 5686'), null);
    assert.equal(normalizeIban('DE89 3704 0044 0532 0130 01'), null);
    assert.equal(normalizeIban('hello'), null);
  });

  test('findIbans picks valid IBANs out of running text and stops before the next word', () => {
    const text = 'Pay to IBAN: EE38 2200 2210 2014 5685 SWIFT HABAEE2X or DE89370400440532013000. Ref 12345';
    assert.deepEqual(findIbans(text), ['EE382200221020145685', 'DE89370400440532013000']);
    assert.deepEqual(findIbans('Account EE38 2200 2210 2014 5686'), []);
  });
});

describe('BIC', () => {
  test('valid BICs in 8 or 11 characters, any case', () => {
    assert.equal(normalizeBic('habaee2x'), 'HABAEE2X');
    assert.equal(normalizeBic('DEUTDEFF500'), 'DEUTDEFF500');
    assert.equal(normalizeBic('HABA EE2X'), 'HABAEE2X');
    assert.equal(normalizeBic('NOTABIC'), null);
  });
});
