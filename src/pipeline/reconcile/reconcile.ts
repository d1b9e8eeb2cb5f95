// Reconciliation: the printed amounts must agree. subtotal + vat_amount + rounding = total, and
// total − payments/credits (+ previous balance) = amount_due. A missing member is derived when the
// others allow it; members that disagree are marked for review instead of being forced to fit.
// Values filled from reference data (a country from a VAT id's prefix, a BIC from an IBAN's bank
// code) are marked enriched. It changes nothing itself: it returns its decisions (values to set,
// values to review) and warnings, which extract.ts applies to the draft (applyDecisions).
import ibanToBicModule from 'iban-to-bic';
import type { DocumentKind } from '../fields/context.js';
import { applyDecisions, copyDraft, fieldEntries, fieldOf, type Decision, type Draft, type FieldKey } from '../fields/draft.js';
import { round } from '../fields/found.js';
import { groupsSum } from '../fields/vat-groups.js';

/** Below this a read value goes to a person even when it reconciles. */
export const REVIEW_BELOW = 0.6;
/** Amounts within this agree (a rounding of a cent). */
export const CENT = 0.0051;

export interface Reconciliation {
  decisions: Decision[];
  warnings: string[];
}

export function reconcile(draft: Draft, kind: DocumentKind): Reconciliation {
  // Later checks read what earlier ones derived (amount_due from a derived total): they read a copy
  // that each decision is applied to as it is made.
  const view = copyDraft(draft);
  const decisions: Decision[] = [];
  const warnings: string[] = [];
  const decide = (decision: Decision) => {
    decisions.push(decision);
    applyDecisions(view, [decision]);
  };
  const derive = (key: FieldKey, value: number, from: FieldKey[]) => {
    const confidence = Math.min(...from.map((k) => fieldOf(view, k)?.confidence ?? 0.5));
    decide({ set: key, found: { value: round(value), confidence: round(confidence * 0.95), status: 'derived' } });
  };
  const review = (keys: FieldKey[]) => {
    for (const key of keys) decide({ review: key });
  };

  const [subtotal, vat, rounding, total] = [view.subtotal?.value, view.vat_amount?.value, view.rounding?.value ?? 0, view.total?.value];
  if (subtotal !== undefined && vat !== undefined && total !== undefined) {
    if (Math.abs(subtotal + vat + rounding - total) > CENT) {
      review([['subtotal'], ['vat_amount'], ['total']]);
      warnings.push(`totals_do_not_add_up: subtotal ${subtotal} + VAT ${vat}${rounding ? ` + rounding ${rounding}` : ''} is not the total ${total}`);
    }
  } else if (subtotal !== undefined && vat !== undefined && taxIncluded(view, subtotal, vat)) {
    // "SubTotal 25.00" over "inclusive of GST @6%  23.58  1.42": the sum printed already holds the tax.
    derive(['total'], subtotal + rounding, [['subtotal'], ['vat_amount']]);
    derive(['subtotal'], subtotal - vat, [['subtotal'], ['vat_amount']]);
  } else if (subtotal !== undefined && vat !== undefined) {
    derive(['total'], subtotal + vat + rounding, [['subtotal'], ['vat_amount']]);
  } else if (total !== undefined && vat !== undefined && Math.abs(vat) < Math.abs(total)) {
    derive(['subtotal'], total - vat - rounding, [['total'], ['vat_amount']]);
  } else if (total !== undefined && subtotal !== undefined && Math.abs(subtotal) < Math.abs(total) && kind !== 'receipt') {
    derive(['vat_amount'], total - subtotal - rounding, [['total'], ['subtotal']]);
  }

  const finalTotal = view.total?.value;
  const payments = view.payments_credits?.value ?? 0;
  const previous = view.previous_balance?.value ?? 0;
  const due = view.amount_due?.value;
  if (finalTotal !== undefined && due === undefined && (kind === 'invoice' || kind === 'credit_note')) {
    derive(['amount_due'], finalTotal - payments + previous, [['total']]);
  } else if (finalTotal !== undefined && due !== undefined && ((view.previous_balance !== undefined && view.payments_credits !== undefined) || kind === 'invoice' || kind === 'credit_note')) {
    // An invoice owes its total less what it says was paid; a bill also carries its previous balance,
    // and is checked only when it prints both (a bill's other charges and credits are many).
    if (Math.abs(finalTotal - payments + previous - due) > CENT) {
      review([['amount_due']]);
      const paid = view.payments_credits ? ` − payments ${payments}` : '';
      const before = view.previous_balance ? `previous balance ${previous}${paid} + charges ${finalTotal}` : `the total ${finalTotal}${paid}`;
      warnings.push(`balance_does_not_add_up: ${before} is not the amount due ${due}`);
    }
  }

  const groupsOff = vatGroupsOff(view, view.vat_amount?.value);
  if (groupsOff) {
    review(fieldEntries(view).flatMap(({ key }) => (key[0] === 'vat_rates' ? [key] : [])));
    warnings.push(groupsOff);
  }

  for (const party of ['vendor', 'customer'] as const) {
    const country = countryOf(view, party);
    if (country) decide({ set: [party, 'country'], found: { value: country, confidence: 0.9, status: 'enriched' } });
  }
  view.banks.forEach((bank, i) => {
    const bic = bank.iban?.status === 'read' && !bank.swift_bic ? ibanToBicModule.ibanToBic(String(bank.iban.value)) : undefined;
    if (bic) decide({ set: ['banks', i, 'swift_bic'], found: { value: bic.replace(/XXX$/u, ''), confidence: 0.9, status: 'enriched' } });
  });

  for (const { key, found } of fieldEntries(view)) {
    if (found.status === 'read' && found.confidence < REVIEW_BELOW) decide({ review: key });
  }
  return { decisions, warnings };
}

/** The VAT groups' gross is the printed subtotal (and their net is not): that subtotal includes the tax. */
function taxIncluded(draft: Draft, subtotal: number, vat: number): boolean {
  const [net, gross] = [groupsSum(draft.vat_rates, 'net'), groupsSum(draft.vat_rates, 'gross')];
  return Math.abs(vat) > CENT && gross !== undefined && net !== undefined && Math.abs(gross - subtotal) <= CENT && Math.abs(net - subtotal) > CENT;
}

/** The groups' VAT must sum to the document's VAT; when it does not, a group was misread or missed: the warning. */
function vatGroupsOff(draft: Draft, vatAmount: number | undefined): string | undefined {
  const groupVat = draft.vat_rates.flatMap((group) => (group.vat ? [group.vat] : []));
  if (!groupVat.length || vatAmount === undefined) return undefined;
  const sum = groupVat.reduce((total, found) => total + Number(found.value), 0);
  if (Math.abs(sum - vatAmount) <= CENT * groupVat.length) return undefined;
  return `vat_groups_do_not_add_up: the VAT groups sum to ${round(sum)}, the document's VAT is ${vatAmount}`;
}

/** A party's country from its VAT id's prefix, when the page gives none. */
function countryOf(draft: Draft, party: 'vendor' | 'customer'): string | undefined {
  const vatId = draft[party].vat_id?.value;
  if (draft[party].country || typeof vatId !== 'string') return undefined;
  const prefix = vatId.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  return /^[A-Z]{2}$/u.test(country) ? country : undefined;
}
