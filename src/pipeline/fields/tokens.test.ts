import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dateTokens, moneyIn } from './tokens.js';

test('amounts with their currency code printed against them, and amounts OCR split after the decimal point', () => {
  assert.equal(moneyIn('SUBTOTAL RM53.60', undefined)?.value, 53.6);
  assert.equal(moneyIn('Summe EUR12,50', undefined)?.value, 12.5);
  assert.equal(moneyIn('Total Due R1374945.00', undefined)?.value, 1374945);
  assert.equal(moneyIn('CHANGE RM46. 40', undefined)?.value, 46.4);
  // A date with spaces is not an amount split by OCR; an item code with letters is not money.
  assert.notEqual(moneyIn('vom 15. 12. 2018', undefined)?.value, 15.12);
  assert.equal(moneyIn('Art. XRM53', undefined), null);
});

test('an ISO date OCR glued to its label through a misread colon is found', () => {
  assert.deepEqual(dateTokens('[Sales12018-01-05 22:55:25 PosNo:86', undefined).map((t) => t.iso), ['2018-01-05']);
  assert.deepEqual(dateTokens('Ref 912018-01-05', undefined), []);
});

test('a date OCR read without the space between day and month is found in its line', () => {
  assert.deepEqual(dateTokens('CB#: 59581331716 14May/2017 02:56:39', undefined).map((t) => t.iso), ['2017-05-14']);
});
