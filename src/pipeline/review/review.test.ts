import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyCalibration } from './apply-calibration.js';
import { calibrated, needsReview, type CalibrationFile } from './calibration.js';
import { fitCalibration, REVIEW_BUDGET, type LabelledDocument, type LabelledValue } from './fit-calibration.js';
import { familyOf, VALUE_FEATURES, valueFeatures } from './value-features.js';

/** Features of a read value of `path` at raw confidence `raw`, nothing else known. */
function features(path: string, raw: number): number[] {
  return VALUE_FEATURES.map((name) => (name === `family=${familyOf(path)}` || name === 'status=read' || name === 'on_page' ? 1 : name === 'raw_confidence' ? raw : 0));
}

/** Documents of one vendor each, one value of `path` apiece, `right` of the `n` right. */
function documents(path: string, raw: number, n: number, right: number): LabelledDocument[] {
  return Array.from({ length: n }, (_, i) => {
    const value: LabelledValue = { path, status: 'read', features: features(path, raw), correct: i < right };
    return { vendor: `${path}-${raw}-${i}`, values: [value], keyMissing: false, fine: i < right };
  });
}

describe('fitting the calibration', () => {
  const fitted = fitCalibration([
    ...documents('total', 0.9, 200, 196),
    ...documents('total', 0.7, 100, 90),
    ...documents('vendor.name', 0.9, 100, 70),
    ...documents('vendor.name', 0.5, 60, 20),
  ]);
  const p = (path: string, raw: number) => calibrated(fitted, { path, status: 'read', features: features(path, raw) });

  it('states the share that was right, per family, however the raw confidence compares', () => {
    assert.ok(Math.abs(p('total', 0.9) - 0.98) < 0.03, String(p('total', 0.9)));
    assert.ok(Math.abs(p('vendor.name', 0.9) - 0.7) < 0.05, String(p('vendor.name', 0.9)));
    assert.ok(p('vendor.name', 0.9) < p('total', 0.7), 'a name at 0.9 was right less often than a total at 0.7');
  });

  it('never states less for a higher raw confidence', () => {
    const raws = [0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
    for (const path of ['total', 'vendor.name']) {
      const stated = raws.map((raw) => p(path, raw));
      assert.deepEqual(stated, [...stated].sort((a, b) => a - b), `${path}: ${stated.join(', ')}`);
    }
  });

  it('marks the names right a third of the time and stays within the budget of right values marked', () => {
    const right = [[0.9, 196], [0.7, 90]].map(([raw, n]) => ({ raw: raw!, n: n!, path: 'total' }))
      .concat([[0.9, 70], [0.5, 20]].map(([raw, n]) => ({ raw: raw!, n: n!, path: 'vendor.name' })));
    const marked = right.reduce((sum, r) => sum + (p(r.path, r.raw) < fitted.reviewBelow ? r.n : 0), 0);
    assert.ok(marked / right.reduce((sum, r) => sum + r.n, 0) <= REVIEW_BUDGET + 0.01, `${marked} right values marked`);
    assert.ok(p('vendor.name', 0.5) < fitted.reviewBelow, `threshold ${fitted.reviewBelow}`);
  });

  it('marks a currency the page does not print however sure the map is, and not one it prints', () => {
    assert.equal(needsReview(fitted, { path: 'currency', status: 'derived' }, 0.99), true);
    assert.equal(needsReview(fitted, { path: 'currency', status: 'enriched' }, 0.99), true);
    assert.equal(needsReview(fitted, { path: 'currency', status: 'read' }, 0.99), false);
  });

  it('calibrates a due date, too rare to be fitted alone, with the issue dates', () => {
    const dated = fitCalibration([
      ...documents('total', 0.9, 200, 196),
      ...documents('vendor.name', 0.5, 60, 20),
      ...documents('issue_date', 0.9, 200, 196),
      ...documents('due_date', 0.9, 8, 6),
    ]);
    const due = calibrated(dated, { path: 'due_date', status: 'read', features: features('due_date', 0.9) });
    assert.ok(due >= dated.reviewBelow, `a due date read as the issue dates are: ${due}, threshold ${dated.reviewBelow}`);
  });
});

describe('applying the calibration', () => {
  const steps = (from: number[], probability: number[]) => ({ from, probability });
  // A score of 0.5 whatever the features (one tree whose only leaf adds nothing), so the groups' steps decide.
  const file: CalibrationFile = {
    version: 3,
    trained: {},
    features: [...VALUE_FEATURES],
    score: { boosted: { base: 0, trees: [[[0]]] } },
    groups: { all: steps([0], [0.95]), subtotal: steps([0], [0.4]), 'vendor.name': steps([0], [0.85]) },
    document: steps([0, 0.5], [0.1, 0.7]),
    reviewBelow: 0.8,
  };
  const read = { status: 'read' as const, review: false };
  const outcome = {
    extraction: { line_items: [], total: 119, subtotal: 10, vat_amount: 19, issue_date: '2025-04-03', vendor: { name: 'Nordwind GmbH' } },
    field_confidence: { total: 0.9, issue_date: 0.7, 'vendor.name': 0.95, subtotal: 0.5, vat_amount: 0.99 },
    field_status: {
      total: read,
      issue_date: { status: 'review' as const, review: true },
      'vendor.name': read,
      subtotal: read,
      vat_amount: { status: 'review' as const, review: true },
    },
    review_fields: ['issue_date', 'vat_amount'],
    confidence: 0.9,
  };

  it('states the probability, marks what is below the threshold, and keeps the arithmetic\'s doubts marked', () => {
    const out = applyCalibration(outcome, file, { support: {}, rival: {}, wordConfidence: {}, missing: [] });
    assert.deepEqual(out.field_confidence, { total: 0.95, issue_date: 0.95, 'vendor.name': 0.85, subtotal: 0.4, vat_amount: 0.95 });
    assert.deepEqual(out.review_fields, ['subtotal', 'vat_amount']);
    assert.deepEqual(out.field_status['subtotal'], { status: 'review', review: true });
    assert.deepEqual(out.field_status['vat_amount'], { status: 'review', review: true }, 'totals that do not add up stay marked');
    assert.deepEqual(out.field_status['issue_date'], { status: 'read', review: false }, 'a doubted date right often enough reads as read');
  });

  it('maps the product of the key values to the document confidence, and a missing key field to its lowest step', () => {
    assert.equal(applyCalibration(outcome, file, { support: {}, rival: {}, wordConfidence: {}, missing: [] }).confidence, 0.7, 'product 0.95 × 0.95 × 0.85 ≥ 0.5');
    const missing = applyCalibration(outcome, file, { support: {}, rival: {}, wordConfidence: {}, missing: ['document_number'] });
    assert.equal(missing.confidence, 0.1);
    assert.ok(missing.review_fields.includes('document_number'));
  });

  const at = (name: string) => VALUE_FEATURES.indexOf(name as (typeof VALUE_FEATURES)[number]);
  const none = { support: {}, rival: {}, wordConfidence: {} };

  it('knows when the amounts agree', () => {
    const agree = (total: number) => valueFeatures({ ...outcome, extraction: { ...outcome.extraction, total } }, none).get('total')!;
    assert.equal(agree(29)[at('amounts_agree')], 1);
    assert.equal(agree(119)[at('amounts_disagree')], 1);
  });

  it('counts a subtotal derived from the total as no agreement', () => {
    const derived = { ...outcome, field_status: { ...outcome.field_status, subtotal: { status: 'derived' as const, review: false } } };
    const features = valueFeatures({ ...derived, extraction: { ...outcome.extraction, total: 29 } }, none).get('total')!;
    assert.equal(features[at('amounts_agree')], 0);
    assert.equal(features[at('total_witnessed')], 0);
  });

  it('weighs the amounts that give the total again: the cash paid, the VAT groups, the lines', () => {
    const receipt = (total: number) =>
      valueFeatures({ ...outcome, extraction: { total, payment: { tendered: 50, change: 21.6 }, vat_rates: [{ rate: 6, net: 26.79, vat: 1.61, gross: 28.4 }], line_items: [{ total: 28.4 }] } }, none).get('total')!;
    assert.deepEqual([receipt(28.4)[at('total_witnessed')], receipt(28.4)[at('total_contradicted')]], [1, 0], 'three agree, two counted');
    assert.deepEqual([receipt(19182.4)[at('total_witnessed')], receipt(19182.4)[at('total_contradicted')]], [0, 1]);
    assert.equal(receipt(28.4)[at('amounts_agree')], 1, 'the lines add up');
  });

  it('tells an address that holds its postal code and a name that is a shop\'s courtesy', () => {
    const parties = valueFeatures(
      {
        extraction: { line_items: [], vendor: { name: 'GOODS SOLD ARE NOT RETURNABLE THANK YOU', document_address: 'NO. 15, JLN TSJ2, 40000 SHAH ALAM', postal_code: '40000' }, customer: { name: 'Sol y Mar S.Coop.', document_address: 'Calle Mayor 11, Sdn Bhd' } },
        field_confidence: { 'vendor.name': 0.9, 'vendor.document_address': 0.9, 'customer.name': 0.9, 'customer.document_address': 0.9 },
        field_status: { 'vendor.name': read, 'vendor.document_address': read, 'customer.name': read, 'customer.document_address': read },
      },
      none,
    );
    assert.equal(parties.get('vendor.name')![at('name_courtesy')], 1);
    assert.equal(parties.get('customer.name')![at('name_courtesy')], 0);
    const thanks = valueFeatures({ extraction: { line_items: [], vendor: { name: 'TQ FOR SHOPPINGWITH myNEWS.com' } }, field_confidence: { 'vendor.name': 0.9 }, field_status: { 'vendor.name': read } }, none);
    assert.equal(thanks.get('vendor.name')![at('name_courtesy')], 1, '"TQ": thank you, as Malaysian shops print it');
    assert.deepEqual([parties.get('vendor.document_address')![at('address_postal')], parties.get('vendor.document_address')![at('address_legal_form')]], [1, 0]);
    assert.deepEqual([parties.get('customer.document_address')![at('address_postal')], parties.get('customer.document_address')![at('address_legal_form')]], [0, 1]);
    assert.equal(parties.get('vendor.document_address')![at('family=address')], 1);
  });

  it('weighs OCR\'s doubt in the words of a vendor name on its own, and not for an amount of a line', () => {
    const features = valueFeatures(outcome, { support: {}, rival: {}, wordConfidence: { 'vendor.name': 0.62, subtotal: 0.5 } });
    assert.equal(features.get('vendor.name')![at('word_confidence')], 0.62);
    assert.ok(Math.abs(features.get('vendor.name')![at('word_doubt=vendor.name')]! - 0.38) < 1e-9);
    assert.equal(features.get('subtotal')![at('word_confidence')], 0.5);
    assert.ok(VALUE_FEATURES.every((name, i) => !name.startsWith('word_doubt') || features.get('subtotal')![i] === 0));
    assert.equal(features.get('total')![at('word_confidence')], 1, 'a text layer, or nothing known');
  });

  it('counts the lines a name or an address was read without, for those families only, at most two', () => {
    const withAddress = {
      ...outcome,
      extraction: { ...outcome.extraction, vendor: { name: 'Nordwind GmbH', document_address: 'Hauptstr. 5, 10115 Berlin' } },
      field_confidence: { ...outcome.field_confidence, 'vendor.document_address': 0.9 },
      field_status: { ...outcome.field_status, 'vendor.document_address': read },
    };
    const features = valueFeatures(withAddress, { support: {}, rival: {}, wordConfidence: {}, leftOut: { 'vendor.name': 1, 'vendor.document_address': 3, subtotal: 1 } });
    assert.equal(features.get('vendor.name')![at('left_out=vendor.name')], 0.5);
    assert.equal(features.get('vendor.document_address')![at('left_out=address')], 1);
    assert.ok(VALUE_FEATURES.every((name, i) => !name.startsWith('left_out') || features.get('subtotal')![i] === 0));
  });
});
