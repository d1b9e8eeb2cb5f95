import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseDate } from './date.js';

describe('parseDate', () => {
  const cases: [string, string][] = [
    ['2024-01-05', '2024-01-05'],
    ['2024.1.5', '2024-01-05'],
    ['05.01.2024', '2024-01-05'],
    ['25/12/2023', '2023-12-25'],
    ['12/25/2023', '2023-12-25'],
    ['05.01.24', '2024-01-05'],
    ['11. Juli 2014', '2014-07-11'],
    ['5 Jan 2024', '2024-01-05'],
    ['Jan 5, 2024', '2024-01-05'],
    ['05-Jan-2024', '2024-01-05'],
    ['14May/2017', '2017-05-14'],
    ['3 JJune 2019', '2019-06-03'],
    ['January 5, 2024', '2024-01-05'],
    ['5. jaanuar 2024', '2024-01-05'],
    ['5. tammikuuta 2024', '2024-01-05'],
    ['2024. gada 5. janvāris', '2024-01-05'],
    ['2024 m. sausio 5 d.', '2024-01-05'],
    ['5 января 2024 г.', '2024-01-05'],
    ['5 stycznia 2024', '2024-01-05'],
    ['5 janvier 2024', '2024-01-05'],
    ['5 januari 2024', '2024-01-05'],
    ['5 de enero de 2024', '2024-01-05'],
    ['3 Sept 2024', '2024-09-03'],
    // Dutch, whose months come only from its lexicon file.
    ['29 maart 2014', '2014-03-29'],
    ['3 mei 2020', '2020-05-03'],
    ['1 mrt. 2021', '2021-03-01'],
    ['1. März 2024', '2024-03-01'],
  ];
  for (const [printed, iso] of cases) {
    test(`"${printed}" is ${iso}`, () => {
      assert.deepEqual(parseDate(printed), { iso, ambiguous: false });
    });
  }

  test('a numeric date whose day and month could swap is ambiguous until the order is known', () => {
    assert.deepEqual(parseDate('04/05/2024'), { iso: '2024-05-04', ambiguous: true });
    assert.deepEqual(parseDate('04/05/2024', 'DMY'), { iso: '2024-05-04', ambiguous: false });
    assert.deepEqual(parseDate('04/05/2024', 'MDY'), { iso: '2024-04-05', ambiguous: false });
    assert.deepEqual(parseDate('05/05/2024'), { iso: '2024-05-05', ambiguous: false });
    // Dotted dates are day first whatever order is given.
    assert.deepEqual(parseDate('04.05.2024', 'MDY'), { iso: '2024-05-04', ambiguous: false });
  });

  test('impossible and non-dates are null', () => {
    for (const printed of ['31.02.2024', '13/13/2024', '2024-13-01', '00.01.2024', 'hello', '12.50', '5 2024', '1999999', '5 Foo 2024', '05.01.1850']) {
      assert.equal(parseDate(printed), null, printed);
    }
  });

  test('property: every valid date round-trips through the numeric and ISO forms', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        const [y, m, d] = iso.split('-');
        assert.equal(parseDate(iso)?.iso, iso);
        assert.equal(parseDate(`${d}.${m}.${y}`)?.iso, iso);
        assert.equal(parseDate(`${d}/${m}/${y}`, 'DMY')?.iso, iso);
        assert.equal(parseDate(`${m}/${d}/${y}`, 'MDY')?.iso, iso);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  test('property: arbitrary strings never throw', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseDate(s)), { seed: 42, numRuns: 500 });
  });
});
