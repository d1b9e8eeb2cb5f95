// All field finders over one document. Each finder proposes its values into the draft (draft.ts), a
// typed object shaped like DocumentFields; the learned choice's decisions are applied to it last.
// Reconciliation checks the draft, and the outcome turns it into DocumentFields, confidences,
// statuses and regions.
import type { Hints } from '../../schemas/hints.schema.js';
import type { TextDocument } from '../layout/text-document.js';
import { findBanks } from './banks.js';
import { chooseFields } from './choice/choose.js';
import { choiceModel, type ChoiceModel } from './choice/model.js';
import { buildContext, type DocumentKind, type FieldContext } from './context.js';
import { findCurrency } from './currency.js';
import { findDates } from './dates.js';
import { applyDecisions, emptyDraft, propose, type Draft } from './draft.js';
import { findAccountNumber, findDocumentNumber } from './identifiers.js';
import { findParties, type FoundParty } from './parties.js';
import { findPayment } from './payment.js';
import { findTotals } from './totals.js';
import { findUtilityFields } from './utility.js';
import { findVatGroups, rateAndVatGroups, totalPrintedApart, totalsFromGroups } from './vat-groups.js';

export interface FieldResult {
  draft: Draft;
  kind: DocumentKind;
  /** The document as the finders saw it, for the line-item reader. */
  context: FieldContext;
}

/** `model`: the learned choice over the rules' picks (choice/); null for the rules alone, as training needs them. */
export function findFields(document: TextDocument, hints: Hints, model: ChoiceModel | null = choiceModel()): FieldResult {
  const context = buildContext(document, hints);
  const draft = emptyDraft();

  const dates = findDates(context);
  propose(draft, { document_number: findDocumentNumber(context), issue_date: dates.issue_date, due_date: dates.due_date });
  propose(draft, findTotals(context));

  const groups = findVatGroups(context, draft.vat_amount?.value);
  draft.vat_rates = groups.length ? groups.map((group) => ({ ...group })) : rateAndVatGroups(context, draft.vat_amount?.value).map((group) => ({ ...group }));
  if (draft.total === undefined) propose(draft, { total: totalPrintedApart(context, groups) });
  propose(draft, totalsFromGroups(groups, { subtotal: draft.subtotal?.value, vat_amount: draft.vat_amount?.value, total: draft.total?.value }));

  draft.banks = findBanks(context).map((bank) => {
    const members: Draft['banks'][number] = {};
    propose(members, bank);
    return members;
  });

  const { vendor, customer } = findParties(context);
  proposeParty(draft.vendor, vendor);
  proposeParty(draft.customer, customer);
  // The vendor's country says which dollar "$" is, and the currency of a page that prints none.
  const iban = draft.banks.find((bank) => bank.iban)?.iban?.value;
  propose(draft, { currency: findCurrency(context, draft.vendor.country?.value ?? iban?.slice(0, 2)) });

  if (context.kind === 'bill' || draft.previous_balance !== undefined) {
    propose(draft, { account_number: findAccountNumber(context) });
    const utility = findUtilityFields(context);
    propose(draft, { service_address: utility.service_address });
    propose(draft.consumption, utility.consumption);
  }
  if (context.kind === 'receipt') propose(draft.payment, findPayment(context, draft.total));
  if (model) applyDecisions(draft, chooseFields(context, draft, model));
  return { draft, kind: context.kind, context };
}

function proposeParty(into: Draft['vendor'], party: FoundParty | null): void {
  if (!party) return;
  const { lineIndexes: _, ...members } = party;
  propose(into, members);
}
