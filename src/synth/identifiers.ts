// Identifiers that must pass the checks a reader (or the engine) applies: VAT ids are drawn from the
// country's pattern until jsvat accepts them, IBANs get their mod-97 check digits and are confirmed
// with ibantools. Draws are bounded, and every draw comes from the document's PRNG.
import { electronicFormatIBAN, friendlyFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { checkVAT, countries as vatCountries } from 'jsvat';
import type { CountryFacts } from './lexicon.js';
import type { Rng } from './prng.js';

const MAX_DRAWS = 5000;

export function vatId(rng: Rng, facts: CountryFacts): string {
  for (let i = 0; i < MAX_DRAWS; i++) {
    const candidate = rng.pattern(facts.vat_id);
    if (checkVAT(candidate, vatCountries).isValid) return candidate;
  }
  throw new Error(`no valid VAT id for pattern ${facts.vat_id}`);
}

/** An IBAN of `country` whose BBAN starts with the bank's code, printed in groups of four or compact. */
export function iban(rng: Rng, country: string, bankCode: string): { compact: string; printed: string } {
  const spec = getCountrySpecifications()[country];
  if (!spec?.bban_regexp || !spec.chars) throw new Error(`no IBAN specification for ${country}`);
  const pattern = bbanPattern(spec.bban_regexp);
  for (let i = 0; i < MAX_DRAWS; i++) {
    const bban = bankCode + rng.pattern(pattern.slice(bankCode.length));
    const compact = `${country}${checkDigits(country, bban)}${bban}`;
    if (isValidIBAN(compact)) {
      const formatted = friendlyFormatIBAN(compact) ?? compact;
      return { compact: electronicFormatIBAN(compact) ?? compact, printed: formatted };
    }
  }
  throw new Error(`no valid IBAN for ${country}`);
}

/** "^[A-Z]{4}[0-9]{14}$" → "AAAA##############" in Rng.pattern's notation. */
function bbanPattern(regexp: string): string {
  let out = '';
  for (const [, cls, count] of regexp.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)) {
    const ch = cls === '0-9' ? '#' : cls === 'A-Z' ? 'A' : '#';
    out += ch.repeat(Number(count));
  }
  return out;
}

function checkDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`;
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return String(98 - remainder).padStart(2, '0');
}

export function postalCode(rng: Rng, pattern: string, prefix: string): string {
  if (pattern.includes('{p}')) return rng.pattern(pattern.replace('{p}', prefix));
  let code = rng.pattern(pattern);
  // The city's prefix replaces the first digits, so codes look like the city's.
  let at = 0;
  for (const ch of prefix) {
    at = code.search(/\d/) === -1 ? -1 : indexOfDigit(code, at);
    if (at === -1) break;
    code = code.slice(0, at) + ch + code.slice(at + 1);
    at++;
  }
  return code;
}

function indexOfDigit(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (/\d/.test(text[i]!)) return i;
  return -1;
}

export function ean13(rng: Rng): string {
  const body = rng.digits(12);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}
