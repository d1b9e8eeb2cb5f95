// Printed amounts as numbers. Invoices print the same value as "1 234,56", "1.234,56", "1,234.56",
// "1'234.56" or "1,23,456.00" (Indian grouping), and a negative one as "-12,50", "12,50-", "(12.50)",
// "−12.50" or "12.50 CR". A string that is not exactly one amount gives null: a wrong number is worse
// than none.

export type DecimalSeparator = '.' | ',';

export interface ParsedAmount {
  value: number;
  /** Digits printed after the decimal separator (unit prices keep their precision). */
  decimals: number;
  /** True when one separator followed by three digits could be grouping or decimals and nothing decided it. */
  ambiguous: boolean;
}

const CURRENCY_SIGNS = /[€$£¥₹₽₩₪₺₴₫฿₦₱]|(?<!\p{L})(?:zł|kč|kr|lei|rm|rs|sfr|chf)\.?(?!\p{L})/giu;
const ISO_CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;
const MINUS = /^[-−–]/u;
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/gu;

export function parseAmount(printed: string, decimalSeparator?: DecimalSeparator): ParsedAmount | null {
  let text = printed.normalize('NFKC').trim();
  let negative = false;
  if (/^\(.*\)$/u.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  const credit = /\s*(?<!\p{L})CR\.?$/iu;
  if (credit.test(text)) {
    negative = true;
    text = text.replace(credit, '');
  }
  text = text.replace(CURRENCY_SIGNS, ' ').replace(ISO_CODE, ' ').trim();
  if (MINUS.test(text)) {
    negative = true;
    text = text.replace(MINUS, '').trim();
  } else if (/[-−–]$/u.test(text)) {
    negative = true;
    text = text.slice(0, -1).trim();
  }
  if (!/^\d[\d\s\u00a0\u2007\u2009\u202f.,'’]*$/u.test(text) || /\D$/u.test(text)) return null;

  const parsed = splitNumber(text, decimalSeparator);
  if (!parsed) return null;
  const value = Number(`${parsed.integer}.${parsed.fraction || '0'}`);
  return { value: negative && value !== 0 ? -value : value, decimals: parsed.fraction.length, ambiguous: parsed.ambiguous };
}

interface SplitNumber {
  integer: string;
  fraction: string;
  ambiguous: boolean;
}

function splitNumber(text: string, decimalSeparator: DecimalSeparator | undefined): SplitNumber | null {
  // Spaces and apostrophes only ever group thousands.
  const grouped = text.replace(/['’]/g, ' ');
  const lastDot = grouped.lastIndexOf('.');
  const lastComma = grouped.lastIndexOf(',');
  let decimalAt = -1;
  let ambiguous = false;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = Math.max(lastDot, lastComma);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const at = Math.max(lastDot, lastComma);
    const occurrences = grouped.split(separator).length - 1;
    const digitsAfter = grouped.length - at - 1;
    if (occurrences === 1 && digitsAfter !== 3) decimalAt = at;
    else if (occurrences === 1) {
      // "1.234": 1234 in Germany, 1.234 in a unit price column in England.
      const integerPart = grouped.slice(0, at).replace(SPACES, '');
      if (decimalSeparator) decimalAt = decimalSeparator === separator ? at : -1;
      else if (integerPart === '0') decimalAt = at;
      else ambiguous = true;
    }
  }
  const integerText = decimalAt >= 0 ? grouped.slice(0, decimalAt) : grouped;
  const fraction = decimalAt >= 0 ? grouped.slice(decimalAt + 1) : '';
  if (!/^\d*$/.test(fraction)) return null;
  const groups = integerText.split(/[\s\u00a0\u2007\u2009\u202f.,]+/u);
  if (!validGrouping(groups)) return null;
  return { integer: groups.join(''), fraction, ambiguous };
}

/** 1 234 567 and 1,23,45,678 are groupings; 12 50 (two amounts side by side) is not. */
function validGrouping(groups: string[]): boolean {
  if (groups.length === 1) return /^\d+$/.test(groups[0]!);
  const [first, ...rest] = groups;
  if (!first || !/^\d{1,3}$/.test(first)) return false;
  const last = rest.at(-1)!;
  const middle = rest.slice(0, -1);
  if (last.length !== 3) return false;
  return middle.every((g) => g.length === 3) || middle.every((g) => g.length === 2);
}

/**
 * The decimal separator a document uses, from its unambiguous amounts: a number with both separators,
 * or one separator followed by one or two digits. Null when the document never says.
 */
export function inferDecimalSeparator(printed: string[]): DecimalSeparator | null {
  let dot = 0;
  let comma = 0;
  for (const text of printed) {
    const match = /(\d)([.,])(\d{1,2})(?!\d)/u.exec(text);
    const both = /\d[.,]\d{3}[.,]\d/u.exec(text);
    const separator = both ? (text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',') : match?.[2];
    if (separator === '.') dot++;
    else if (separator === ',') comma++;
  }
  if (dot === comma) return null;
  return dot > comma ? '.' : ',';
}
