import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldValue, Findings } from '../fields/find-fields.js';
import type { Found } from '../fields/found.js';
import { reconcile } from './reconcile.js';

const read = (value: FieldValue, confidence = 0.95): Found<FieldValue> => ({ value, confidence, status: 'read' });

test('three printed totals that agree stay read; a missing total is derived from the others', () => {
  const agree: Findings = new Map([['subtotal', read(100)], ['vat_amount', read(22)], ['total', read(122)]]);
  assert.deepEqual(reconcile(agree, 'invoice'), []);
  assert.equal(agree.get('total')!.status, 'read');

  const noTotal: Findings = new Map([['subtotal', read(100)], ['vat_amount', read(22)]]);
  reconcile(noTotal, 'invoice');
  assert.deepEqual([noTotal.get('total')!.value, noTotal.get('total')!.status], [122, 'derived']);
});

test('a subtotal that the VAT groups show to include the tax is the total, and the net is derived', () => {
  const group = (net: number, vat: number): [string, Found<FieldValue>][] => [
    ['vat_rates[0].rate', read(6)],
    ['vat_rates[0].net', read(net)],
    ['vat_rates[0].vat', read(vat)],
    ['vat_rates[0].gross', read(net + vat)],
  ];
  const inclusive: Findings = new Map([['subtotal', read(25)], ['vat_amount', read(1.42)], ...group(23.58, 1.42)]);
  reconcile(inclusive, 'receipt');
  assert.deepEqual([inclusive.get('total')!.value, inclusive.get('subtotal')!.value, inclusive.get('subtotal')!.status], [25, 23.58, 'derived']);
  // Groups whose net is the subtotal: the tax comes on top.
  const onTop: Findings = new Map([['subtotal', read(25)], ['vat_amount', read(1.5)], ...group(25, 1.5)]);
  reconcile(onTop, 'receipt');
  assert.deepEqual([onTop.get('total')!.value, onTop.get('subtotal')!.value], [26.5, 25]);
});

test('totals that disagree all go to review with a warning that says by how much', () => {
  const findings: Findings = new Map([['subtotal', read(100)], ['vat_amount', read(22)], ['total', read(123)]]);
  const warnings = reconcile(findings, 'invoice');
  assert.deepEqual(['subtotal', 'vat_amount', 'total'].map((p) => findings.get(p)!.status), ['review', 'review', 'review']);
  assert.match(warnings.join(), /totals_do_not_add_up: subtotal 100 \+ VAT 22 is not the total 123/);
});

test('a BIC the page does not print comes from the IBAN bank code, marked enriched; a printed one is kept', () => {
  // DE89 3704 0044 … is the textbook Commerzbank Köln IBAN (bank code 37040044).
  const findings: Findings = new Map([
    ['banks[0].iban', read('DE89370400440532013000')],
    ['banks[1].iban', read('DE89370400440532013000')],
    ['banks[1].swift_bic', read('COBADEFF370')],
    ['banks[2].iban', read('EE382200221020145685')],
  ]);
  reconcile(findings, 'invoice');
  assert.deepEqual(findings.get('banks[0].swift_bic'), { value: 'COBADEFF', confidence: 0.9, status: 'enriched' });
  assert.equal(findings.get('banks[1].swift_bic')!.value, 'COBADEFF370');
  assert.equal(findings.has('banks[2].swift_bic'), false, 'no public bank-code registry for EE in the data: nothing invented');
});

test('a country from the VAT id prefix is enriched, Greece included', () => {
  const findings: Findings = new Map([['vendor.vat_id', read('EL094259216')]]);
  reconcile(findings, 'invoice');
  assert.deepEqual([findings.get('vendor.country')!.value, findings.get('vendor.country')!.status], ['GR', 'enriched']);
});

test('a value read with low confidence goes to review even when nothing contradicts it', () => {
  const findings: Findings = new Map([['document_number', read('INV-1', 0.4)]]);
  reconcile(findings, 'invoice');
  assert.equal(findings.get('document_number')!.status, 'review');
});
