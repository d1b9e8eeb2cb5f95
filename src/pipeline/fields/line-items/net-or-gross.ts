// Whether a table's line amounts are net (before VAT: the line's subtotal) or gross (the line's
// total). The header says so when it can ("Nettobetrag", "Total HT", "Amount incl. VAT"); otherwise
// the amounts are added up and compared with the VAT groups' net and gross, then with the document's subtotal and total (also
// less a discount on the whole document printed on the page; amounts that stay within a subtotal that
// tax is added to are net); otherwise invoices list net amounts and till receipts gross ones.
import type { DocumentKind } from '../context.js';
import type { Draft } from '../draft.js';
import { fold } from '../labels.js';
import { groupsSum } from '../vat-groups.js';
import type { RowValues } from './item.js';

const NET = /(?<![\p{L}])(?:netto\p{L}*|nett|net|excl|exkl|ohne|ht|hors|without|km-ta|veroton|bez|neto)(?![\p{L}])/u;
const GROSS = /(?<![\p{L}])(?:brutto\p{L}*|gross|incl|inkl|ttc|with|km-ga|verollinen)(?![\p{L}])/u;

interface TableAmounts {
  rows: RowValues[];
  amountHeader: string;
  priceHeader: string;
}

/** `allowances`: amounts printed on the page's discount lines ("Nachlass 10 %   -1120,44"), which may stand between the lines and the sums. */
export function amountsAreNet(table: TableAmounts, all: TableAmounts[], header: Draft, kind: DocumentKind, allowances: number[] = []): boolean {
  for (const text of [table.amountHeader, table.priceHeader].map(fold)) {
    if (NET.test(text) && !GROSS.test(text)) return true;
    if (GROSS.test(text) && !NET.test(text)) return false;
  }
  const sum = all.flatMap((t) => t.rows).reduce((total, row) => total + (row.amount?.value ?? 0), 0);
  const [subtotal, total] = [header.subtotal?.value, header.total?.value];
  const matches = (value: number | undefined) => value !== undefined && Math.abs(value - sum) < 0.015;
  // The VAT breakdown states what the tax was charged on: lines that add up to its gross include the tax,
  // even under a "Subtotal" that a service charge is added to.
  const [groupsNet, groupsGross] = [groupsSum(header.vat_rates, 'net'), groupsSum(header.vat_rates, 'gross')];
  if (matches(groupsGross) && !matches(groupsNet)) return false;
  if (matches(groupsNet) && !matches(groupsGross)) return true;
  if (matches(subtotal) && !matches(total)) return true;
  if (matches(total) && !matches(subtotal)) return false;
  // A discount on the whole document: the lines less it are the net or the gross.
  for (const allowance of allowances) {
    const less = (value: number | undefined) => value !== undefined && Math.abs(value - (sum - Math.abs(allowance))) < 0.015;
    if (less(subtotal) && !less(total)) return true;
    if (less(total) && !less(subtotal)) return false;
  }
  // Some lines unread: amounts that stay within a subtotal printed before tax are added to are net.
  if (subtotal !== undefined && total !== undefined && subtotal < total && sum > 0 && sum <= subtotal + 0.005) return true;
  // A misread amount: the lines are the sum they come nearer to.
  if (subtotal !== undefined && total !== undefined && subtotal < total && sum > 0) return Math.abs(sum - subtotal) < Math.abs(sum - total);
  return kind !== 'receipt';
}
