import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dateOrderOf, dateTokens, moneyIn } from './tokens.js';

test('amounts with their currency code printed against them, and amounts OCR split after the decimal point', () => {
  assert.equal(moneyIn('SUBTOTAL RM53.60', undefined)?.value, 53.6);
  assert.equal(moneyIn('Summe EUR12,50', undefined)?.value, 12.5);
  assert.equal(moneyIn('Total Due R1374945.00', undefined)?.value, 1374945);
  assert.equal(moneyIn('CHANGE RM46. 40', undefined)?.value, 46.4);
  // A date with spaces is not an amount split by OCR; an item code with letters is not money.
  assert.notEqual(moneyIn('vom 15. 12. 2018', undefined)?.value, 15.12);
  assert.equal(moneyIn('Art. XRM53', undefined), null);
});

test('a labelled value of one figure with a dash or colon for its point is money; a phone number or a range is not', () => {
  assert.equal(moneyIn('48-00', undefined)?.value, 48);
  assert.equal(moneyIn('RM 7-00', undefined)?.value, 7);
  assert.equal(moneyIn('RM5:00', undefined)?.value, 5);
  // Not read as a point: more digits after the dash, or more words than the figure.
  assert.notEqual(moneyIn('03-55423228', undefined)?.value, 3.55);
  assert.notEqual(moneyIn('10-12 Jan', undefined)?.value, 10.12);
  assert.equal(moneyIn('12.50', undefined)?.value, 12.5);
});

test('an ISO date OCR glued to its label through a misread colon is found', () => {
  assert.deepEqual(dateTokens('[Sales12018-01-05 22:55:25 PosNo:86', undefined).map((t) => t.iso), ['2018-01-05']);
  assert.deepEqual(dateTokens('Ref 912018-01-05', undefined), []);
});

test('a date OCR glued to the time after it is found, and a longer number is no date', () => {
  assert.deepEqual(dateTokens('18/04/20185:18:08p', 'DMY').map((t) => [t.iso, t.text]), [['2018-04-18', '18/04/2018']]);
  assert.deepEqual(dateTokens('100070 17/04/201807:13 PM', 'DMY').map((t) => t.iso), ['2018-04-17']);
  assert.deepEqual(dateTokens('Ref 18/04/201857', 'DMY'), []);
  assert.deepEqual(dateTokens('18/04/20185', 'DMY'), []);
  // A link of an item code's chain of figures is no date either.
  assert.deepEqual(dateTokens('MI11/3-21-12/480', 'DMY'), []);
  // Nor the tail of a code with letters, unless its year has four digits.
  assert.deepEqual(dateTokens('RC11-23-42 - 12/144', 'DMY'), []);
  assert.deepEqual(dateTokens('DATE:15-03-18', 'DMY').map((t) => t.iso), ['2018-03-15']);
  assert.deepEqual(dateTokens('Date15/03/2018', 'DMY').map((t) => t.iso), ['2018-03-15']);
  assert.deepEqual(dateTokens('16-03-18 13:49 SH01', 'DMY').map((t) => t.iso), ['2018-03-16']);
  assert.deepEqual(dateTokens('ORD #18 -REG #19-21/03/2018 19:53:23', 'DMY').map((t) => t.iso), ['2018-03-21']);
});

test('a date OCR read without the space between day and month is found in its line', () => {
  assert.deepEqual(dateTokens('CB#: 59581331716 14May/2017 02:56:39', undefined).map((t) => t.iso), ['2017-05-14']);
});

test('a count of days is a payment term, never money', () => {
  assert.equal(moneyIn('due within 15 days', undefined), null);
  assert.equal(moneyIn('payable within 30 days', undefined), null);
  assert.equal(moneyIn('zahlbar innerhalb 14 Tagen', ','), null);
  assert.equal(moneyIn('30-day terms', undefined), null);
  assert.equal(moneyIn('maksetähtaeg 14 päeva', ','), null);
  // The amount beside the term still reads.
  assert.equal(moneyIn('Total due within 30 days   1,234.00', undefined)?.value, 1234);
  assert.equal(moneyIn('Total 15', undefined)?.value, 15);
});

test('the page\'s date order comes from any date that can be read one way only, in every numeric form', () => {
  const order = (...texts: string[]) => dateOrderOf(texts, 'MDY');
  // A "$" page falls back to month first; one unambiguous day-first date elsewhere settles it.
  assert.equal(order('Date: 05/06/2019', 'Printed 13/06/19 10:22'), 'DMY');
  assert.equal(order('Date: 05-06-2019', 'Due 21-06-19'), 'DMY');
  assert.equal(order('Date: 05/06/2019', 'Lieferung 21.06.2019'), 'DMY');
  // OCR reads the label's colon as a point.
  assert.equal(order('Date.05/06/2019', 'Date.21/06/2019'), 'DMY');
  assert.equal(order('Date: 05/06/2019', 'Due 06/21/2019'), 'MDY');
  assert.equal(order('Date: 05/06/2019'), 'MDY');
  // Amounts and longer numbers are not dates.
  assert.equal(order('Date: 05/06/2019', 'Total 113.05.20', 'Ref 3-13-06-19'), 'MDY');
});
