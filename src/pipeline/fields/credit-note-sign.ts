// A credit note's amounts are negative in the output, however the document writes them. The spec has
// no document kind, so the sign is what tells a booking system the document is a credit. The same
// credit note is written both ways: its XML (type 381, a UBL CreditNote) carries positive amounts,
// its page may print "-233,47 €" at the total and the lines unsigned. Payments/credits stays the
// magnitude applied (as on bills); quantities, unit prices and line discounts keep their sign, as they
// are rates and reductions of a line, not amounts credited.
import type { LineItem } from '../../schemas/document-fields.schema.js';
import type { Draft } from './draft.js';
import type { Found } from './found.js';
import type { LineFindings } from './line-items/index.js';

/** Document amounts; the VAT groups' net, VAT and gross besides. */
const TOTALS = ['subtotal', 'vat_amount', 'total', 'amount_due'] as const;
const GROUP_AMOUNTS = ['net', 'vat', 'gross'] as const;
const LINE_AMOUNTS = ['subtotal', 'vat_amount', 'total', 'amount'] as const;

/**
 * Gives the totals and VAT groups one sign: 1 while the page is reconciled and its lines are read
 * (pages mostly print lines unsigned, whatever they print at the total), -1 for the output. Rounding
 * follows the document's own convention: it flips when the total does. Applying it twice changes nothing.
 */
export function signCreditNoteTotals(draft: Draft, sign: 1 | -1): void {
  const total = draft.total?.value ?? draft.subtotal?.value;
  if (total !== undefined && Math.sign(total) === -sign && draft.rounding) draft.rounding = { ...draft.rounding, value: -draft.rounding.value };
  const signed = (found: Found<number> | undefined) => (found && found.value !== 0 ? { ...found, value: sign * Math.abs(found.value) } : found);
  for (const member of TOTALS) if (draft[member]) draft[member] = signed(draft[member]);
  draft.vat_rates.forEach((group) => {
    for (const member of GROUP_AMOUNTS) if (group[member]) group[member] = signed(group[member]);
  });
}

/**
 * Line amounts are flipped together when the lines add up to a positive amount, so a credit note
 * that lists a charge among its credits keeps the charge's opposite sign. `lineFindings` hold the
 * same values for regions and confidences ("line_items[0].total").
 */
export function signCreditNoteLines(items: LineItem[], lineFindings: LineFindings): void {
  const sum = items.reduce((acc, item) => acc + (item.total ?? item.subtotal ?? 0), 0);
  if (sum <= 0) return;
  items.forEach((item, index) => {
    for (const member of LINE_AMOUNTS) {
      const value = item[member];
      if (typeof value !== 'number') continue;
      item[member] = value === 0 ? 0 : -value;
      const path = `line_items[${index}].${member}`;
      const found = lineFindings.get(path);
      if (found && typeof found.value === 'number') lineFindings.set(path, { ...found, value: item[member]! });
    }
  });
}
