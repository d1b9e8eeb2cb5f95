import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../../tests/helpers/text-page.js';
import { buildTextDocument } from '../../layout/text-document.js';
import { emptyDraft, fieldPath } from '../draft.js';
import { findFields } from '../find-fields.js';
import { chooseFields, familyCandidates, FEATURE_NAMES } from './choose.js';
import { fromFile, type FieldModelFile, type ModelFile } from './model.js';
import { PARTY_FEATURES } from './party-features.js';
import { documentExamples } from './training.js';

const page = textPage(`THE ROTI MAN BAKERY SDN BHD (862725-U)
NO 12, JALAN KANCIL 3
47100 PUCHONG, SELANGOR
TEL: 03-8888 1234
CASH RECEIPT
Date 05.01.2024
Bread      2 x 4.00      8.00
Total                    8.00
GOODS SOLD ARE NOT RETURNABLE THANK YOU`);

const feature = (row: number[], name: (typeof PARTY_FEATURES)[number]) => row[PARTY_FEATURES.indexOf(name)];

describe('learned choice: the vendor name (party family)', () => {
  const { draft, context } = findFields(buildTextDocument([page]), {}, null);
  const { candidates, features } = familyCandidates('party', context, draft);
  const rowOf = (value: string) => {
    const i = candidates.findIndex((c) => c.value === value);
    assert.ok(i >= 0, `no candidate "${value}" among ${JSON.stringify(candidates.map((c) => c.value))}`);
    return features[i]!;
  };

  it('lists the head\'s cells, two lines joined, the rules\' pick, and no cell twice', () => {
    const values = candidates.map((c) => c.value);
    assert.equal(draft.vendor.name?.value, 'THE ROTI MAN BAKERY SDN BHD');
    assert.equal(candidates[0]!.value, draft.vendor.name!.value, 'the rules\' pick is always a candidate, first');
    assert.ok(values.includes('THE ROTI MAN BAKERY SDN BHD (862725-U)'), 'the cell as printed');
    assert.equal(values.filter((v) => v === 'THE ROTI MAN BAKERY SDN BHD').length, 1, 'the cut before the company number is the rules\' pick: listed once');
    assert.ok(values.includes('NO 12, JALAN KANCIL 3'));
    assert.ok(values.includes('TEL: 03-8888'), 'cut before a number of four or more digits');
    assert.ok(values.includes('NO 12, JALAN KANCIL 3 47100 PUCHONG, SELANGOR'), 'a line with the one right under it');
    assert.ok(values.includes('GOODS SOLD ARE NOT RETURNABLE THANK YOU'), 'a short page: all of it is the head');
    assert.ok(features.every((row) => row.length === PARTY_FEATURES.length && row.every(Number.isFinite)));
  });

  it('says what the lexicons know of each line and what the rules chose', () => {
    const name = rowOf('THE ROTI MAN BAKERY SDN BHD');
    assert.equal(feature(name, 'rule:vendor_name'), 1);
    assert.equal(feature(name, 'cand:rule'), 1);
    assert.equal(feature(name, 'lex:legal_form_end'), 1);
    assert.equal(feature(name, 'text:upper'), 1);
    assert.equal(feature(rowOf('THE ROTI MAN BAKERY SDN BHD (862725-U)'), 'rule:vendor_name'), 0, '"(862725-U)" is too much for the scorer');
    assert.equal(feature(rowOf('NO 12, JALAN KANCIL 3 47100 PUCHONG, SELANGOR'), 'cand:join'), 1);
    const street = rowOf('NO 12, JALAN KANCIL 3');
    assert.equal(feature(street, 'lex:street'), 1);
    assert.equal(feature(street, 'addr:like'), 1);
    assert.equal(feature(street, 'rule:vendor_name'), 0);
    assert.equal(feature(rowOf('TEL: 03-8888 1234'), 'lex:phone'), 1);
    assert.equal(feature(rowOf('47100 PUCHONG, SELANGOR'), 'addr:postal'), 1);
    assert.equal(feature(rowOf('GOODS SOLD ARE NOT RETURNABLE THANK YOU'), 'lex:legal_form_elsewhere'), 1);
    assert.equal(feature(name, 'at:largest'), 1, 'every line is printed alike here');
  });

  it('labels a candidate by the scorer\'s rule for free text', () => {
    const examples = documentExamples([page], { vendor: { name: 'The Roti Man Bakery Sdn. Bhd.' } })['vendor.name']!;
    const right = examples.values.filter((_, i) => examples.targets[i] === 1);
    assert.ok(right.includes('THE ROTI MAN BAKERY SDN BHD'));
    assert.ok(!right.includes('NO 12, JALAN KANCIL 3'));
    assert.equal(documentExamples([page], { vendor: { name: 'ROTI' } })['vendor.name']!.targets.includes(1), false, '"ROTI" is not the name');
  });
});

