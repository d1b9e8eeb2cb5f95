// How a language prints numbers, amounts and dates. Amounts are integer minor units (cents)
// throughout the generator; only printing turns them into text.
import type { Lexicon } from './lexicon.js';

export interface NumberStyle {
  decimal: string;
  group: string;
  /** Where a negative amount shows its sign: "-12,50" or "12,50-". */
  minus: 'leading' | 'trailing';
}

/** Prints `units / 10^scale` with exactly `decimals` decimals (scale ≥ decimals, the rest must be zero). */
export function formatFixed(units: number, scale: number, decimals: number, style: NumberStyle): string {
  const negative = units < 0;
  const abs = Math.abs(units);
  const divisor = 10 ** scale;
  const whole = Math.floor(abs / divisor);
  const fraction = abs % divisor;
  const fractionDigits = String(fraction).padStart(scale, '0').slice(0, decimals);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const body = decimals > 0 ? `${grouped}${style.decimal}${fractionDigits}` : grouped;
  if (!negative) return body;
  return style.minus === 'leading' ? `-${body}` : `${body}-`;
}

export function formatCents(cents: number, style: NumberStyle): string {
  return formatFixed(cents, 2, 2, style);
}

/** Fewest decimals (at least `min`) that print the value exactly. */
export function decimalsNeeded(units: number, scale: number, min: number): number {
  let decimals = scale;
  while (decimals > min && units % 10 ** (scale - decimals + 1) === 0) decimals--;
  return decimals;
}

/** A VAT rate in percentage points, as printed: "24", "25,5", "5.5". */
export function formatRate(rate: number, style: NumberStyle): string {
  const tenths = Math.round(rate * 10);
  return formatFixed(tenths, 1, tenths % 10 === 0 ? 0 : 1, style);
}

export interface IsoDate {
  year: number;
  month: number;
  day: number;
}

export function isoOf(date: IsoDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function formatDate(date: IsoDate, pattern: string, lexicon: Pick<Lexicon, 'months'>): string {
  const month = lexicon.months[date.month - 1]!;
  return pattern.replace(/YYYY|YY|MMMM|MMM|MM|M|DD|D/g, (token) => {
    switch (token) {
      case 'YYYY': return String(date.year);
      case 'YY': return String(date.year % 100).padStart(2, '0');
      case 'MMMM': return month;
      case 'MMM': return month.slice(0, 3);
      case 'MM': return String(date.month).padStart(2, '0');
      case 'M': return String(date.month);
      case 'DD': return String(date.day).padStart(2, '0');
      default: return String(date.day);
    }
  });
}
