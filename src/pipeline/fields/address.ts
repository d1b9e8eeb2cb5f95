// Pieces of a printed address: the postal-code-and-city line in the forms Europe, the UK, the US and
// Malaysia print, and country names in the engine's languages to ISO 3166 alpha-2 (from Intl, so every
// country is covered without a table of our own).
import { fold } from './labels.js';

export interface PostalLine {
  postal_code: string;
  city: string;
  country?: string;
  /** Text before the postal code on the same line (a street printed on one line with the city). */
  before: string;
}

/** Countries whose postal code includes their country code ("LT-01100", "LV-1010"); "D-80333" is only a prefix. */
const PREFIXED_POSTAL_CODES = new Set(['LT', 'LV']);

const PATTERNS: { pattern: RegExp; read: (m: RegExpExecArray) => PostalLine }[] = [
  {
    // US: "Los Angeles, CA 90051-5397"
    pattern: /^(?<before>.*?)(?<city>[\p{L}][\p{L} .'-]*?),?\s+(?<state>[A-Z]{2})\s+(?<zip>\d{5}(?:-\d{4})?)\b/u,
    read: (m) => ({ postal_code: m.groups!.zip!, city: m.groups!.city!.trim(), country: 'US', before: m.groups!.before!.trim() }),
  },
  {
    // Netherlands "3500 MJ Utrecht" (before the continental form, which would read "MJ Utrecht" as the city).
    pattern: /(?<![\p{L}\d])(?<code>\d{4} ?[A-Z]{2})\s+(?<city>\p{Lu}[\p{L}'.-]+)/u,
    read: (m) => ({ postal_code: m.groups!.code!, city: m.groups!.city!, country: 'NL', before: m.input.slice(0, m.index).trim() }),
  },
  {
    // Continental Europe and Malaysia: "DE 80333 München", "D-80333 München", "LV-1010 Rīga", "75008 Paris", "44300 BATANG KALI";
    // a five-digit code may be printed with a point or comma before the city ("81750.JOHOR BAHRU").
    pattern: /(?<![\p{L}\d])(?:(?<prefix>[A-Z]{1,2})[- ])?(?<code>\d{5}|\d{4}|\d{3} \d{2}|\d{2}-\d{3})(?:\s+|(?<=\d{5})[.,]\s*)(?<city>\p{Lu}[\p{L}'.-]*(?:[ -]\p{L}[\p{L}'.-]*){0,3})/u,
    read: (m) => ({
      postal_code: PREFIXED_POSTAL_CODES.has(m.groups!.prefix ?? '') ? `${m.groups!.prefix}-${m.groups!.code}` : m.groups!.code!,
      city: m.groups!.city!.replace(/[,.]$/u, '').trim(),
      ...(m.groups!.prefix && m.groups!.prefix.length === 2 ? { country: m.groups!.prefix === 'D' ? 'DE' : m.groups!.prefix } : m.groups!.prefix === 'D' ? { country: 'DE' } : {}),
      before: m.input.slice(0, m.index).trim(),
    }),
  },
  {
    pattern: /(?:(?<city>\p{Lu}[\p{L}'.-]+),?\s+)?(?<code>[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})(?![\p{L}\d])/u,
    // "GB SW1B 3BN London": a country prefix before the code, the city after it.
    read: (m) => {
      const prefixed = /^[A-Z]{2}$/u.test(m.groups!.city ?? '');
      const after = m.input.slice(m.index + m[0].length).trim();
      const city = prefixed ? (/^\p{Lu}[\p{L}'. -]*$/u.test(after) ? after : '') : (m.groups!.city ?? '');
      return { postal_code: m.groups!.code!, city, country: 'GB', before: m.input.slice(0, m.index).trim() };
    },
  },
];

export function postalLine(text: string): PostalLine | null {
  for (const { pattern, read } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      const found = read(match);
      // Years and amounts look like postal codes; a city name never starts with a month or a currency.
      if (/^(?:EUR|USD|GBP|Stk|PCS|x)\b/iu.test(found.city)) continue;
      // "06000 NICE, FR": the country's code after the city.
      const code = /^\s*,\s*([A-Z]{2})\s*$/u.exec(text.slice(match.index + match[0].length))?.[1];
      if (code && !found.country && COUNTRY_CODES.has(code)) found.country = code;
      return found;
    }
  }
  return null;
}

const COUNTRY_NAMES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  const regions: string[] = [];
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) regions.push(String.fromCharCode(a, b));
  // Intl also names codes that are not countries, or are reserved aliases of one ("FX" Metropolitan
  // France is shown as "France", "UK" as "United Kingdom"); the ISO country must win its name.
  const notCountries = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'FX', 'UK']);
  for (const language of ['en', 'de', 'fr', 'et', 'fi', 'lv', 'lt', 'ru', 'sv', 'pl', 'es', 'nl']) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const region of regions) {
      try {
        const name = display.of(region);
        if (name && name !== region && !notCountries.has(region)) names.set(fold(name), region);
      } catch {
        // Codes that are not regions.
      }
    }
  }
  for (const [name, code] of [['usa', 'US'], ['u.s.a.', 'US'], ['uk', 'GB'], ['england', 'GB'], ['great britain', 'GB']] as const) names.set(name, code);
  return names;
})();

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRY_NAMES.values());

/** ISO code of a line that is only a country name ("Deutschland", "FRANCE", "Eesti"). */
export function countryOfLine(text: string): string | null {
  return COUNTRY_NAMES.get(fold(text).replace(/[.,]$/u, '').trim()) ?? null;
}

/** How each country writes its postal codes, for the countries whose invoices the engine reads most. */
const POSTAL_CODE_FORMS: Record<string, RegExp> = {
  DE: /^\d{5}$/u, FR: /^\d{5}$/u, IT: /^\d{5}$/u, ES: /^\d{5}$/u, FI: /^\d{5}$/u, EE: /^\d{5}$/u, LT: /^(?:LT-)?\d{5}$/u, MY: /^\d{5}$/u,
  US: /^\d{5}(?:-\d{4})?$/u, AT: /^\d{4}$/u, BE: /^\d{4}$/u, CH: /^\d{4}$/u, DK: /^\d{4}$/u, LU: /^\d{4}$/u, NO: /^\d{4}$/u, LV: /^(?:LV-)?\d{4}$/u,
  NL: /^\d{4} ?[A-Z]{2}$/u, PL: /^\d{2}-\d{3}$/u, SE: /^\d{3} ?\d{2}$/u, CZ: /^\d{3} ?\d{2}$/u, GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/u,
};

/** Whether a postal code is written the way `country` writes them (unknown countries: no). */
export function postalCodeFits(postalCode: string, country: string): boolean {
  return POSTAL_CODE_FORMS[country]?.test(postalCode) ?? false;
}
