// The header of an item table: which column holds what, and where it lies across the page. A header
// is found from its words (in the languages the engine reads), never from fixed positions; a header
// word the lexicons lack gets its role from the rows under it (column-content.ts). Headers
// may be stacked over several printed lines ("Positions- / betrag / ohne USt.", "Unit Price Excl." over
// "VAT"). One printed cell may hold several headers ("Pos Art-Nr-Lief. Beschreibung"), so headers are
// read word by word.
import type { Line } from '../../layout/lines.js';
import type { TextDocument } from '../../layout/text-document.js';
import type { Word } from '../../types.js';
import { fold } from '../labels.js';
import { LANGUAGE } from '../../language/lexicon.js';
import { inferColumnRoles } from './column-content.js';

export type ColumnRole = 'position' | 'code' | 'ean' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'vat_rate' | 'amount' | 'other';

export interface Column {
  role: ColumnRole;
  /** Roles of headers stacked over or under the main one (an article name printed under the article number). */
  also: ColumnRole[];
  /** The header text, stacked lines joined: "Positions- betrag ohne USt.". */
  text: string;
  x0: number;
  x1: number;
}

export interface TableHeader {
  page: number;
  /** Index of the header's first and last printed line in the document. */
  firstLine: number;
  lastLine: number;
  columns: Column[];
}

/**
 * Header words per role, on folded text, whole phrase: the lexicons' `columns` (../../language/).
 * Checked in this order: "Nettopreis" is a price before it is net.
 */
const headers = LANGUAGE.columns;
const whole = (source: string) => new RegExp(`^${source}$`, 'u');
const ROLE_WORDS: [ColumnRole, RegExp][] = [
  ['ean', whole(headers.ean)],
  ['unit_price', whole(headers.unit_price)],
  ['amount', whole(headers.amount)],
  // "MwSt.", "USt %", "[%]", a bare "%": a tax word or a rate word, a percent sign, or both.
  ['vat_rate', whole(`(?:(?:${LANGUAGE.tax.tax}|${headers.vat_rate})\\.?)?(?: ?-?%| ?\\[%\\]| ?\\(%\\))?`)],
  ['quantity', whole(headers.quantity)],
  ['unit', whole(headers.unit)],
  ['description', whole(headers.description)],
  ['code', whole(headers.code)],
  ['position', whole(headers.position)],
  ['discount', whole(`${headers.discount}(?: ?%)?`)],
];

/** Words that qualify the header before them ("excl. VAT", "(EUR)", "HT"): they never start a column. */
const QUALIFIER = /^(?:\(?(?:eur|usd|gbp|€|\$|%)\)?|ht|ttc|h\.t\.|\[%\]|\(-\)|\(\+\))$/u;
const JOINER = /^(?:excl\.?|exkl\.?|incl\.?|inkl\.?|ohne|zzgl\.?|hors|without|with|for|pour|per|pro|je|ex\.?|&|\/)$/u;
const QUALIFYING_TEXT = new RegExp(`\\b(?:excl|exkl|incl|inkl|ohne|zzgl|hors|without|with)\\.?\\s*(?:${LANGUAGE.tax.tax}\\.?)?\\b|\\((?:eur|usd|gbp|€|\\$)\\)|\\b(?:eur|usd|ht|ttc)\\b`, 'gu');

export function roleOf(text: string): ColumnRole | null {
  const phrase = fold(text).replace(QUALIFYING_TEXT, ' ').replace(/[:,]+$/u, '').replace(/\s+/gu, ' ').trim();
  if (!phrase) return null;
  return ROLE_WORDS.find(([, pattern]) => pattern.test(phrase))?.[0] ?? null;
}

interface Phrase {
  role: ColumnRole | null;
  words: Word[];
}

