import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boostedProbability, fitBoosted } from './boosted.js';
import { fitLogistic } from './fit.js';
import { logisticProbability } from './model.js';

/**
 * Candidates whose value is the field's exactly when the label points at them and they stand in the
 * letterhead, or when neither holds: an interaction no weighted sum of the two features draws. A third
 * feature is noise.
 */
function interacting(n: number): { rows: number[][]; targets: number[] } {
  const rows: number[][] = [];
  const targets: number[] = [];
  for (let i = 0; i < n; i++) {
    const label = i % 2;
    const letterhead = Math.floor(i / 2) % 2;
    rows.push([label, letterhead, (i * 7919) % 13]);
    targets.push(label === letterhead ? 1 : 0);
  }
  return { rows, targets };
}

describe('boosted trees', () => {
  const { rows, targets } = interacting(400);
  const model = fitBoosted(rows, targets);

  it('learns an interaction a logistic regression cannot', () => {
    const right = (p: (row: number[]) => number) => rows.filter((row, i) => (p(row) >= 0.5 ? 1 : 0) === targets[i]).length / rows.length;
    const logistic = fitLogistic(rows, targets);
    assert.equal(right((row) => boostedProbability(model, row)), 1);
    assert.ok(right((row) => logisticProbability(logistic, row)) <= 0.75, 'the weighted sum cannot tell the pairs apart');
  });

  it('states probabilities, sure where the data are', () => {
    const p = boostedProbability(model, [1, 1, 5]);
    const q = boostedProbability(model, [1, 0, 5]);
    assert.ok(p > 0.9 && p < 1, String(p));
    assert.ok(q < 0.1 && q > 0, String(q));
  });

  it('fits the same trees from the same data, and reads the same from its JSON', () => {
    assert.deepEqual(fitBoosted(rows, targets), model);
    const copy = JSON.parse(JSON.stringify(model)) as typeof model;
    for (const row of rows.slice(0, 20)) assert.equal(boostedProbability(copy, row), boostedProbability(model, row));
  });

  it('splits no constant feature and starts from the base rate', () => {
    const constant = fitBoosted([[1], [1], [1], [1]], [1, 0, 1, 1]);
    assert.ok(constant.trees.every((tree) => tree.length === 1), 'leaves only');
    assert.ok(Math.abs(boostedProbability(constant, [1]) - 0.75) < 0.05);
  });
});
