// Amounts and dates inside a run of text. The normalisers in normalize/ decide what one printed value
// means; this finds where the printed values are, so "Summe 7 % 3,90 EUR" gives 3,90 and not 7.
import { parseAmount, type DecimalSeparator } from './normalize/amount.js';
import { parseDate, type DateOrder } from './normalize/date.js';

export interface AmountToken {
  value: number;
  decimals: number;
  text: string;
  index: number;
  /** Followed by a percent sign: a rate, not money. */
  percent: boolean;
}

const AMOUNT =
  /(?<![\p{L}\d.,])(?:\(\s*)?[-−–]?\s?(?:[€$£]\s?)?\d{1,3}(?:(?:[ \u00a0\u202f.,'’])\d{3})*(?:[.,]\d{1,4})?(?:\s?[-−–])?(?:\s*\))?(?![\d\p{L}])|(?<![\p{L}\d.,])[-−–]?\d+(?:[.,]\d{1,4})?(?:[-−–](?![\d\p{L}]))?(?![\d\p{L}])/gu;

/** A currency code printed against its amount ("RM53.60", "EUR12,50", the rand's "R120.00"), blanked to the same length so indexes hold. */
const GLUED_CURRENCY = /(?<![\p{L}])(?:RM|Rs\.?|R|EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|CZK|HUF|SGD|MYR|INR)(?=[-−–]?\d)/gu;

/** OCR splits an amount after its decimal point ("RM46. 40"); rejoined, the space moved to the end. Not "15. 12. 2018". */
const SPLIT_CENTS = /(?<=\d)([.,]) (\d{2})(?![\d.,])/gu;

/** The text with amounts as printed before OCR's slips and with glued currency codes blanked, every index kept. */
const repaired = (text: string) => text.replace(GLUED_CURRENCY, (code) => ' '.repeat(code.length)).replace(SPLIT_CENTS, '$1$2 ');

export function amountTokens(text: string, separator: DecimalSeparator | undefined): AmountToken[] {
  const tokens: AmountToken[] = [];
  for (const match of repaired(text).matchAll(AMOUNT)) {
    const printed = match[0].trim();
    const parsed = parseAmount(printed.replace(/\s?[-−–]$/u, (m) => m.trim()), separator);
    if (!parsed) continue;
    const after = text.slice(match.index + match[0].length);
    tokens.push({ value: parsed.value, decimals: parsed.decimals, text: printed, index: match.index, percent: /^\s?%/u.test(after) });
  }
  return tokens;
}

/**
 * "within 15 days", "30 Tagen netto", "14 päeva", "30-day terms": a count of days is a payment term,
 * never money, in the languages the engine reads.
 */
const DAY_COUNT =
  /(?<![\p{L}\d.,])\d{1,3}(?:\s?-\s?|\s)?(?:days?|tagen?|jours?|päeva|paeva|päev|paev|päivää|paivaa|päivän|paivan|pv|dienas|dienu|dienām|dienam|dienų|dni|días|dias|dagen|dagar|дней|дня|день)(?![\p{L}])/giu;

const blank = (text: string, index: number, length: number) => text.slice(0, index) + ' '.repeat(length) + text.slice(index + length);

/** The money amount a labelled value holds: the last non-percentage amount, preferring ones with cents. */
export function moneyIn(text: string, separator: DecimalSeparator | undefined): AmountToken | null {
  return moneyInText(DASH_FOR_POINT.test(text) ? text.replace(DASH_FOR_POINT, '$1.$2') : text, separator);
}

/**
 * A labelled value that is one figure with a dash or a colon for its point and nothing else: OCR
 * reads a dot-matrix receipt's point so now and then ("TOTAL 48-00", which read as 48 and 0 of money
 * took the 0; "TOTAL RM5:00").
 */
const DASH_FOR_POINT = /^\s*(?:[A-Z]{1,3}\$?\s*)?(\d{1,6})[-:](\d{2})\s*$/u;

function moneyInText(text: string, separator: DecimalSeparator | undefined): AmountToken | null {
  // "bis 15.06.2018" is a date, not 15.06 of money.
  const withoutDates = dateTokens(text, undefined).reduce((t, d) => blank(t, d.index, d.text.length), text);
  const withoutTerms = [...withoutDates.matchAll(DAY_COUNT)].reduce((t, m) => blank(t, m.index, m[0].length), withoutDates);
  const tokens = amountTokens(withoutTerms, separator).filter((t) => !t.percent);
  if (/\bCR\b/u.test(text)) for (const t of tokens) t.value = -Math.abs(t.value);
  const withCents = tokens.filter((t) => t.decimals === 2);
  return (withCents.length ? withCents : tokens.filter((t) => t.decimals === 0 && String(Math.abs(t.value)).length <= 7)).at(-1) ?? null;
}

export interface DateToken {
  iso: string;
  ambiguous: boolean;
  text: string;
  index: number;
}

const DATE_PATTERNS = [
  // A year of this or the last century; OCR glues a label's colon to it as a digit ("Sales12018-01-05").
  /(?<!\d)\d{4}[-./]\d{1,2}[-./]\d{1,2}(?!\d)|(?<=\p{L}\d)(?:19|20)\d{2}-\d{2}-\d{2}(?!\d)/gu,
  // OCR glues a receipt's time to its year now and then: "18/04/20185:18:08p", "17/04/201807:13".
  // Not a link of a longer chain of figures, an item code "MI11/3-21-12/480" (but "REG #19-21/03/2018").
  /(?<![\d.,])\d{1,2}([./-])\d{1,2}\1(?:(?:19|20)\d{2}(?=\d{1,2}:\d{2})|(?:\d{4}|\d{2})(?![\d]|[.,/-]\d))/gu,
  // "14 May 2017", "14-May-17", and as OCR reads receipts "14May/2017".
  /(?<!\d)\d{1,2}(?:\.|st|nd|rd|th)?[\s/-]*\p{L}{3,}\.?,?[\s/-]+(?:\d{4}|\d{2})(?!\d)/gu,
  /(?<!\p{L})\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}(?!\d)/gu,
  /(?<!\d)\d{4}\.?\s*(?:m\.|g\.|gada)?\s*\p{L}{3,}\s+\d{1,2}(?:\.|\s*d\.)?/gu,
];

/**
 * A short date glued to the letters before it is an item code's tail ("RC11-23-42", read as 23
 * November 2042); OCR glues a label to a date, but then with its colon or to a four-digit year.
 */
const CODE_TAIL = /^\d{1,2}[./-]\d{1,2}[./-]\d{2}$/u;

export function dateTokens(text: string, order: DateOrder | undefined): DateToken[] {
  const tokens: DateToken[] = [];
  for (const pattern of DATE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      if (tokens.some((t) => match.index >= t.index && match.index < t.index + t.text.length)) continue;
      if (CODE_TAIL.test(match[0]) && /\p{L}$/u.test(text.slice(0, match.index))) continue;
      const parsed = parseDate(match[0].replace(/(\d)(?:st|nd|rd|th)/u, '$1'), order);
      if (parsed) tokens.push({ ...parsed, text: match[0], index: match.index });
    }
  }
  return tokens.sort((a, b) => a.index - b.index);
}

/**
 * A numeric date as evidence of the page's order: slashes, dashes or dots, a 2- or 4-digit year, the
 * separators perhaps spaced, after any non-digit (OCR reads a label's colon as "." or ","), not inside
 * an amount or a longer number.
 */
const NUMERIC_DATE = /(?<!\d|\d[.,])(\d{1,2}) ?([./-]) ?(\d{1,2}) ?\2 ?(?:\d{4}|\d{2})(?![\d]|[.,]\d)/gu;

/**
 * Day-first or month-first, from the dates that can only be read one way: anywhere on the page (a
 * receipt's "13/06/19" at the foot settles its "05/06/2019" at the head), majority when they disagree.
 */
export function dateOrderOf(texts: string[], fallback: DateOrder | undefined): DateOrder | undefined {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    for (const match of text.matchAll(NUMERIC_DATE)) {
      const [first, second] = [Number(match[1]), Number(match[3])];
      if (first > 12 && first <= 31 && second >= 1 && second <= 12) dayFirst++;
      if (second > 12 && second <= 31 && first >= 1 && first <= 12) monthFirst++;
    }
  }
  if (dayFirst > monthFirst) return 'DMY';
  if (monthFirst > dayFirst) return 'MDY';
  return fallback;
}