/** The headers of one printed line: runs of words, split where a new header word starts inside a cell. */
export function headerPhrases(line: Line): Phrase[] {
  const phrases: Phrase[] = [];
  const mixedCase = /\p{Ll}/u.test(line.text) && /\p{Lu}/u.test(line.text);
  for (const cell of line.cells) {
    const inCell: Phrase[] = [];
    const words = cell.words;
    let pending: Word[] = [];
    // Where the last word went: a joiner ("/", "excl.") and the word after it go there too.
    let current: Word[] | undefined;
    for (let i = 0; i < words.length; ) {
      const span = [3, 2, 1].map((n) => ({ n, role: i + n <= words.length ? roleOf(words.slice(i, i + n).map((w) => w.text).join(' ')) : null })).find((s) => s.role);
      const word = words[i]!;
      const previous = inCell.at(-1);
      const joined = current && (JOINER.test(fold(words[i - 1]?.text ?? '')) || JOINER.test(fold(word.text)) || QUALIFIER.test(fold(word.text)));
      if (span && !joined) {
        // A header of its own before a capitalised one ("Kpl Yksikkö") stays apart; "Vnt. kaina" is one.
        if (pending.length && mixedCase && /^\p{Lu}/u.test(words[i]!.text) && startsHeader(pending[0]!, pending[1])) inCell.push({ role: null, words: pending.splice(0) });
        inCell.push({ role: span.role, words: [...pending, ...words.slice(i, i + span.n)] });
        current = inCell.at(-1)!.words;
        pending = [];
        i += span.n;
        continue;
      }
      if (joined) current!.push(word);
      // A capitalised word the lexicons do not know, in a header printed in mixed case, heads a
      // column of its own ("Yksikköhinta Veroton", "Kpl Yksikkö"); its role comes from the rows.
      else if (mixedCase && startsHeader(word, words[i + 1])) {
        if (pending.length) inCell.push({ role: null, words: pending });
        pending = [word];
        current = pending;
      }
      // A word cut at the line end ("Positions-", "Preis/") is finished on the line under it.
      else if (previous && !pending.length && !/[-/]$/u.test(word.text)) {
        previous.words.push(word);
        current = previous.words;
      } else {
        pending.push(word);
        current = pending;
      }
      i++;
    }
    if (pending.length) inCell.push({ role: null, words: pending });
    // "NOM & DESIGNATION" is one header.
    for (const phrase of inCell) {
      const last = phrases.at(-1);
      if (last && last.role && last.role === phrase.role && last.words.at(-1) && cell.words.includes(last.words.at(-1)!)) last.words.push(...phrase.words);
      else phrases.push(phrase);
    }
  }
  return phrases;
}

/** A capitalised word, not a qualifier, not cut at its end, and not the start of a known header itself. */
function startsHeader(word: Word, next: Word | undefined): boolean {
  if (!/^\p{Lu}\p{Ll}/u.test(word.text) || /[-/]$/u.test(word.text) || QUALIFIER.test(fold(word.text)) || JOINER.test(fold(word.text))) return false;
  return !roleOf(word.text) && !(next && roleOf(`${word.text} ${next.text}`));
}

const HEADER_LINES_AROUND = 3;
/** Lines under a header whose content names its unknown columns (column-content.ts). */
const ROWS_AFTER_HEADER = 12;

/** Every item-table header of the document, in reading order. */
export function findHeaders(document: TextDocument): TableHeader[] {
  const headers: TableHeader[] = [];
  const lines = document.lines;
  // A header repeated on the next page has the lines it had the first time: the name a page break
  // cut, printed right under the repeated header, is not a stacked header line.
  const stacking = new Map<string, { above: number; below: number }>();
  for (let i = 0; i < lines.length; i++) {
    const main = lines[i]!;
    const phrases = headerPhrases(main);
    if (phrases.filter((p) => p.role).length < 2) continue;
    // The stacked line with the most headers is the main one; a weaker line next to it is part of it.
    const better = [lines[i + 1], lines[i - 1]].some((l) => l && l.page === main.page && close(main, l) && headerPhrases(l).filter((p) => p.role).length > phrases.filter((p) => p.role).length);
    if (better) continue;
    let first = i;
    let last = i;
    const repeated = stacking.get(main.text);
    while (first > 0 && i - first < (repeated?.above ?? HEADER_LINES_AROUND) && stackedHeaderLine(lines[first - 1]!, lines[first]!)) first--;
    while (last + 1 < lines.length && last - i < (repeated?.below ?? HEADER_LINES_AROUND) && stackedHeaderLine(lines[last + 1]!, lines[last]!)) last++;
    const columns = stackColumns(phrases, [...lines.slice(first, i), ...lines.slice(i + 1, last + 1)], main);
    inferColumnRoles(columns, lines.slice(last + 1, last + 1 + ROWS_AFTER_HEADER).filter((l) => l.page === main.page));
    if (!isItemHeader(columns)) continue;
    if (headers.at(-1)?.lastLine !== undefined && headers.at(-1)!.lastLine >= first) continue;
    headers.push({ page: main.page, firstLine: first, lastLine: last, columns });
    if (!repeated) stacking.set(main.text, { above: i - first, below: last - i });
    i = last;
  }
  return headers;
}

