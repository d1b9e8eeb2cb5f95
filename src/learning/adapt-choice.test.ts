import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelFile } from '../pipeline/fields/choice/model.js';
import { adaptChoice, blindFolds } from './adapt-choice.js';
import type { ApprovedExamples } from './approved-examples.js';

// A shipped total model that believes feature 0 ("a big amount at the bottom", say) and leaves the
// field to the rules (threshold above 1), and an installation where the right total is always the
// candidate with feature 1 while the rules pick the feature-0 one.
const shipped: ModelFile = {
  version: 1,
  trained: {},
  fields: {
    total: { family: 'amount', features: ['a', 'b'], threshold: 1.01, learner: 'logistic', model: [3, 0, -1], mean: [0, 0], scale: [1, 1] },
    issue_date: { family: 'date', features: ['a', 'b'], threshold: 0.7, learner: 'logistic', model: [1, 1, 0], mean: [0, 0], scale: [1, 1] },
  },
};

const installation: ApprovedExamples[] = Array.from({ length: 30 }, (_, i) => ({
  documentId: `doc_${i}`,
  vendor: `vendor ${i % 10}`,
  examples: {
    total: { rows: [[1, 0], [0, 1], [0, 0]], targets: [0, 1, 0], values: [90 + i, 100 + i, 5], rule: 90 + i, gold: 100 + i },
  },
}));

const totals = (tallies: ReturnType<typeof blindFolds>) => [tallies.total.shipped.right, tallies.total.adapted.right, tallies.total.labelled];

test('adapted on an installation whose right totals the shipped model misses, the model picks them on vendors it was not adapted on', () => {
  // A weak pull toward the shipped weights: the test's documents have 3 candidates each, real ones dozens.
  const tallies = blindFolds(shipped, installation, 5, 1);
  assert.deepEqual(totals(tallies), [0, 30, 30]);
  assert.equal(tallies.total.adapted.wrong, 0);
  const adapted = adaptChoice(shipped, installation, 1);
  assert.ok(adapted.fields.total!.threshold <= 1, 'the field is no longer left to the rules');
  // A field no approved document labels stays exactly as shipped.
  assert.deepEqual(adapted.fields.issue_date, shipped.fields.issue_date);
  assert.deepEqual(adapted.fields.total!.mean, [0, 0]);
});

test('a shipped model weighted far above the documents stays as it was', () => {
  const tallies = blindFolds(shipped, installation, 5, 1e9);
  assert.deepEqual(totals(tallies), [0, 0, 30]);
});

test('a shipped boosted model grows trees from where it leaves the installation\'s documents, and picks their totals', () => {
  // One tree that believes feature 0, as the logistic model above does.
  const boosted: ModelFile = {
    version: 1,
    trained: {},
    fields: { total: { family: 'amount', features: ['a', 'b'], threshold: 1.01, learner: 'boosted', model: { base: -1, trees: [[[0, 0.5, 1, 2], [-1], [3]]] } } },
  };
  const tallies = blindFolds(boosted, installation, 5);
  assert.deepEqual(totals(tallies), [0, 30, 30]);
  const adapted = adaptChoice(boosted, installation).fields.total!;
  const { trees } = adapted.model as { trees: unknown[] };
  assert.ok(trees.length > 1, 'trees were added');
  assert.deepEqual(trees[0], [[0, 0.5, 1, 2], [-1], [3]], 'the shipped tree is kept as it was');
  assert.ok(adapted.threshold <= 1, 'the field is no longer left to the rules');
});
