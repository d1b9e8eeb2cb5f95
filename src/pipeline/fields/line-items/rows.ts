// The body of an item table, cut into rows. A row starts at a line that holds money in the item
// columns (a line amount, or a quantity with a unit price); the lines under it, up to the next such
// line, belong to it (wrapped description, article numbers, "Bruttopreis: 4,00", notes). The body runs
// on over page breaks and ends at the totals block, whose sum line is kept for checking; a header
// repeated on the next page starts a new body. In a table whose numbers sit mid-cell, the lines
// stacked over a row's numbers are that row's.
import type { Line } from '../../layout/lines.js';
import type { TextDocument } from '../../layout/text-document.js';
import type { Word } from '../../types.js';
import { fold } from '../labels.js';
import { LANGUAGE } from '../../language/lexicon.js';
import type { DecimalSeparator } from '../normalize/amount.js';
import { amountTokens, dateTokens, type AmountToken } from '../tokens.js';
import type { Column, ColumnRole, TableHeader } from './columns.js';

/** A printed line with each word put under the header it stands in. */
export interface PlacedLine {
  line: Line;
  words: Map<Column, Word[]>;
}

export interface TableRow {
  /** Lines printed over the anchor that belong to the row: its name in a table whose numbers sit mid-cell. */
  above: PlacedLine[];
  anchor: PlacedLine;
  /** The lines after the anchor that belong to the row, in order. */
  below: PlacedLine[];
  /** The rest of a row the page break cut: the lines that open the next page's body, before its first row. */
  continued?: PlacedLine[];
}

