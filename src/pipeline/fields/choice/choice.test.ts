import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { textPage } from '../../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../../layout/text-document.js';
import { buildContext } from '../context.js';
import { emptyDraft, fieldPath } from '../draft.js';
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
  const { draft } = findFields(context.document, {}, null);
  const rows = amountFeatures(context, candidates, draft);
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

describe('learned choice: a receipt\'s tax summary', () => {
  const receipt = buildContext(buildTextDocument([textPage(`CASH RECEIPT
AMT PAID Incl. GST      RM78.30
GST AMT                  RM4.43
CASH                    RM80.00
GST Summary      Amount     Tax
TOTAL             73.87    4.43`)]), {});
  const candidates = amountCandidates(receipt);
  const rows = amountFeatures(receipt, candidates, findFields(receipt.document, {}, null).draft);
  const summary = (value: number) => rows[candidates.findIndex((c) => c.value === value)]![featureOf('section:tax_summary')];

  it('marks the amounts under its heading, and no other', () => {
    assert.equal(summary(73.87), 1);
    assert.equal(summary(78.3), 0);
    assert.equal(summary(80), 0);
  });
});

describe('learned choice: a model picks among the candidates', () => {
  /** A logistic model that believes one feature: probability 0.98 where it is 1, 0.02 where it is 0. */
  const believing = (feature: string, threshold: number): ModelFile => ({
    version: 1,
    trained: {},
    fields: {
      total: {
        family: 'amount',
        features: [...AMOUNT_FEATURES],
        threshold,
        learner: 'logistic',
        model: [...AMOUNT_FEATURES.map((name) => (name === feature ? 7.8 : 0)), -3.9],
        mean: AMOUNT_FEATURES.map(() => 0),
        scale: AMOUNT_FEATURES.map(() => 1),
      },
    },
  });
  const context = buildContext(buildTextDocument([page]), {});

  it('replaces the rules\' pick with the candidate the model is sure of, with its place on the page', () => {
    const draft = { ...emptyDraft(), total: { value: 100, confidence: 0.9, status: 'read' as const } };
    const decisions = chooseFields(context, draft, fromFile(believing('label:total', 0.5)));
    assert.deepEqual(decisions.map((d) => ('set' in d ? fieldPath(d.set) : 'review')), ['total']);
    const decision = 'set' in decisions[0]! ? decisions[0].found : undefined;
    assert.equal(decision?.value, 120);
    assert.ok(decision!.confidence >= 0.5, "at least the threshold it was taken at");
    assert.deepEqual(decision!.evidence!.box, amountCandidates(context).find((c) => c.value === 120)!.evidence.box);
  });

  it('leaves the rules\' pick where the model is not sure enough, with how much the model believes it', () => {
    const rule = { value: 100, confidence: 0.9, status: 'read' as const };
    const decisions = chooseFields(context, { ...emptyDraft(), total: rule }, fromFile(believing('label:total', 1.01)));
    assert.equal(decisions.length, 1);
    const kept = 'set' in decisions[0]! ? decisions[0].found : undefined;
    assert.deepEqual({ ...kept, support: undefined, rival: undefined }, { ...rule, support: undefined, rival: undefined }, 'the rules\' value, confidence and status stand');
    assert.ok(kept!.support! < 0.5, `the model points at another amount: support ${kept!.support}`);
    assert.ok(kept!.rival! > kept!.support!, `the amount it points at is the rival: ${kept!.rival} against ${kept!.support}`);
  });

  it('uses no model trained on other features than the engine computes', () => {
    const stale = believing('label:total', 0.5);
    stale.fields.total!.features = stale.fields.total!.features.slice(1);
    assert.equal(chooseFields(context, emptyDraft(), fromFile(stale)).length, 0);
  });

  it('fits a model that ranks the labelled value first on a page it was trained on', () => {
    const examples = documentExamples([page], { total: 120, issue_date: '2024-01-05' });
    const fitted = fit(examples.total!.rows, examples.total!.targets, { learner: 'logistic', family: 'amount', features: AMOUNT_FEATURES, threshold: 0.5 });
    const scores = fromFile({ version: 1, trained: {}, fields: { total: fitted } }).total!.score(examples.total!.rows);
    const best = scores.indexOf(Math.max(...scores));
    assert.equal(examples.total!.values[best], 120);
    assert.deepEqual(examples.issue_date!.values, ['2024-01-05']);
  });
});

describe('the committed model', () => {
  it('was trained on the features the engine computes now (else run npm run train)', () => {
    const file = JSON.parse(readFileSync(new URL('../../../../../models/field-choice.json', import.meta.url), 'utf8')) as ModelFile;
    for (const [field, entry] of Object.entries(file.fields)) assert.deepEqual(entry.features, [...FEATURE_NAMES[entry.family]], field);
    assert.ok(Object.keys(file.fields).length >= 2);
  });
});
