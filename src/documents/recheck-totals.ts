// The totals' arithmetic again after a person's corrections (the review desk): reconciliation
// (src/pipeline/reconcile) checked the values the engine read, so its "do not add up" warning and its
// review marks speak of numbers a correction may have changed, and an amount due it derived from the
// total still holds the old total. Here the corrected Document is checked the same way:
// - subtotal + VAT (+ rounding) against the total: when they now add up, the warning goes and the
//   three leave review (a person's value and the arithmetic vouch for the other two); when they
//   still do not, the warning names the corrected numbers;
// - an amount due the engine derived (not printed, not corrected) follows a corrected total.
import { CENT } from '../pipeline/reconcile/reconcile.js';
import type { StoredOutcome } from './present-document.js';

const TOTALS = ['subtotal', 'vat_amount', 'total'] as const;

export function recheckTotals(outcome: StoredOutcome, corrected: ReadonlySet<string>): StoredOutcome {
  if (!['subtotal', 'vat_amount', 'total', 'rounding', 'payments_credits', 'previous_balance'].some((path) => corrected.has(path))) return outcome;
  const extraction = { ...outcome.extraction };
  const { subtotal, vat_amount: vat, total } = extraction;
  const rounding = extraction.rounding ?? 0;
  let { warnings, review_fields } = outcome;
  const field_status = { ...outcome.field_status };
  if (typeof subtotal === 'number' && typeof vat === 'number' && typeof total === 'number') {
    warnings = warnings.filter((w) => !w.startsWith('totals_do_not_add_up:'));
    if (Math.abs(subtotal + vat + rounding - total) > CENT) {
      warnings = [...warnings, `totals_do_not_add_up: subtotal ${subtotal} + VAT ${vat}${rounding ? ` + rounding ${rounding}` : ''} is not the total ${total}`];
    } else if (warnings.length < outcome.warnings.length) {
      review_fields = review_fields.filter((path) => !(TOTALS as readonly string[]).includes(path));
      for (const path of TOTALS) if (field_status[path]) field_status[path] = { ...field_status[path]!, review: false };
    }
  }
  if (typeof total === 'number' && field_status['amount_due']?.status === 'derived' && !corrected.has('amount_due')) {
    extraction.amount_due = Math.round((total - (extraction.payments_credits ?? 0) + (extraction.previous_balance ?? 0)) * 100) / 100;
  }
  return { ...outcome, extraction, warnings, review_fields, field_status };
}
