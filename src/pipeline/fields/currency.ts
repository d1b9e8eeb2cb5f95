// The document currency, ISO 4217: printed codes count more than symbols, and "$" alone is the US
// dollar unless the country (the client's hint, else the vendor's own: its VAT id, its address, its
// IBAN) says which dollar. A page that prints no currency is billed in its vendor's country's
// (derived, for a person to weigh); the client's hint decides only when neither says anything.
// On a page read by OCR a symbol is weak evidence: "₹" and "R$" come out as "£", "€" or "$". Where
// only symbols name the currency and the vendor's country bills in another, the value is marked.
import countryToCurrency from 'country-to-currency';
import type { FieldContext } from './context.js';
import type { Found } from './found.js';

const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));

const SYMBOLS: [RegExp, string][] = [
  [/€/gu, 'EUR'],
  [/£/gu, 'GBP'],
  [/₹|(?<![\p{L}])rs\.?(?=\s?[-−]?\d)/giu, 'INR'],
  [/(?<![\p{L}])rm(?=\s?\d)|(?<![\p{L}])rm(?![\p{L}])/giu, 'MYR'],
  [/zł/giu, 'PLN'],
  [/₽|(?<![\p{L}])руб/giu, 'RUB'],
  [/(?<![\p{L}])R\$/gu, 'BRL'],
  [/(?<![\p{L}])kč/giu, 'CZK'],
  [/¥/gu, 'JPY'],
  [/(?<![\p{L}])chf(?![\p{L}])/giu, 'CHF'],
  // The rand's "R" stands before an amount with cents ("R1249950,00", "R 124.50"); "R$" is the real.
  [/(?<![\p{L}\d])R ?(?=\d[\d ,.]*[.,]\d\d(?!\d))/gu, 'ZAR'],
  [/(?<![\p{L}A-Z])\$/gu, 'USD'],
  [/(?<![\p{L}])euro?s?(?![\p{L}])/giu, 'EUR'],
];
const MIN_CODE_CONFIDENCE = 0.6;
/** Countries whose own currency is written "$". */
const DOLLAR_COUNTRIES: Record<string, string> = { CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP', UY: 'UYU' };

/** `country`: the vendor's ISO 3166 code, where the page gave one. */
export function findCurrency(context: FieldContext, country?: string): Found<string> | undefined {
  const home = context.hints.country ?? country;
  const votes = new Map<string, number>();
  const printedCodes = new Set<string>();
  const vote = (code: string, weight: number) => votes.set(code, (votes.get(code) ?? 0) + weight);
  for (const line of context.document.lines) {
    for (const match of line.text.matchAll(/(?<![\p{L}])[A-Z]{3}(?![\p{L}])/gu)) {
      // A currency code stands next to an amount, or in a short "Currency: EUR" line.
      if (!ISO_CODES.has(match[0])) continue;
      // Three capitals that OCR read with little confidence are more often a logo's scraps than a code.
      const code = match[0];
      if (line.words.some((w) => w.text.includes(code) && w.confidence < MIN_CODE_CONFIDENCE)) continue;
      if (/\d/u.test(around(line.text, match.index, match[0].length))) vote(match[0], 3);
      // Codes that are also words ("SDN BHD", "ALL") count only where the line is about currency.
      else if (/\b(?:currency|wahrung|währung|devise|valuuta|valuutta|valuta|valiuta|waluta|moneda|валюта)\b/iu.test(line.text)) vote(match[0], 2);
      else continue;
      printedCodes.add(code);
    }
    for (const [pattern, code] of SYMBOLS) {
      for (const _ of line.text.matchAll(pattern)) {
        vote(code === 'USD' && home ? (DOLLAR_COUNTRIES[home] ?? code) : code, 1);
      }
    }
  }
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first) {
    if (context.hints.currency) return { value: context.hints.currency, confidence: 0.5, status: 'enriched' };
    const billed = country ? (countryToCurrency as Record<string, string | undefined>)[country] : undefined;
    return billed ? { value: billed, confidence: 0.5, status: 'derived' } : undefined;
  }
  const clear = !second || first[1] >= second[1] * 2;
  const homeCurrency = home ? (countryToCurrency as Record<string, string | undefined>)[home] : undefined;
  const misreadSymbol = context.document.source !== 'text-layer' && !printedCodes.has(first[0]) && homeCurrency !== undefined && homeCurrency !== first[0];
  if (misreadSymbol) return { value: first[0], confidence: 0.5, status: 'review' };
  return { value: first[0], confidence: clear ? 0.95 : 0.6, status: clear ? 'read' : 'review' };
}

function around(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 14), index) + text.slice(index + length, index + length + 14);
}
