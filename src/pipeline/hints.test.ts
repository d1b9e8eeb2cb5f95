import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ServiceError } from '../errors.js';
import { parseHints } from './hints.js';

function refusedWith(pattern?: RegExp) {
  return (err: unknown) => {
    assert.ok(err instanceof ServiceError, `expected a ServiceError, got ${String(err)}`);
    assert.equal(err.code, 'invalid_request');
    if (pattern) assert.match(err.message, pattern);
    return true;
  };
}

describe('parseHints', () => {
  test('no hints, empty or blank hints are no hints', () => {
    assert.deepEqual(parseHints(undefined), {});
    assert.deepEqual(parseHints(''), {});
    assert.deepEqual(parseHints('  \n\t'), {});
  });

  test('free text is kept as a note, trimmed', () => {
    assert.deepEqual(parseHints('Estonian invoice, dates are day first'), { text: 'Estonian invoice, dates are day first' });
    assert.deepEqual(parseHints('  look at page 2 \n'), { text: 'look at page 2' });
    // Only an object is structured; other JSON values are just text to the engine.
    assert.deepEqual(parseHints('[1,2]'), { text: '[1,2]' });
    assert.deepEqual(parseHints('"quoted"'), { text: '"quoted"' });
  });

  test('a valid JSON object is returned as structured hints', () => {
    const hints = { language: 'et', country: 'EE', currency: 'EUR', date_order: 'DMY', document_kind: 'invoice' } as const;
    assert.deepEqual(parseHints(JSON.stringify(hints)), hints);
    assert.deepEqual(parseHints('  {"date_order":"MDY"}  '), { date_order: 'MDY' });
    assert.deepEqual(parseHints('{}'), {});
  });

  test('property: any combination of valid members parses to itself', () => {
    const hints = fc.record(
      {
        language: fc.stringMatching(/^[a-z]{2}$/),
        country: fc.stringMatching(/^[A-Z]{2}$/),
        currency: fc.stringMatching(/^[A-Z]{3}$/),
        date_order: fc.constantFrom('DMY', 'MDY', 'YMD'),
        document_kind: fc.constantFrom('invoice', 'receipt', 'bill', 'credit_note'),
      },
      // Plain objects: parseHints returns what JSON.parse builds, and strict deepEqual compares prototypes.
      { requiredKeys: [], noNullPrototype: true },
    );
    fc.assert(
      fc.property(hints, (value) => {
        assert.deepEqual(parseHints(JSON.stringify(value)), value);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('an unknown member is invalid_request', () => {
    assert.throws(() => parseHints('{"langauge":"et"}'), refusedWith());
    assert.throws(() => parseHints('{"language":"et","extra":1}'), refusedWith());
  });

  test(
    'the error for an unknown member names the member',
    () => {
      assert.throws(() => parseHints('{"langauge":"et"}'), refusedWith(/langauge/));
    },
  );

  test('values outside the allowed form are invalid_request naming the member', () => {
    assert.throws(() => parseHints('{"language":"EST"}'), refusedWith(/language/));
    assert.throws(() => parseHints('{"language":"ET"}'), refusedWith(/language/));
    assert.throws(() => parseHints('{"country":"ee"}'), refusedWith(/country/));
    assert.throws(() => parseHints('{"currency":"EURO"}'), refusedWith(/currency/));
    assert.throws(() => parseHints('{"date_order":"XYZ"}'), refusedWith(/date_order/));
    assert.throws(() => parseHints('{"document_kind":"letter"}'), refusedWith(/document_kind/));
    assert.throws(() => parseHints('{"language":5}'), refusedWith(/language/));
    assert.throws(() => parseHints('{"language":null}'), refusedWith(/language/));
  });

  test('text that starts like a JSON object but does not parse is invalid_request, not a note', () => {
    for (const raw of ['{', '{language: "et"}', "{'language':'et'}", '{"language":"et",}', '{"language":"et"} trailing', '{ dates are day first }']) {
      assert.throws(() => parseHints(raw), refusedWith(/JSON/), raw);
    }
  });

  test('property: any input gives hints or invalid_request, never another error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.string().map((s) => `{${s}`)), (raw) => {
        try {
          const hints = parseHints(raw);
          assert.equal(typeof hints, 'object');
        } catch (err) {
          refusedWith()(err);
        }
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
