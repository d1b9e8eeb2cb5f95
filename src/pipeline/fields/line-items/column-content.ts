// Headers the lexicons do not know ("Kpl", "Veroton", "Prekė / paslauga", "Vnt. kaina") still head a
// column whose rows say what it holds: words are the description, a percentage is the VAT rate, a
// whole or short number (with or without its unit) is the quantity, and money is the line amount
// (the rightmost money column) or the unit price (the one before it). Known headers keep their
// roles; a role already named by a header is never given twice, except the description, which may
// run over several text columns side by side (product, brand, flavour). A table read this way must add up:
// quantity × unit price = amount on most rows looked at, or the guessed roles are taken back (a table
// of allowances, "Art · Basisbetrag · Basismenge · Betrag", has words and numbers too).
import type { Line } from '../../layout/lines.js';
import type { Word } from '../../types.js';
import { fold } from '../labels.js';
import { numbersIn, placeWords, TOTALS } from './rows.js';
import type { Column, ColumnRole } from './columns.js';

type Content = 'text' | 'percent' | 'quantity' | 'money' | 'mixed';

/** How many item rows under the header are looked at, and the fewest that say anything. */
const ROWS_LOOKED_AT = 6;
const MIN_ROWS = 2;

const PERCENT = /^-?\d{1,2}(?:[.,]\d{1,2})?\s?%$/u;
const MONEY = /^[-−]?[$€£]?\d{1,3}(?:[ .,']?\d{3})*[.,]\d{2}$/u;
/** "17", "-15,75", "0,826", "3 kpl", "12,75 val.": a count or a measure, with its unit after it. */
const QUANTITY = /^[-−]?\d{1,5}(?:[.,]\d{1,3})?(?:\s+\p{L}{1,6}\.?)?$/u;

/** Words, not a unit and its count ("Stk. 1"): letters well beyond the digits. */
const isText = (text: string) => (text.match(/\p{L}/gu)?.length ?? 0) >= 4 && (text.match(/\p{L}/gu)?.length ?? 0) > 2 * (text.match(/\d/gu)?.length ?? 0);

function contentOf(texts: string[]): Content | null {
  if (texts.length < MIN_ROWS) return null;
  const kinds = texts.map((t): Content => (PERCENT.test(t) ? 'percent' : MONEY.test(t) ? 'money' : QUANTITY.test(t) ? 'quantity' : isText(t) ? 'text' : 'mixed'));
  // Counts mixed with two-decimal numbers ("-17", "-15,75 h") are quantities; two decimals throughout are money.
  const kind = kinds[0]!;
  return kinds.every((k) => k === kind) ? kind : kinds.every((k) => k === 'money' || k === 'quantity') ? 'quantity' : 'mixed';
}

/** Gives roles to the header's unknown columns from the rows printed under it; `rows` are the lines after the header on its page. */
export function inferColumnRoles(columns: Column[], rows: readonly Line[]): void {
  const unknown = columns.filter((c) => c.role === 'other');
  if (!unknown.length) return;
  // Item rows print money; the lines between them (wrapped descriptions) say nothing of the columns.
  // The totals block under the table ends what is looked at.
  const end = rows.findIndex((l) => TOTALS.test(fold(l.text).trim()));
  const items = (end >= 0 ? rows.slice(0, end) : rows)
    .filter((l) => l.words.some((w) => MONEY.test(w.text)))
    .slice(0, ROWS_LOOKED_AT)
    .map((l) => placeWords(l, columns).words);
  const textIn = (row: Map<Column, Word[]>, column: Column) => (row.get(column) ?? []).map((w) => w.text).join(' ');
  const content = new Map(unknown.map((c) => [c, items.every((row) => row.has(c)) ? contentOf(items.map((row) => textIn(row, c))) : null]));
  const taken = new Set<ColumnRole>(columns.map((c) => c.role));
  const given: Column[] = [];
  const give = (column: Column, role: ColumnRole) => {
    if (taken.has(role)) return;
    column.role = role;
    taken.add(role);
    given.push(column);
  };
  for (const column of unknown) {
    const kind = content.get(column);
    if (kind === 'text') give(column, 'description');
    else if (kind === 'percent') give(column, 'vat_rate');
  }
  // Product, brand and flavour printed in columns of their own: text columns next to the description
  // are more of it, unless each row repeats the same word there (a unit, "Stück").
  for (const [k, column] of columns.entries()) {
    if (column.role !== 'other' || columns[k - 1]?.role !== 'description' || content.get(column) !== 'text') continue;
    const texts = items.map((row) => textIn(row, column));
    if (new Set(texts).size <= texts.length / 2) continue;
    column.role = 'description';
    given.push(column);
  }
  // Money from the right: the line amount, then the unit price.
  for (const column of [...unknown].reverse()) {
    if (content.get(column) === 'money') give(column, taken.has('amount') ? 'unit_price' : 'amount');
  }
  for (const column of unknown) {
    if (content.get(column) === 'quantity' && column.role === 'other') give(column, 'quantity');
  }
  if (given.length && !addsUp(columns, items)) for (const column of given) column.role = 'other';
}

/** Quantity × unit price (less the discount) = amount (to the cent, or to a cent per unit for rounded prices) on most rows. */
function addsUp(columns: Column[], rows: Map<Column, Word[]>[]): boolean {
  const column = (role: ColumnRole) => columns.find((c) => c.role === role);
  const [quantity, price, amount] = [column('quantity'), column('unit_price'), column('amount')];
  if (!quantity || !price || !amount) return false;
  const value = (row: Map<Column, Word[]>, c: Column) => numbersIn(row.get(c) ?? [], undefined).find((t) => !t.percent)?.value;
  const [rate, discount] = [column('vat_rate'), column('discount')];
  const agreeing = rows.filter((row) => {
    const [q, p, a] = [value(row, quantity), value(row, price), value(row, amount)];
    if (q === undefined || p === undefined || a === undefined) return false;
    // The amount may be the gross one, net × (1 + rate), and after the line's discount percentage.
    const percent = (c: Column | undefined) => (c ? numbersIn(row.get(c) ?? [], undefined)[0]?.value : undefined);
    const r = percent(rate);
    const net = q * p * (1 - (percent(discount) ?? 0) / 100);
    const near = (expected: number) => Math.abs(expected - a) <= Math.max(0.011, Math.abs(q) * 0.006 * (1 + (r ?? 0) / 100));
    return near(net) || (r !== undefined && near(net * (1 + r / 100)));
  });
  return agreeing.length >= Math.max(MIN_ROWS, Math.ceil(rows.length * 0.6));
}
