import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anchoredCandidate, anchorsOf } from './anchored-choice.js';
import type { PlacedCandidate } from './placed-candidates.js';

const at = (value: number | string, x: number, y: number, label: string): PlacedCandidate => ({ value, page: 1, box: [x - 10, y - 5, x + 10, y + 5], label });

test('the learned label wins wherever the line moved; an unlabelled place takes only a value right there', () => {
  const approved = [at(120, 500, 300, ''), at(125, 800, 700, 'total eur'), at(25, 800, 680, 'vat')];
  const anchors = anchorsOf(approved, (c) => c.value === 125);
  assert.deepEqual(anchors, [{ page: 1, x: 800, y: 700, label: 'total eur' }]);

  // More lines: the total is printed lower, after the same label; an amount now stands where it stood.
  const next = [at(99, 800, 700, ''), at(310.5, 800, 820, 'total eur'), at(60, 800, 800, 'vat')];
  assert.equal(anchoredCandidate(next, anchors)?.candidate.value, 310.5);
  assert.equal(anchoredCandidate([at(99, 800, 700, 'subtotal')], anchors), null);

  const unlabelled = anchorsOf([at('A-1', 100, 100, '')], () => true);
  assert.equal(anchoredCandidate([at('A-2', 104, 102, ''), at('A-3', 300, 100, '')], unlabelled)?.candidate.value, 'A-2');
  assert.equal(anchoredCandidate([at('A-3', 300, 100, '')], unlabelled), null);
  assert.equal(anchoredCandidate([at('A-2', 104, 102, '')], unlabelled, () => false), null);
});
