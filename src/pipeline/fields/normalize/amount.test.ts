import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { inferDecimalSeparator, parseAmount, type DecimalSeparator } from './amount.js';

describe('parseAmount', () => {
  const cases: [string, number, number][] = [
    ['12.50', 12.5, 2],
    ['12,50', 12.5, 2],
    ['1 234,56', 1234.56, 2],
    ['1\u00a0234,56', 1234.56, 2],
    ['1\u202f234,56', 1234.56, 2],
    ['1.234,56', 1234.56, 2],
    ['1,234.56', 1234.56, 2],
    ["1'234.56", 1234.56, 2],
    ['1,23,456.00', 123456, 2],
    ['1.234.567', 1234567, 0],
    ['0,125', 0.125, 3],
    ['2.3456', 2.3456, 4],
    ['€ 12,50', 12.5, 2],
    ['12,50 €', 12.5, 2],
    ['EUR 1.234,50', 1234.5, 2],
    ['RM 9.90', 9.9, 2],
    ['$1,299.00', 1299, 2],
    ['42', 42, 0],
  ];
  for (const [printed, value, decimals] of cases) {
    test(`"${printed}" is ${value}`, () => {
      const parsed = parseAmount(printed);
      assert.ok(parsed, printed);
      assert.equal(parsed.value, value);
      assert.equal(parsed.decimals, decimals);
      assert.equal(parsed.ambiguous, false);
    });
  }

  test('every printed form of a negative amount stays negative', () => {
    for (const printed of ['-12,50', '−12,50', '–12,50', '12,50-', '(12.50)', '12.50 CR', '12.50CR', '-€12.50', '€ -12.50', 'EUR 12,50-']) {
      assert.equal(parseAmount(printed)?.value, -12.5, printed);
    }
  });

  test('one separator before three digits is ambiguous until the document decides', () => {
    assert.deepEqual(parseAmount('1.234'), { value: 1234, decimals: 0, ambiguous: true });
    assert.deepEqual(parseAmount('1.234', ','), { value: 1234, decimals: 0, ambiguous: false });
    assert.deepEqual(parseAmount('1.234', '.'), { value: 1.234, decimals: 3, ambiguous: false });
    assert.deepEqual(parseAmount('1,234', ','), { value: 1.234, decimals: 3, ambiguous: false });
  });

  test('text that is not exactly one amount is null', () => {
    for (const printed of ['', 'abc', '12 50', '1.2.3,4,5', '12,50,', 'Nov 12', '12.50 kg x', '1,2345,678', '--', '1.23.45', 'Total']) {
      assert.equal(parseAmount(printed), null, printed);
    }
  });

  test('property: formatted amounts parse back to the same value in every grouping style', () => {
    const styles: { thousands: string; decimal: DecimalSeparator }[] = [
      { thousands: ',', decimal: '.' },
      { thousands: '.', decimal: ',' },
      { thousands: ' ', decimal: ',' },
      { thousands: '\u00a0', decimal: '.' },
      { thousands: "'", decimal: '.' },
      { thousands: '', decimal: ',' },
    ];
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }), fc.constantFrom(...styles), (cents, style) => {
        const abs = Math.abs(cents);
        const integer = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands);
        const printed = `${cents < 0 ? '-' : ''}${integer}${style.decimal}${String(abs % 100).padStart(2, '0')}`;
        const parsed = parseAmount(printed, style.decimal);
        assert.ok(parsed, printed);
        assert.equal(Math.round(parsed.value * 100), cents, printed);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  test('property: arbitrary strings never throw', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseAmount(s)), { seed: 42, numRuns: 500 });
  });
});

describe('inferDecimalSeparator', () => {
  test('the unambiguous amounts of a document decide', () => {
    assert.equal(inferDecimalSeparator(['1.234', '12,50', '1.234,56']), ',');
    assert.equal(inferDecimalSeparator(['1,234', '12.50', '3.5']), '.');
    assert.equal(inferDecimalSeparator(['1,234', '1.234']), null);
    assert.equal(inferDecimalSeparator([]), null);
  });
});
