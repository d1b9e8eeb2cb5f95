import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyCalibration } from './apply-calibration.js';
import { calibrated, type CalibrationFile } from './calibration.js';
import { fitCalibration, REVIEW_BUDGET, type LabelledValue } from './fit-calibration.js';

/** `n` values of `path` at raw confidence `raw`, `right` of them right. */
const values = (path: string, raw: number, n: number, right: number, status: LabelledValue['status'] = 'read'): LabelledValue[] =>
  Array.from({ length: n }, (_, i) => ({ path, status, confidence: raw, correct: i < right }));

describe('fitting the calibration', () => {
  const fitted = fitCalibration([
    ...values('total', 0.9, 200, 196),
    ...values('total', 0.7, 100, 90),
    ...values('vendor.name', 0.9, 100, 70),
    ...values('vendor.name', 0.5, 60, 20),
    ...values('line_items[3].total', 0.8, 30, 29),
  ]);
  const p = (path: string, raw: number, status: LabelledValue['status'] = 'read') => calibrated(fitted, { path, status, confidence: raw });

  it('states the share that was right, per family, however the raw confidence compares', () => {
    assert.ok(Math.abs(p('total', 0.9) - 0.98) < 0.01, String(p('total', 0.9)));
    assert.ok(Math.abs(p('vendor.name', 0.9) - 0.7) < 0.01, String(p('vendor.name', 0.9)));
    assert.ok(p('vendor.name', 0.9) < p('total', 0.7), 'a name at 0.9 was right less often than a total at 0.7');
  });

  it('never states less for a higher raw confidence', () => {
    const raws = [0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
    for (const path of ['total', 'vendor.name']) {
      const stated = raws.map((raw) => p(path, raw));
      assert.deepEqual(stated, [...stated].sort((a, b) => a - b), `${path}: ${stated.join(', ')}`);
    }
  });

  it('answers a family with too few values from all values', () => {
    assert.equal(fitted.groups['item.amount'], undefined);
    assert.equal(p('line_items[0].total', 0.8), calibrated(fitted, { path: 'iban-like unknown', status: 'read', confidence: 0.8 }));
  });

  it('chooses the threshold that marks the most within the budget of right values marked', () => {
    const all = [...values('total', 0.9, 200, 196), ...values('total', 0.7, 100, 90), ...values('vendor.name', 0.9, 100, 70), ...values('vendor.name', 0.5, 60, 20)];
    const share = (threshold: number) => {
      const right = all.filter((v) => v.correct);
      return right.filter((v) => calibrated(fitted, v) < threshold).length / right.length;
    };
    assert.ok(share(fitted.reviewBelow) <= REVIEW_BUDGET, String(share(fitted.reviewBelow)));
    assert.ok(share(fitted.reviewBelow + 0.01) > REVIEW_BUDGET || fitted.reviewBelow === 1);
    assert.ok(p('vendor.name', 0.5) < fitted.reviewBelow, 'the names right a third of the time are marked');
  });
});

describe('applying the calibration', () => {
  const file: CalibrationFile = {
    version: 1,
    trained: {},
    reviewBelow: 0.8,
    groups: { all: { from: [0, 0.6], probability: [0.4, 0.95] }, 'vendor.name': { from: [0, 0.9], probability: [0.5, 0.85] } },
  };
  const outcome = {
    field_confidence: { total: 0.9, issue_date: 0.7, 'vendor.name': 0.95, subtotal: 0.5, vat_amount: 0.99 },
    field_status: {
      total: { status: 'read' as const, review: false },
      issue_date: { status: 'read' as const, review: false },
      'vendor.name': { status: 'read' as const, review: false },
      subtotal: { status: 'read' as const, review: false },
      vat_amount: { status: 'review' as const, review: true },
    },
    review_fields: ['vat_amount'],
    confidence: 0.9,
  };

  it('states the probability, marks what is below the threshold and keeps what reconciliation doubted', () => {
    const out = applyCalibration(outcome, file, []);
    assert.deepEqual(out.field_confidence, { total: 0.95, issue_date: 0.95, 'vendor.name': 0.85, subtotal: 0.4, vat_amount: 0.95 });
    assert.deepEqual(out.review_fields, ['subtotal', 'vat_amount']);
    assert.equal(out.field_status['vat_amount']!.review, true);
  });

  it('gives the document the probability that none of its key values needs correcting', () => {
    assert.equal(applyCalibration(outcome, file, []).confidence, Math.round(0.95 * 0.95 * 0.85 * 1000) / 1000);
    const missing = applyCalibration(outcome, file, ['document_number']);
    assert.equal(missing.confidence, 0, 'a key field to fill in is a correction');
    assert.ok(missing.review_fields.includes('document_number'));
  });
});
