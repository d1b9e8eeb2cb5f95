// Printed dates as YYYY-MM-DD. Numbers ("05.01.2024", "1/5/24", "2024-01-05") and month names in the
// languages the engine reads ("11. Juli 2014", "5. tammikuuta 2024", "2024 m. sausio 5 d.", "Jan 5, 2024",
// "29 maart 2014"). Month names are the lexicons' (../../language/), in the standalone and the genitive
// forms dates use. Day/month order is the document's decision: a date like 04/05/2024 says it is
// ambiguous and takes the order it is given.
import { fold } from '../../language/fold.js';
import { LANGUAGE } from '../../language/lexicon.js';

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export interface ParsedDate {
  iso: string;
  /** Day and month could be swapped and no order was given. */
  ambiguous: boolean;
}

/** A word as the month table spells it: folded, without an abbreviation's dot. */
const monthKey = (word: string) => fold(word).replace(/\.$/u, '');

export function parseDate(printed: string, order?: DateOrder): ParsedDate | null {
  const text = printed.normalize('NFKC').trim();
  return parseIso(text) ?? parseNumeric(text, order) ?? parseNamed(text);
}

function parseIso(text: string): ParsedDate | null {
  const match = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?$/u.exec(text);
  return match ? build(Number(match[1]), Number(match[2]), Number(match[3]), false) : null;
}

function parseNumeric(text: string, order: DateOrder | undefined): ParsedDate | null {
  const match = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})\.?$/u.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[3]);
  const year = fullYear(match[4]!);
  if (first > 12 && second <= 12) return build(year, second, first, false);
  if (second > 12 && first <= 12) return build(year, first, second, false);
  // Dotted numeric dates are written day first (de, et, fi, lv, lt, ru, pl, …); slashes and dashes are not telling.
  const dotted = match[2] === '.';
  const ambiguous = first !== second && order === undefined && !dotted;
  const monthFirst = order === 'MDY' && !dotted;
  return monthFirst ? build(year, first, second, ambiguous) : build(year, second, first, ambiguous);
}

function parseNamed(text: string): ParsedDate | null {
  // "14May": OCR drops the space between day and month.
  const words = text.replace(/(\d)(\p{L})/gu, '$1 $2').split(/[\s,./'-]+/u).filter(Boolean);
  let month: number | undefined;
  const numbers: string[] = [];
  for (const word of words) {
    if (/^\d+$/.test(word)) numbers.push(word);
    else {
      // OCR stutters on a receipt's first letter: "MMay".
      const found = LANGUAGE.months.get(monthKey(word)) ?? LANGUAGE.months.get(monthKey(word).replace(/^(\p{L})\1/u, '$1'));
      if (found !== undefined) {
        if (month !== undefined) return null;
        month = found;
      }
      // Other words ("gada", "m.", "d.", "г.", weekday names) carry no date.
    }
  }
  if (month === undefined || numbers.length !== 2) return null;
  const yearIndex = numbers.findIndex((n) => n.length === 4);
  const [yearText, dayText] = yearIndex >= 0 ? [numbers[yearIndex]!, numbers[1 - yearIndex]!] : [numbers[1]!, numbers[0]!];
  if (dayText.length > 2) return null;
  return build(fullYear(yearText), month, Number(dayText), false);
}

function fullYear(text: string): number {
  const year = Number(text);
  // Two-digit years on business documents are this century.
  return text.length === 2 ? 2000 + year : year;
}

function build(year: number, month: number, day: number, ambiguous: boolean): ParsedDate | null {
  if (year < 1970 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { iso: date.toISOString().slice(0, 10), ambiguous };
}
