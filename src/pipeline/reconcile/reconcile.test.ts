import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyDecisions, draftFromValues, fieldPath, type Draft, type DraftValues } from '../fields/draft.js';
import { reconcile } from './reconcile.js';

/** A draft of values read with `confidence`. */
const readDraft = (values: DraftValues, confidence = 0.95) => draftFromValues(values, (_, value) => ({ value, confidence, status: 'read' }));

/** Reconciles the draft and applies the decisions, as extract.ts does; the warnings. */
const reconciled = (draft: Draft, kind: 'invoice' | 'receipt' = 'invoice') => {
  const { decisions, warnings } = reconcile(draft, kind);
  applyDecisions(draft, decisions);
  return warnings;
};

test('three printed totals that agree stay read; a missing total is derived from the others', () => {
  const agree = readDraft({ subtotal: 100, vat_amount: 22, total: 122 });
  assert.deepEqual(reconciled(agree), []);
  assert.equal(agree.total!.status, 'read');

  const noTotal = readDraft({ subtotal: 100, vat_amount: 22 });
  reconciled(noTotal);
  assert.deepEqual([noTotal.total!.value, noTotal.total!.status], [122, 'derived']);
});

test('a subtotal that the VAT groups show to include the tax is the total, and the net is derived', () => {
  const group = (net: number, vat: number) => [{ rate: 6, net, vat, gross: net + vat }];
  const inclusive = readDraft({ subtotal: 25, vat_amount: 1.42, vat_rates: group(23.58, 1.42) });
  reconciled(inclusive, 'receipt');
  assert.deepEqual([inclusive.total!.value, inclusive.subtotal!.value, inclusive.subtotal!.status], [25, 23.58, 'derived']);
  // Groups whose net is the subtotal: the tax comes on top.
  const onTop = readDraft({ subtotal: 25, vat_amount: 1.5, vat_rates: group(25, 1.5) });
  reconciled(onTop, 'receipt');
  assert.deepEqual([onTop.total!.value, onTop.subtotal!.value], [26.5, 25]);
});

test('totals that disagree all go to review with a warning that says by how much', () => {
  const draft = readDraft({ subtotal: 100, vat_amount: 22, total: 123 });
  const warnings = reconciled(draft);
  assert.deepEqual([draft.subtotal, draft.vat_amount, draft.total].map((found) => found!.status), ['review', 'review', 'review']);
  assert.match(warnings.join(), /totals_do_not_add_up: subtotal 100 \+ VAT 22 is not the total 123/);
});

test('a BIC the page does not print comes from the IBAN bank code, marked enriched; a printed one is kept', () => {
  // DE89 3704 0044 … is the textbook Commerzbank Köln IBAN (bank code 37040044).
  const draft = readDraft({
    banks: [{ iban: 'DE89370400440532013000' }, { iban: 'DE89370400440532013000', swift_bic: 'COBADEFF370' }, { iban: 'EE382200221020145685' }],
  });
  reconciled(draft);
  assert.deepEqual(draft.banks[0]!.swift_bic, { value: 'COBADEFF', confidence: 0.9, status: 'enriched' });
  assert.equal(draft.banks[1]!.swift_bic!.value, 'COBADEFF370');
  assert.equal(draft.banks[2]!.swift_bic, undefined, 'no public bank-code registry for EE in the data: nothing invented');
});

test('a country from the VAT id prefix is enriched, Greece included', () => {
  const draft = readDraft({ vendor: { vat_id: 'EL094259216' } });
  reconciled(draft);
  assert.deepEqual([draft.vendor.country!.value, draft.vendor.country!.status], ['GR', 'enriched']);
});

test('a value read with low confidence goes to review even when nothing contradicts it', () => {
  const draft = readDraft({ document_number: 'INV-1' }, 0.4);
  reconciled(draft);
  assert.equal(draft.document_number!.status, 'review');
});

test('reconciliation returns its decisions and leaves the draft as it was until they are applied', () => {
  const draft = readDraft({ subtotal: 100, vat_amount: 22, total: 123, vat_rates: [{ rate: 22, net: 100, vat: 21 }] });
  const { decisions, warnings } = reconcile(draft, 'invoice');
  assert.deepEqual(
    decisions.map((d) => ('set' in d ? `set ${fieldPath(d.set)}` : `review ${fieldPath(d.review)}`)),
    ['review subtotal', 'review vat_amount', 'review total', 'set amount_due', 'review vat_rates[0].rate', 'review vat_rates[0].net', 'review vat_rates[0].vat'],
  );
  assert.equal(warnings.length, 2, 'totals and VAT groups');
  assert.equal(draft.total!.status, 'read');
  assert.equal(draft.amount_due, undefined);
});

test('an invoice whose amount due is not its total less its payments marks the amount due', () => {
  const paid = readDraft({ total: 30906.52, payments_credits: 6181.3, amount_due: 105 });
  assert.deepEqual(reconciled(paid), ['balance_does_not_add_up: the total 30906.52 − payments 6181.3 is not the amount due 105']);
  assert.equal(paid.amount_due!.status, 'review');
  const owed = readDraft({ total: 991.76, amount_due: 991.76 });
  assert.deepEqual(reconciled(owed), []);
  const receipt = readDraft({ total: 20, amount_due: 50 });
  assert.deepEqual(reconciled(receipt, 'receipt'), [], 'a receipt\'s "amount due" is often the cash handed over');
});