function stackColumns(mainPhrases: Phrase[], stacked: Line[], main: Line): Column[] {
  const columns: Column[] = mainPhrases.map((p) => ({ role: p.role ?? 'other', also: [], text: textOf(p.words), x0: left(p.words), x1: right(p.words) }));
  for (const line of stacked) {
    const above = line.box[1] < main.box[1];
    for (const phrase of headerPhrases(line)) {
      const [x0, x1] = [left(phrase.words), right(phrase.words)];
      const column = columns.filter((c) => overlap(c, x0, x1) > 0).sort((a, b) => overlap(b, x0, x1) - overlap(a, x0, x1))[0];
      if (!column || overlap(column, x0, x1) < 0.3 * Math.min(x1 - x0, column.x1 - column.x0)) {
        // A title over the table ("Positionsdaten") is no column of its own.
        if (phrase.role) columns.push({ role: phrase.role, also: [], text: textOf(phrase.words), x0, x1 });
        continue;
      }
      const text = above ? `${textOf(phrase.words)} ${column.text}` : `${column.text} ${textOf(phrase.words)}`;
      const whole = roleOf(text.replace(/([-/]) /gu, '$1'));
      const role = phrase.role;
      // A bare "#" or "Pos" over an article number header, or "VAT" under "Unit Price Excl.", is the weaker header.
      const weaker = column.role === 'other' || column.role === 'position' || (column.role === 'vat_rate' && (role === 'unit_price' || role === 'amount'));
      if (whole) column.role = whole;
      else if (role && weaker) {
        if (column.role !== 'other') column.also.push(column.role);
        column.role = role;
      } else if (role && role !== column.role) column.also.push(role);
      column.text = text;
      column.x0 = Math.min(column.x0, x0);
      column.x1 = Math.max(column.x1, x1);
    }
  }
  return columns.sort((a, b) => a.x0 - b.x0);
}

/** An item table names what was sold and what it cost; a VAT breakdown or a payment-terms table does not. */
function isItemHeader(columns: Column[]): boolean {
  const roles = new Set(columns.map((c) => c.role).filter((r) => r !== 'other'));
  const money = roles.has('amount') || roles.has('unit_price');
  // "Description   Amount" is enough for a list of services; a third role is needed otherwise.
  if (roles.has('description') && roles.has('amount')) return true;
  return roles.size >= 3 && money && roles.has('quantity');
}

/** A line of a stacked header: close to the next header line, short labels, no amounts. */
function stackedHeaderLine(line: Line, neighbour: Line): boolean {
  if (line.page !== neighbour.page || !close(line, neighbour)) return false;
  if (/\d[.,]\d/u.test(line.text) || /:\s*\S/u.test(line.text)) return false;
  return line.cells.every((c) => c.text.length <= 30);
}

function close(a: Line, b: Line): boolean {
  const height = Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1]);
  const gap = Math.max(a.box[1], b.box[1]) - Math.min(a.box[3], b.box[3]);
  return gap <= height * 0.8;
}

const textOf = (words: Word[]) => words.map((w) => w.text).join(' ');
const left = (words: Word[]) => Math.min(...words.map((w) => w.box[0]));
const right = (words: Word[]) => Math.max(...words.map((w) => w.box[2]));
const overlap = (c: { x0: number; x1: number }, x0: number, x1: number) => Math.max(0, Math.min(c.x1, x1) - Math.max(c.x0, x0));
