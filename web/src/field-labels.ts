// Fields as a bookkeeper reads them: in groups (the document, the parties, totals and VAT, line items,
// bank and payment), each with a label in words ("Vendor VAT id", "Line 2 total") instead of its path.

export const FIELD_GROUPS: readonly { title: string; holds: (path: string) => boolean }[] = [
  { title: 'Document', holds: (p) => /^(document_number|issue_date|due_date|currency|account_number|service_address|consumption)\b/u.test(p) },
  { title: 'Parties', holds: (p) => /^(vendor|customer)\b/u.test(p) },
  { title: 'Totals and VAT', holds: (p) => /^(subtotal|vat_amount|rounding|total|amount_due|previous_balance|payments_credits|vat_rates)\b/u.test(p) },
  { title: 'Line items', holds: (p) => p.startsWith('line_items') },
  { title: 'Bank and payment', holds: (p) => /^(banks|payment)\b/u.test(p) },
  { title: 'Other', holds: () => true },
];

const WORDS: Record<string, string> = { vat: 'VAT', iban: 'IBAN', bic: 'BIC', swift: 'SWIFT', id: 'id', ean: 'EAN', last4: 'last 4' };
const LISTS: Record<string, string> = { line_items: 'Line', vat_rates: 'VAT group', banks: 'Bank' };

/** "vendor.vat_id" → "Vendor VAT id", "line_items[1].total" → "Line 2 total". */
export function fieldLabel(path: string): string {
  const words = path
    .replace(/([a-z_]+)\[(\d+)\]/gu, (_, list: string, index: string) => `${LISTS[list] ?? list} ${Number(index) + 1}`)
    .split(/[._ ]/u)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The fields needing review first, in a group of their own (so Tab walks them first), then the rest
 * in their groups, each in the engine's order.
 */
export function groupFields(paths: readonly string[], review: ReadonlySet<string>): { title: string; paths: string[] }[] {
  const left = paths.filter((p) => !review.has(p));
  const groups = FIELD_GROUPS.map(({ title, holds }) => {
    const mine = left.filter(holds);
    for (const path of mine) left.splice(left.indexOf(path), 1);
    return { title, paths: mine };
  });
  const toReview = FIELD_GROUPS.flatMap(({ holds }) => paths.filter((p) => review.has(p) && holds(p))).filter((p, i, all) => all.indexOf(p) === i);
  return [{ title: 'To review', paths: toReview }, ...groups].filter((group) => group.paths.length > 0);
}