// The words are the lexicons' `table` (../../language/), each a whole word.
const TABLE = LANGUAGE.table;
/** Labels that open a line of the totals block ("Summe 202,70", "VAT 20%  72.00"). */
export const TOTALS = new RegExp(`^${TABLE.sums}`, 'u');
/** "Prijzen zijn inclusief BTW   Factuur totaal EUR   49,99", "Grand Total": a sum named anywhere in a cell. */
const TOTALS_IN = new RegExp(TABLE.sumsInCell, 'u');
/** A cell opened by a label of the document's sums ("Totalt", "Belopp före moms", "Moms"): the totals block. */
const SUM_LABELS = (['total', 'subtotal', 'vatAmount', 'amountDue'] as const).flatMap((name) => LANGUAGE.labels[name].labels);
const opensSum = (cell: string) => SUM_LABELS.some((label) => label.exec(cell)?.index === 0);
/** Section titles after the items, with or without numbers. */
const NEXT_SECTION = new RegExp(`^${TABLE.sections}`, 'u');
/** Carried-forward lines between pages are sums, not items. */
const CARRIED = new RegExp(`^${TABLE.carried}`, 'u');
/** Page headers and footers that a table running over a page break passes ("Page 2", "Страница 1 из 2", "1/2. lpp."). */
export const PAGE_FURNITURE = new RegExp(`copyright|©|\\(c\\)|${TABLE.page} \\d|^\\d+ ?\\/ ?\\d+\\.? ${TABLE.page}`, 'u');
/** "REMISE : REMISE COMMERCIALE", "Charge: freight": an allowance or charge on the whole document (EN 16931 BG-20/21). */
const ALLOWANCE = /^(?:remise|rabais|charge|frais|discount|allowance|surcharge|zuschlag|abschlag|nachlass)\s?:/u;
/** "Bruttopreis : 4,00", "Description: Repair": a label and its value is a note under a row, never a row. */
const LABEL_FIRST = /^[\p{L}][\p{L}\d .()/-]{0,40}?\s?:(?!\d)/u;
const NUMBER = /^[-−(]?[$€£]?\d[\d.,' ]*%?[)-]?$/u;

export function placeWords(line: Line, columns: Column[]): PlacedLine {
  const words = new Map<Column, Word[]>();
  const rates = columns.filter((c) => c.role === 'vat_rate' || c.role === 'discount');
  line.words.forEach((word, i) => {
    // "4 kg 7 % VAT (S)" printed as one run: the percentage belongs to the rate column, wherever it lands.
    const percent = /%/u.test(word.text) || (NUMBER.test(word.text) && line.words[i + 1]?.text.startsWith('%'));
    const column = percent && rates.length ? nearest(word, rates) : columnOf(word, columns);
    if (column) words.set(column, [...(words.get(column) ?? []), word]);
  });
  return { line, words };
}

function nearest(word: Word, columns: Column[]): Column | undefined {
  const distance = (c: Column) => Math.max(c.x0 - word.box[2], word.box[0] - c.x1, 0);
  return [...columns].sort((a, b) => distance(a) - distance(b))[0];
}

/**
 * The column a word stands in: the header it overlaps most. Outside every header, text runs on from
 * the header to its left (descriptions are longer than their header) and numbers go to the nearest
 * header (they are right-aligned under it).
 */
function columnOf(word: Word, columns: Column[]): Column | undefined {
  const outside = columns.every((c) => Math.min(c.x1, word.box[2]) <= Math.max(c.x0, word.box[0]));
  if (outside && !NUMBER.test(word.text)) {
    const fromLeft = columns.filter((c) => c.x0 <= word.box[0]).sort((a, b) => b.x0 - a.x0)[0];
    if (fromLeft) return fromLeft;
  }
  let best: Column | undefined;
  let bestScore = -Infinity;
  for (const column of columns) {
    const overlap = Math.min(column.x1, word.box[2]) - Math.max(column.x0, word.box[0]);
    if (overlap > bestScore) {
      best = column;
      bestScore = overlap;
    }
  }
  return best;
}

export function wordsIn(placed: PlacedLine, role: ColumnRole): Word[] {
  return [...placed.words].filter(([column]) => column.role === role).flatMap(([, words]) => words);
}

export function numbersIn(words: Word[], separator: DecimalSeparator | undefined): AmountToken[] {
  const text = words.map((w) => w.text).join(' ');
  // "02/17/26" in a date column is not three numbers.
  const blanked = dateTokens(text, undefined).reduce((t, d) => t.slice(0, d.index) + ' '.repeat(d.text.length) + t.slice(d.index + d.text.length), text);
  return amountTokens(blanked, separator);
}

/** A number (a percentage only when `percent`) under a header of this role. */
function hasNumber(placed: PlacedLine, role: ColumnRole, separator: DecimalSeparator | undefined, percent = false): boolean {
  return numbersIn(wordsIn(placed, role), separator).some((t) => percent || !t.percent);
}

/** Money in the item columns: the line amount, or a quantity with a unit price. */
export function holdsItemMoney(placed: PlacedLine, separator: DecimalSeparator | undefined): boolean {
  const text = fold(placed.line.text).trim();
  if (LABEL_FIRST.test(text) || PAGE_FURNITURE.test(text)) return false;
  if (ALLOWANCE.test(fold(wordsIn(placed, 'description').map((w) => w.text).join(' ')))) return false;
  const has = (role: ColumnRole) => hasNumber(placed, role, separator);
  return has('amount') || (has('quantity') && has('unit_price'));
}

/** "173,10" on the line under "Miettage 86,55 2 19 %": the amount of the row above, printed lower. */
function amountOfRowAbove(row: TableRow, placed: PlacedLine, separator: DecimalSeparator | undefined): boolean {
  const has = (line: PlacedLine, role: ColumnRole) => hasNumber(line, role, separator);
  if (row.below.length || placed.line.page !== row.anchor.line.page || has(row.anchor, 'amount') || has(placed, 'quantity') || has(placed, 'unit_price')) return false;
  const gap = placed.line.box[1] - row.anchor.line.box[3];
  return gap < (row.anchor.line.box[3] - row.anchor.line.box[1]) * 0.8;
}

export interface TableBody {
  rows: TableRow[];
  /** The amounts on the sum line that closes the table ("Zwischensumme 202,76"), when it prints one. */
  sums: number[];
  /** Lines between the header and the first row that are not the first row's name. */
  lead: PlacedLine[];
}

/** The rows under one header, up to the totals block, across page breaks (page headers and footers hold no item money). */
export function readRows(document: TextDocument, header: TableHeader, nextHeaderLine: number, separator: DecimalSeparator | undefined): TableBody {
  const rows: TableRow[] = [];
  let sums: number[] = [];
  const lead: PlacedLine[] = [];
  for (let i = header.lastLine + 1; i < nextHeaderLine; i++) {
    const line = document.lines[i]!;
    const first = fold(line.cells[0]?.text ?? '').trim();
    // "Page 1 of 2" under a row is the page's footer, not the end of the row's name.
    if (PAGE_FURNITURE.test(fold(line.text))) continue;
    const placed = placeWords(line, header.columns);
    const money = holdsItemMoney(placed, separator);
    const itemNumbers = (role: ColumnRole) => hasNumber(placed, role, separator, true);
    if (CARRIED.test(first) && !itemNumbers('quantity') && !itemNumbers('unit_price')) continue;
    if (NEXT_SECTION.test(first)) break;
    // "Summe 202,70" or a header row over the totals ("Warenwert  Nettobetrag  Endbetrag").
    const totalsLine = numbersIn(line.words, separator).some((t) => !t.percent) || (line.cells.length >= 2 && !/\d/u.test(line.text));
    const totalsLabel = line.cells.some((cell) => TOTALS_IN.test(fold(cell.text)) || opensSum(fold(cell.text).trim()));
    if (totalsLabel && totalsLine && !itemNumbers('quantity') && !itemNumbers('unit_price')) {
      sums = numbersIn(line.words, separator).filter((t) => !t.percent).map((t) => t.value);
      break;
    }
    const row = rows.at(-1);
    if (money && !(row && amountOfRowAbove(row, placed, separator))) rows.push({ above: [], anchor: placed, below: [] });
    else (row?.below ?? lead).push(placed);
  }
  centreRows(rows, lead);
  return { rows, sums, lead: lead.filter((placed) => !rows[0]?.above.includes(placed)) };
}

/** Lines of a row cut by a page break: a short run of name text and nothing else. */
const MAX_CONTINUED_LINES = 2;

/**
 * Joins a row the page break cut: when a table runs on under a header repeated on the next page
 * without a sum line closing it first, the name text printed before that page's first row is the
 * rest of the last row's name ("Annual maintenance of the cooling" | "plant, including filters").
 */
export function joinRowCutByPage(before: TableBody, after: TableBody): void {
  const last = before.rows.at(-1);
  // Rows that print their names beside their numbers, not over them: name lines over the next page's
  // first row are not its name, though centreRows, seeing that one row alone, took them for it.
  const centred = before.rows.some((row) => row.above.length);
  const first = after.rows[0];
  const lines = [...after.lead, ...(first?.above ?? [])];
  const onNextPage = lines.every((placed) => placed.line.page > (last?.anchor.line.page ?? Infinity));
  if (!last || centred || before.sums.length || !lines.length || lines.length > MAX_CONTINUED_LINES || !onNextPage) return;
  if (lines.some((placed) => [...placed.words.keys()].some((column) => column.role !== 'description'))) return;
  last.continued = lines;
  after.lead = [];
  if (first) first.above = [];
}

/**
 * A table whose numbers sit in the middle of each row's cell prints the article name above them: the
 * first row has description text between the header and its numbers. There, the lines stacked right
 * over each row's numbers, nearer to them than to the numbers of the row before, are that row's.
 */
function centreRows(rows: TableRow[], lead: PlacedLine[]): void {
  const first = rows[0];
  if (!first) return;
  const named = (row: TableRow) => row.above.some((placed) => /\p{L}{2}/u.test(wordsIn(placed, 'description').map((w) => w.text).join(' ')) && !/:\s*$/u.test(placed.line.text));
  first.above = stackOver(first.anchor, lead, () => true);
  const below = rows.map((row) => row.below);
  for (let k = 1; k < rows.length; k++) {
    const [previous, row] = [rows[k - 1]!, rows[k]!];
    const centre = (line: Line) => (line.box[1] + line.box[3]) / 2;
    const nearer = (placed: PlacedLine) =>
      placed.line.page === row.anchor.line.page &&
      (placed.line.page !== previous.anchor.line.page || Math.abs(centre(row.anchor.line) - centre(placed.line)) < Math.abs(centre(placed.line) - centre(previous.anchor.line)));
    row.above = stackOver(row.anchor, previous.below, nearer);
    previous.below = previous.below.slice(0, previous.below.length - row.above.length);
  }
  // A title over the table ("Delivery of 3 March") is not a name: the rows after the first must show the layout too.
  if (!named(first) || (rows.length > 1 && !rows.slice(1).some(named))) {
    rows.forEach((row, k) => {
      row.above = [];
      row.below = below[k]!;
    });
  }
}

/** The lines at the end of `lines` that stack without a gap over `anchor`, each passing `take`. */
function stackOver(anchor: PlacedLine, lines: PlacedLine[], take: (placed: PlacedLine) => boolean): PlacedLine[] {
  const stack: PlacedLine[] = [];
  let under = anchor.line;
  for (let i = lines.length - 1; i >= 0; i--) {
    const placed = lines[i]!;
    const height = Math.min(under.box[3] - under.box[1], placed.line.box[3] - placed.line.box[1]);
    if (placed.line.page !== under.page || under.box[1] - placed.line.box[3] > height * 0.8 || !take(placed)) break;
    stack.unshift(placed);
    under = placed.line;
  }
  return stack;
}