describe('learned choice: model files and the vendor name', () => {
  const { draft, context } = findFields(buildTextDocument([page]), {}, null);
  /** A logistic model over the party features that believes one of them (and doubts joined lines). */
  const believing = (name: string, threshold: number): FieldModelFile => ({
    family: 'party',
    features: [...PARTY_FEATURES],
    threshold,
    learner: 'logistic',
    model: [...PARTY_FEATURES.map((n) => (n === name ? 7.8 : n === 'cand:join' ? -7.8 : 0)), -3.9],
    mean: PARTY_FEATURES.map(() => 0),
    scale: PARTY_FEATURES.map(() => 1),
  });

  it('gives the rules\' name the model\'s probability as support where it keeps it', () => {
    const decisions = chooseFields(context, draft, fromFile({ version: 1, trained: {}, fields: { 'vendor.name': believing('rule:vendor_name', 1.01) } }));
    assert.deepEqual(decisions.map((d) => ('set' in d ? fieldPath(d.set) : 'review')), ['vendor.name']);
    const kept = 'set' in decisions[0]! ? decisions[0].found : undefined;
    assert.equal(kept?.value, draft.vendor.name!.value);
    assert.ok(kept!.support! > 0.95, `support ${kept!.support}`);
    const doubting = chooseFields(context, draft, fromFile({ version: 1, trained: {}, fields: { 'vendor.name': believing('lex:street', 1.01) } }));
    const doubted = 'set' in doubting[0]! ? doubting[0].found : undefined;
    assert.ok(doubted!.support! < 0.05, `a model that believes street lines doubts the name: ${doubted!.support}`);
  });

  it('replaces the rules\' name at or above the threshold, with where it is printed', () => {
    const decisions = chooseFields(context, draft, fromFile({ version: 1, trained: {}, fields: { 'vendor.name': believing('lex:street', 0.5) } }));
    const found = 'set' in decisions[0]! ? decisions[0].found : undefined;
    assert.equal(found?.value, 'NO 12, JALAN KANCIL 3');
    assert.ok(found!.evidence!.box[1] > 20, 'the second line');
  });

  it('loads a model file without the family, and leaves the vendor name to the rules', () => {
    const older: ModelFile = { version: 1, trained: {}, fields: {} };
    const model = fromFile(older);
    assert.equal(model['vendor.name'], undefined);
    assert.deepEqual(chooseFields(context, draft, model), []);
    const unknown = fromFile({ version: 1, trained: {}, fields: { 'payee.name': believing('lex:street', 0.5) } } as unknown as ModelFile);
    assert.deepEqual(Object.keys(unknown), [], 'a field this engine does not choose is not loaded');
  });

  it('uses no party model trained on other features than the engine computes', () => {
    const stale = believing('lex:street', 0.5);
    stale.features = stale.features.slice(1);
    assert.deepEqual(chooseFields(context, { ...emptyDraft(), vendor: draft.vendor }, fromFile({ version: 1, trained: {}, fields: { 'vendor.name': stale } })), []);
    assert.deepEqual(FEATURE_NAMES.party, PARTY_FEATURES);
  });
});
