import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Compile } from 'typebox/compile';
import { DocumentFields } from '../schemas/document-fields.schema.js';
import type { LineItem } from '../schemas/document-fields.schema.js';
import { draftFromValues, setField, type DraftValues, type FieldValue } from './fields/draft.js';
import type { Found } from './fields/found.js';
import { buildOutcomeFields } from './outcome.js';
import { dropInvalidValues } from './valid-extraction.js';

const read = (values: DraftValues) =>
  draftFromValues(values, (_, value) => ({ value, confidence: 0.9, status: 'read', evidence: { page: 1, box: [10, 10, 20, 20], confidence: 1 } }));
const valid = Compile(DocumentFields);
const lineItem = (values: Partial<LineItem>): LineItem => ({
  description: null, code: null, ean: null, quantity: null, unit: null, unit_price: null, net_unit_price: null, discount_percent: null,
  discount_amount: null, subtotal: null, vat_rate: null, vat_amount: null, total: null, amount: null, ...values,
});

describe('outcome', () => {
  it('nests the draft as DocumentFields, with confidence, status and region per path', () => {
    const outcome = buildOutcomeFields(read({ total: 12.5, vendor: { name: 'ACME Ltd' }, banks: [{ iban: 'DE89370400440532013000' }] }));
    assert.deepEqual(outcome.extraction, {
      line_items: [],
      banks: [{ name: null, iban: 'DE89370400440532013000', swift_bic: null }],
      total: 12.5,
      vendor: { name: 'ACME Ltd' },
    });
    assert.deepEqual(Object.keys(outcome.field_confidence), ['banks[0].iban', 'total', 'vendor.name']);
    assert.deepEqual(outcome.regions!['vendor.name'], { page: 1, box: [10, 10, 20, 20], normalized_value: 'ACME Ltd' });
    assert.deepEqual(outcome.warnings, []);
  });

  it('gives each line item one enclosing region around its members, on the page holding most of them', () => {
    const at = (page: number, box: [number, number, number, number]): Found<FieldValue> => ({ value: 1, confidence: 0.9, status: 'read', evidence: { page, box, confidence: 1 } });
    const findings = new Map<string, Found<FieldValue>>([
      ['line_items[0].description', at(1, [100, 300, 260, 312])],
      ['line_items[0].subtotal', at(1, [880, 302, 926, 314])],
      ['line_items[0].vat_rate', { value: 19, confidence: 0.9, status: 'derived' }],
      ['line_items[1].description', at(1, [100, 960, 200, 972])],
      ['line_items[1].quantity', at(2, [600, 80, 610, 92])],
      ['line_items[1].subtotal', at(2, [880, 80, 926, 92])],
    ]);
    const outcome = buildOutcomeFields(read({}), [lineItem({ description: 'Tea', subtotal: 1, vat_rate: 19 }), lineItem({ description: 'Cups', quantity: 1, subtotal: 1 })], findings);
    assert.deepEqual(outcome.regions!['line_items[0]'], { page: 1, box: [100, 300, 926, 314] });
    assert.deepEqual(outcome.regions!['line_items[1]'], { page: 2, box: [600, 80, 926, 92] });
    assert.equal(outcome.field_status['line_items[0].vat_rate']!.status, 'derived');
  });

  it('gives a VAT group every member the schema requires: a rate the e-invoice leaves out is null, an empty group all null', () => {
    const outcome = buildOutcomeFields(read({ vat_rates: [{ rate: null, net: null, vat: null, gross: null }, { rate: null, net: 100, vat: 0, gross: 100 }] }));
    assert.deepEqual(outcome.extraction.vat_rates, [
      { rate: null, net: null, vat: null, gross: null },
      { rate: null, net: 100, vat: 0, gross: 100 },
    ]);
    assert.deepEqual(Object.keys(outcome.field_confidence), ['vat_rates[1].gross', 'vat_rates[1].net', 'vat_rates[1].vat']);
    assert.ok(valid.Check(outcome.extraction));
    assert.deepEqual(outcome.warnings, []);
  });

  it('drops a value the schema does not allow, says so, and keeps the other fields', () => {
    const draft = read({ total: 12.5, issue_date: '2024-03-01', vendor: { name: 'ACME Ltd' } });
    // A stage's bug: a date that is no date, an amount that is not a number.
    setField(draft, ['issue_date'], { value: '2024-02-30', confidence: 0.9, status: 'read' });
    setField(draft, ['subtotal'], { value: Number.NaN, confidence: 0.9, status: 'read' });
    const outcome = buildOutcomeFields(draft);
    assert.ok(valid.Check(outcome.extraction));
    assert.deepEqual(outcome.extraction, { line_items: [], total: 12.5, vendor: { name: 'ACME Ltd' } });
    assert.deepEqual(Object.keys(outcome.field_confidence), ['total', 'vendor.name']);
    assert.deepEqual(Object.keys(outcome.regions!), ['total', 'vendor.name']);
    assert.equal(outcome.warnings.length, 2);
    assert.match(outcome.warnings[0]!, /^invalid_value_dropped: issue_date must match format "date"/u);
    assert.match(outcome.warnings[1]!, /^invalid_value_dropped: subtotal must be number/u);
  });
});

describe('the schema check', () => {
  it('takes a whole array with a bad element (other paths would be renumbered), and only the member of a line item', () => {
    const extraction = { line_items: [{ description: 'Tea', total: 'two' }], vat_rates: [{ rate: 19, net: 'x', vat: 1.9, gross: 11.9 }], total: 11.9 };
    const dropped = dropInvalidValues(extraction);
    assert.deepEqual(
      dropped.map((d) => d.path),
      ['vat_rates[0].net', 'vat_rates', 'line_items[0].total'],
    );
    assert.deepEqual(extraction, { line_items: [{ description: 'Tea' }], total: 11.9 });
  });

  it('throws on a fault that is no value: an extraction without line_items', () => {
    assert.throws(() => dropInvalidValues({ total: 1 }), /does not match the DocumentFields schema/u);
  });
});
