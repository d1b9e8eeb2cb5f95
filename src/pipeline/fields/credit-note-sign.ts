// A credit note's amounts are negative in the output, however the document writes them. The spec has
// no document kind, so the sign is what tells a booking system the document is a credit. The same
// credit note is written both ways: its XML (type 381, a UBL CreditNote) carries positive amounts,
// its page may print "-233,47 €" at the total and the lines unsigned. Payments/credits stays the
// magnitude applied (as on bills); quantities, unit prices and line discounts keep their sign, as they
// are rates and reductions of a line, not amounts credited.
import type { LineItem } from '../../schemas/document-fields.schema.js';
import type { Findings } from './find-fields.js';

/** Document amounts and the VAT groups' net, VAT and gross. */
const TOTALS = /^(?:subtotal|vat_amount|total|amount_due|vat_rates\[\d+\]\.(?:net|vat|gross))$/u;
const LINE_AMOUNTS = ['subtotal', 'vat_amount', 'total', 'amount'] as const;

/**
 * Gives the totals and VAT groups one sign: 1 while the page is reconciled and its lines are read
 * (pages mostly print lines unsigned, whatever they print at the total), -1 for the output. Rounding
 * follows the document's own convention: it flips when the total does. Applying it twice changes nothing.
 */
export function signCreditNoteTotals(findings: Findings, sign: 1 | -1): void {
  const total = findings.get('total')?.value ?? findings.get('subtotal')?.value;
  const rounding = findings.get('rounding');
  if (typeof total === 'number' && Math.sign(total) === -sign && rounding && typeof rounding.value === 'number') {
    findings.set('rounding', { ...rounding, value: -rounding.value });
  }
  for (const [path, found] of findings) {
    if (TOTALS.test(path) && typeof found.value === 'number' && found.value !== 0) findings.set(path, { ...found, value: sign * Math.abs(found.value) });
  }
}

/**
 * Line amounts are flipped together when the lines add up to a positive amount, so a credit note
 * that lists a charge among its credits keeps the charge's opposite sign. `lineFindings` hold the
 * same values for regions and confidences ("line_items[0].total").
 */
export function signCreditNoteLines(items: LineItem[], lineFindings: Findings): void {
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
