// All field finders over one document. Out comes a flat map from field path ("total", "vendor.name",
// "banks[0].iban") to what was found, which reconciliation checks and the outcome turns into
// DocumentFields, confidences, statuses and regions.
import type { Hints } from '../../schemas/hints.schema.js';
import type { TextDocument } from '../layout/text-document.js';
import { findBanks } from './banks.js';
import { chooseFields } from './choice/choose.js';
import { choiceModel, type ChoiceModel } from './choice/model.js';
import { buildContext, type DocumentKind, type FieldContext } from './context.js';
import { findCurrency } from './currency.js';
import { findDates } from './dates.js';
import type { Found } from './found.js';
import { findAccountNumber, findDocumentNumber } from './identifiers.js';
import { findParties, type FoundParty } from './parties.js';
import { findPayment } from './payment.js';
import { findTotals } from './totals.js';
import { findUtilityFields } from './utility.js';
import { findVatGroups, totalPrintedApart, totalsFromGroups } from './vat-groups.js';

export type FieldValue = string | number;
export type Findings = Map<string, Found<FieldValue>>;

export interface FieldResult {
  findings: Findings;
  kind: DocumentKind;
  /** The document as the finders saw it, for the line-item reader. */
  context: FieldContext;
}

/** `model`: the learned choice over the rules' picks (choice/); null for the rules alone, as training needs them. */
export function findFields(document: TextDocument, hints: Hints, model: ChoiceModel | null = choiceModel()): FieldResult {
  const context = buildContext(document, hints);
  const findings: Findings = new Map();
  const put = (path: string, found: Found<FieldValue> | undefined) => {
    if (found && found.value !== '') findings.set(path, found);
  };

  put('document_number', findDocumentNumber(context));
  const dates = findDates(context);
  put('issue_date', dates.issue_date);
  put('due_date', dates.due_date);
  put('currency', findCurrency(context));
  for (const [path, found] of Object.entries(findTotals(context))) put(path, found);

  const vatAmount = findings.get('vat_amount')?.value;
  const groups = findVatGroups(context, typeof vatAmount === 'number' ? vatAmount : undefined);
  groups.forEach((group, i) => {
    for (const [member, found] of Object.entries(group)) put(`vat_rates[${i}].${member}`, found);
  });
  const amount = (path: string) => (typeof findings.get(path)?.value === 'number' ? (findings.get(path)!.value as number) : undefined);
  if (amount('total') === undefined) put('total', totalPrintedApart(context, groups));
  const fromGroups = totalsFromGroups(groups, { subtotal: amount('subtotal'), vat_amount: amount('vat_amount'), total: amount('total') });
  for (const [path, found] of Object.entries(fromGroups)) put(path, found);

  const banks = findBanks(context);
  banks.forEach((bank, i) => {
    put(`banks[${i}].iban`, bank.iban);
    put(`banks[${i}].swift_bic`, bank.swift_bic);
    put(`banks[${i}].name`, bank.name);
  });

  const { vendor, customer } = findParties(context);
  putParty(put, 'vendor', vendor);
  putParty(put, 'customer', customer);

  if (context.kind === 'bill' || findings.has('previous_balance')) {
    put('account_number', findAccountNumber(context));
    for (const [path, found] of Object.entries(findUtilityFields(context))) put(path, found);
  }
  if (context.kind === 'receipt') {
    const total = findings.get('total') as Found<number> | undefined;
    for (const [path, found] of Object.entries(findPayment(context, total))) put(`payment.${path}`, found);
  }
  if (model) for (const [path, found] of chooseFields(context, findings, model)) put(path, found);
  return { findings, kind: context.kind, context };
}

function putParty(put: (path: string, found: Found<FieldValue> | undefined) => void, prefix: string, party: FoundParty | null): void {
  if (!party) return;
  for (const [key, found] of Object.entries(party)) {
    if (key !== 'lineIndexes') put(`${prefix}.${key}`, found as Found<FieldValue>);
  }
}
