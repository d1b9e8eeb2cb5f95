// Vendors, customers and their banks, drawn from the language's lexicon (names, legal forms) and the
// country's facts (streets, cities, identifier patterns). Strings are exactly what the page prints.
import { iban, postalCode, vatId } from './identifiers.js';
import type { CountryFacts, Lexicon } from './lexicon.js';
import type { Rng } from './prng.js';

export interface Party {
  name: string;
  /** A person, not a company: no registry code or VAT id. */
  person: boolean;
  registryCode?: string;
  vatId?: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email?: string;
  phone?: string;
}

export interface Bank {
  name: string;
  bic: string;
  iban: string;
  ibanPrinted: string;
}

export function company(rng: Rng, lexicon: Lexicon, country: string, facts: CountryFacts): Party {
  const stem = rng.pick(lexicon.name_stems);
  const core = rng.chance(0.6) ? `${stem} ${rng.pick(lexicon.name_trades)}` : stem;
  const form = rng.pick(lexicon.legal_forms.forms);
  const quoted = rng.chance(0.5) ? `"${core}"` : core;
  const name = lexicon.legal_forms.position === 'before' ? `${form} ${quoted}` : `${core} ${form}`;
  const slug = asciiSlug(stem);
  const vat = vatId(rng, facts);
  return {
    name: name.replace(/\s+/g, ' ').trim(),
    person: false,
    registryCode: registryInVatId(country, vat) ?? rng.pattern(facts.registry_code),
    vatId: vat,
    ...address(rng, country, facts),
    email: `${rng.pick(['info', 'arved', 'invoice', 'office', 'billing', 'kontakt'])}@${slug}.${facts.tld}`,
    phone: rng.pattern(facts.phone),
  };
}

/** Where the VAT id is built from the company's registry number, that number (as printed locally). */
function registryInVatId(country: string, vat: string): string | undefined {
  const digits = vat.slice(2);
  switch (country) {
    case 'FI': return `${digits.slice(0, 7)}-${digits.slice(7)}`; // Y-tunnus
    case 'FR': return digits.slice(2); // SIREN
    case 'SE': return `${digits.slice(0, 6)}-${digits.slice(6, 10)}`; // organisationsnummer
    case 'ES': return digits; // CIF
    default: return undefined;
  }
}

export function person(rng: Rng, lexicon: Lexicon, country: string, facts: CountryFacts): Party {
  const name = rng.pick(lexicon.person_names);
  return { name, person: true, ...address(rng, country, facts), email: `${asciiSlug(name.split(' ')[0]!)}.${asciiSlug(name.split(' ')[1] ?? 'x')}@example.${facts.tld}`, phone: rng.pattern(facts.phone) };
}

function address(rng: Rng, country: string, facts: CountryFacts): Pick<Party, 'street' | 'postalCode' | 'city' | 'country'> {
  const [city, prefix] = rng.pick(facts.cities);
  const streetName = rng.pick(facts.streets);
  const number = String(rng.int(1, 160)) + (rng.chance(0.15) ? rng.pick(['a', 'b', '/2', '-4']) : '');
  const street = facts.street_order === 'number-name' ? `${number} ${streetName}` : `${streetName} ${number}`;
  return { street, postalCode: postalCode(rng, facts.postal, prefix), city, country };
}

/** `count` accounts at different banks of the country. */
export function banks(rng: Rng, country: string, facts: CountryFacts, count: number): Bank[] {
  return rng.shuffle(facts.banks).slice(0, count).map((b) => bank(rng, country, b));
}

function bank(rng: Rng, country: string, [name, bic, code]: [string, string, string]): Bank {
  const { compact, printed } = iban(rng, country, code);
  return { name, bic, iban: compact, ibanPrinted: rng.chance(0.75) ? printed : compact };
}

/** Lower-case ASCII for e-mail domains: accents dropped, other letters (Cyrillic) transliterated roughly. */
export function asciiSlug(text: string): string {
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const cyr: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sh', ы: 'y', э: 'e', ю: 'yu', я: 'ya' };
  const out = [...folded].map((c) => cyr[c] ?? c).join('').replace(/ø/g, 'o').replace(/ł/g, 'l').replace(/ß/g, 'ss').replace(/[^a-z0-9]+/g, '');
  return out || 'firma';
}
