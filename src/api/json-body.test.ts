import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { nestsDeeperThan } from './json-body.js';

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
