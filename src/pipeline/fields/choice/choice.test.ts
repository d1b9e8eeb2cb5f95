import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { textPage } from '../../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../../layout/text-document.js';
import { buildContext } from '../context.js';
import { findFields } from '../find-fields.js';
import { amountCandidates } from './candidates.js';
import { chooseFields, FEATURE_NAMES } from './choose.js';
import { AMOUNT_FEATURES, amountFeatures, DATE_FEATURES } from './features.js';
import { fit } from './fit.js';
import { fromFile, type ModelFile } from './model.js';
import { documentExamples } from './training.js';

const page = textPage(`ACME SUPPLIES LTD                     Invoice no. 4711
Date 05.01.2024
Widget A     2 x 40.00                80.00
Widget B     1 x 20.00                20.00
Subtotal                             100.00
VAT 20 %                              20.00
Total                                120.00`);

const featureOf = (name: (typeof AMOUNT_FEATURES)[number]) => AMOUNT_FEATURES.indexOf(name);

describe('learned choice: candidates and features', () => {
  const context = buildContext(buildTextDocument([page]), {});
  const candidates = amountCandidates(context);
  const { findings } = findFields(context.document, {}, null);
  const rows = amountFeatures(context, candidates, findings);
  const at = (value: number) => rows[candidates.findIndex((c) => c.value === value && /Total/u.test(c.line.text))]!;

  it('lists every printed amount that is not a rate or a date', () => {
    assert.deepEqual(
      candidates.map((c) => c.value),
      [4711, 2, 40, 80, 1, 20, 20, 100, 20, 120],
    );
  });

  it('says which label points at a value, how the values add up and what the rules chose', () => {
    const total = at(120);
    assert.ok(total[featureOf('label:total')]! > 0.5);
    assert.equal(total[featureOf('label:subtotal')], 0);
    assert.equal(total[featureOf('sum:of_two_others')], 1, '100 + 20');
    assert.equal(total[featureOf('rule:total')], 1);
    assert.equal(total.length, AMOUNT_FEATURES.length);
  });
});

describe('learned choice: a model picks among the candidates', () => {
  // Trained on one page in which the total is whatever amount a "Total" label points at.
  const examples = documentExamples([page], { total: 120, issue_date: '2024-01-05' });
  const model = (field: 'total' | 'issue_date', threshold: number): ModelFile => ({
    version: 1,
    trained: {},
    fields: { [field]: fit(examples[field]!.rows, examples[field]!.targets, { learner: 'logistic', family: field === 'total' ? 'amount' : 'date', features: field === 'total' ? AMOUNT_FEATURES : DATE_FEATURES, threshold }) },
  });

  it('replaces the rules\' pick when the model is sure of another candidate', () => {
    // The rules read no total on this page: its label is one they do not know; the model knows the column.
    const other = textPage(`Subtotal                             200.00
VAT 20 %                              40.00
Total                                240.00`);
    const context = buildContext(buildTextDocument([other]), {});
    const findings = new Map();
    const decisions = chooseFields(context, findings, fromFile(model('total', 0.5)));
    assert.equal(decisions.get('total')?.value, 240);
    assert.ok(decisions.get('total')!.evidence!.box[0] > 0);
  });

  it('leaves the rules\' pick where the model is not sure enough', () => {
    const context = buildContext(buildTextDocument([page]), {});
    const { findings } = findFields(context.document, {}, null);
    findings.set('total', { value: 100, confidence: 0.9, status: 'read' });
    assert.equal(chooseFields(context, findings, fromFile(model('total', 1.01))).size, 0);
  });

  it('uses no model trained on other features than the engine computes', () => {
    const stale = model('total', 0.5);
    stale.fields.total!.features = stale.fields.total!.features.slice(1);
    const context = buildContext(buildTextDocument([page]), {});
    assert.equal(chooseFields(context, new Map(), fromFile(stale)).size, 0);
  });
});

describe('the committed model', () => {
  it('was trained on the features the engine computes now (else run npm run train)', () => {
    const file = JSON.parse(readFileSync(new URL('../../../../../models/field-choice.json', import.meta.url), 'utf8')) as ModelFile;
    for (const [field, entry] of Object.entries(file.fields)) assert.deepEqual(entry.features, [...FEATURE_NAMES[entry.family]], field);
    assert.ok(Object.keys(file.fields).length >= 2);
  });
});
