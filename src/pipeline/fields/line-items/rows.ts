// The body of an item table, cut into rows. A row starts at a line that holds money in the item
// columns (a line amount, or a quantity with a unit price); the lines under it, up to the next such
// line, belong to it (wrapped description, article numbers, "Bruttopreis: 4,00", notes). The body ends
// at the totals block or at the end of the page; a repeated header on the next page starts a new body.
import type { Line } from '../../layout/lines.js';
import type { TextDocument } from '../../layout/text-document.js';
import type { Word } from '../../types.js';
import { fold } from '../labels.js';
import type { DecimalSeparator } from '../normalize/amount.js';
import { amountTokens, dateTokens, type AmountToken } from '../tokens.js';
import type { Column, ColumnRole, TableHeader } from './columns.js';

/** A printed line with each word put under the header it stands in. */
export interface PlacedLine {
  line: Line;
  words: Map<Column, Word[]>;
}

export interface TableRow {
  anchor: PlacedLine;
  /** The lines after the anchor that belong to the row, in order. */
  below: PlacedLine[];
}

/** Lines that end the item list: totals, tax breakdowns, payment terms. */
const TOTALS =
  /^(?:sub-?total|totals?|summe|zwischensumme|gesamt\p{L}*|nettobetrag|netto|rechnungssumme|rechnungsbetrag|positionssumme|belegsummen|warenwert|endbetrag|bruttosumme|steuerbasisbetrag|umsatzsteuer\p{L}*|steueraufschlusselung|mwst|ust|vat|tax|tva|net a payer|sous-total|montant|amount due|balance due|kokku|summa|vahesumma|yhteensa|valisumma|delsumma|starpsumma|tarpine suma|suma|razem|subtotaal|totaal|итого|всего|zahlungsbedingungen|payment terms|conditions de paiement|zu- und abschlage|detail tva|tax summary|vat summary)(?![\p{L}])/u;
/** Carried-forward lines between pages are sums, not items. */
const CARRIED = /^(?:ubertrag|uebertrag|vortrag|carried forward|brought forward|carry forward|a reporter|report|siirto|overforing|перенос)(?![\p{L}])/u;
/** "Bruttopreis : 4,00", "Description: Repair": a label and its value is a note under a row, never a row. */
const LABEL_FIRST = /^[\p{L}][\p{L}\d .()/-]{0,40}?\s?:(?!\d)/u;

export function placeWords(line: Line, columns: Column[]): PlacedLine {
  const words = new Map<Column, Word[]>();
  for (const word of line.words) {
    const column = columnOf(word, columns);
    if (!column) continue;
    words.set(column, [...(words.get(column) ?? []), word]);
  }
  return { line, words };
}

/** The column a word stands in: the header it overlaps most, else the nearest header. */
function columnOf(word: Word, columns: Column[]): Column | undefined {
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

/** Money in the item columns: the line amount, or a quantity with a unit price. */
export function holdsItemMoney(placed: PlacedLine, separator: DecimalSeparator | undefined): boolean {
  if (LABEL_FIRST.test(fold(placed.line.text).trim())) return false;
  const has = (role: ColumnRole) => numbersIn(wordsIn(placed, role), separator).some((t) => !t.percent);
  return has('amount') || (has('quantity') && has('unit_price'));
}

/** The rows under one header, up to the totals block or the end of the page. */
export function readRows(document: TextDocument, header: TableHeader, nextHeaderLine: number, separator: DecimalSeparator | undefined): TableRow[] {
  const rows: TableRow[] = [];
  for (let i = header.lastLine + 1; i < nextHeaderLine; i++) {
    const line = document.lines[i]!;
    if (line.page !== header.page) break;
    const first = fold(line.cells[0]?.text ?? '').trim();
    const placed = placeWords(line, header.columns);
    const money = holdsItemMoney(placed, separator);
    if (CARRIED.test(first)) continue;
    if (TOTALS.test(first) && !(money && wordsIn(placed, 'quantity').length)) break;
    if (money) rows.push({ anchor: placed, below: [] });
    else rows.at(-1)?.below.push(placed);
  }
  return rows;
}
