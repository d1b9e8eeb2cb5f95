// Conversions from XML lexical forms. The parser hands over every value as text, so codes such as
// "0012" and amounts such as "19.00" are read here and nowhere else.

/** xs:decimal ("19.00", "-5", ".5"), or null for anything else (including exponents and commas). */
export function parseDecimal(text: string | null | undefined): number | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Decimal places written in a decimal's lexical form ("4.0000" has four). */
export function decimalsOf(text: string | null | undefined): number {
  const match = text?.trim().match(/\.(\d+)$/);
  return match ? match[1]!.length : 0;
}

/** Rounds half away from zero, as invoices do, without binary noise such as 76.63999999. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  // The epsilon absorbs representation error (1.005 * 100 = 100.49999…).
  const rounded = Math.round(scaled + 1e-9 * Math.max(1, scaled)) / factor;
  return value < 0 ? -rounded : rounded;
}

/** A calendar date from CII (format 102 "20180605", or an ISO date) or UBL ("2018-06-05"), as YYYY-MM-DD. */
export function parseXmlDate(text: string | null | undefined, format?: string): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  // Formats 610 (a month) and 616 (a week) name no day.
  if (format !== undefined && format !== '102') return null;
  // Some writers put an ISO date or date-time where format 102 is declared.
  const parts = trimmed.match(/^(\d{4})(\d{2})(\d{2})$/) ?? trimmed.match(/^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+)?(?:Z|[+-]\d{2}:\d{2})?$/);
  if (!parts) return null;
  const [, y, m, d] = parts as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const valid = date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
  return valid ? `${y}-${m}-${d}` : null;
}

/** xs:boolean false, which may also be written 0. */
export function isXmlFalse(text: string | null): boolean {
  return text === 'false' || text === '0';
}
