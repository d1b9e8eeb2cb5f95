import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { escapesNul, nestsDeeperThan } from './json-body.js';

const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf)) : 0;

test('depth is counted over arrays and objects, and brackets inside strings do not count', () => {
  assert.equal(nestsDeeperThan('{"a":[1,{"b":2}]}', 3), false);
  assert.equal(nestsDeeperThan('{"a":[1,{"b":[2]}]}', 3), true);
  assert.equal(nestsDeeperThan('{"a":"[[[[[[{{{{"}', 1), false);
  assert.equal(nestsDeeperThan('{"a":"quote \\" [[[[ and \\\\"}', 1), false);
  assert.equal(nestsDeeperThan('{"a":"\\\\"}[[', 1), true);
  assert.equal(nestsDeeperThan(`{"content":"${'A'.repeat(1_000_000)}"}`, 1), false);
});

test('property: the scan agrees with the depth of what JSON.stringify wrote', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(7), (value, max) => {
      assert.equal(nestsDeeperThan(JSON.stringify(value), max), depthOf(value) > max);
    }),
    { seed: 42, numRuns: 300 },
  );
});

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\0')
    : value !== null && typeof value === 'object' && Object.entries(value as object).some(([key, v]) => key.includes('\0') || holdsNul(v));

test('property: a NUL escape is found in any string or member name, and an escaped backslash before "u0000" is not one', () => {
  const text = fc.array(fc.constantFrom('\0', '\\', 'u0000', '\\u0000', 'a', '"'), { maxLength: 8 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), text, (value, extra) => {
      const document = { value, extra, [extra]: 1 };
      assert.equal(escapesNul(JSON.stringify(document)), holdsNul(document));
    }),
    { seed: 44, numRuns: 500 },
  );
  assert.equal(escapesNul(JSON.stringify({ a: 'x\\u0000' })), false);
  assert.equal(escapesNul(JSON.stringify({ a: 'x\\\0' })), true);
});
