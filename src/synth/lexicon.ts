// The lexicons: one JSON file per language (lexicons/<code>.json) with the words a document in that
// language prints, and countries.json with the facts of the countries those documents come from.
// Templates never hold words: every label, title and name is drawn from here, so a language is
// added by adding a file (see README.md).
import de from './lexicons/de.json' with { type: 'json' };
import en from './lexicons/en.json' with { type: 'json' };
import es from './lexicons/es.json' with { type: 'json' };
import et from './lexicons/et.json' with { type: 'json' };
import fi from './lexicons/fi.json' with { type: 'json' };
import fr from './lexicons/fr.json' with { type: 'json' };
import lt from './lexicons/lt.json' with { type: 'json' };
import lv from './lexicons/lv.json' with { type: 'json' };
import nl from './lexicons/nl.json' with { type: 'json' };
import pl from './lexicons/pl.json' with { type: 'json' };
import ru from './lexicons/ru.json' with { type: 'json' };
import sv from './lexicons/sv.json' with { type: 'json' };
import countryFacts from './countries.json' with { type: 'json' };

export type DocumentKind = 'invoice' | 'credit_note' | 'receipt' | 'utility_bill';

/** Keys of the `labels` object: every caption a document can print. */
export type LabelKey = keyof typeof en.labels;

export interface Lexicon {
  language: string;
  countries: string[];
  country_names: Record<string, string>;
  /** Decimal mark and the thousands separators in use ("" = none). */
  number: { decimal: string; groups: string[] };
  /** Date patterns: YYYY, YY, MM, M, DD, D, MMMM (month name from `months`), MMM (its first three letters). */
  dates: string[];
  /** Month names in the form dates print them (genitive where the language inflects). */
  months: string[];
  /** Document titles; for utility_bill the last one is a water bill's, the others an energy bill's. */
  titles: Record<DocumentKind, string[]>;
  labels: Record<LabelKey, string[]>;
  legal_forms: { forms: string[]; position: 'before' | 'after' };
  name_stems: string[];
  name_trades: string[];
  person_names: string[];
  products: string[];
  services: string[];
  receipt_items: string[];
  utility_items: string[];
  units: Record<'piece' | 'kg' | 'hour' | 'month' | 'kwh' | 'm3' | 'day', string>;
  payment_terms: string[];
  thanks: string[];
  terms: string[];
  credit_reason: string[];
}

export interface CountryFacts {
  currency: string;
  vat_rates: number[];
  registry_code: string;
  vat_id: string;
  phone: string;
  postal: string;
  street_order: 'name-number' | 'number-name';
  tld: string;
  /** [city, postal code prefix] */
  cities: [string, string][];
  streets: string[];
  /** [bank name, BIC, the IBAN's bank code] */
  banks: [string, string, string][];
  /** Step in cents that cash totals are rounded to; 0 = none. */
  cash_rounding: number;
}

export const LEXICONS: readonly Lexicon[] = [en, et, de, fi, lv, lt, ru, fr, sv, pl, es, nl] as Lexicon[];

export const LANGUAGES: readonly string[] = LEXICONS.map((l) => l.language);

const { _doc: _countriesDoc, ...facts } = countryFacts;
export const COUNTRIES = facts as unknown as Record<string, CountryFacts>;

export function lexiconOf(language: string): Lexicon {
  const found = LEXICONS.find((l) => l.language === language);
  if (!found) throw new Error(`no lexicon for language ${language}`);
  return found;
}

export function countryOf(code: string): CountryFacts {
  const found = COUNTRIES[code];
  if (!found) throw new Error(`no facts for country ${code}`);
  return found;
}
