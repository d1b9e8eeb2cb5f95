// What the lines of a party's block are, besides its name. Letterheads and receipt heads print the
// address among contact lines (phone, fax, e-mail, web), registrations (company number, tax id) and
// notes on who owns the business; the address is the run from the first street line to the postal
// line, with at most a short state or country line after it. The words come from the lexicons
// (`party`).
import { fold } from '../language/fold.js';
import { LANGUAGE } from '../language/lexicon.js';
import { postalLine } from './address.js';

/** A phone, fax, mobile, e-mail or web line: its word and a number or an address to reach. */
export const isContactLine = (text: string): boolean =>
  (LANGUAGE.party.phone.test(fold(text)) || LANGUAGE.party.contact.test(fold(text))) && (/\d[\d\s()/.-]{5,}\d/u.test(text) || /@|www\.|https?:/iu.test(text));

/** A company or tax registration: its word and a number, or a number alone in brackets ("(862725-U)"). */
export const isRegistrationLine = (text: string): boolean =>
  (LANGUAGE.party.registration.test(fold(text)) && /\d{3}/u.test(text)) || TAX_NUMBER.test(fold(text)) || /^[(<]\+?[\w-]*\d[\w-]*[)>]$/u.test(text.trim());
/** "GST 001085747200": a tax word and a number too long for an amount. */
const TAX_NUMBER = new RegExp(`^\\W*${LANGUAGE.tax.tax}\\W*\\d{8,}\\W*$`, 'u');

/** "Licensee of McDonald's", "Dimiliki oleh …": whose the business is, neither its name nor its address. */
export const isOwnershipLine = (text: string): boolean => OWNERSHIP_FIRST.test(fold(text));
const OWNERSHIP_FIRST = new RegExp(`^\\W*${LANGUAGE.party.ownership.source}`, 'u');
/** The ownership phrase alone on its line ("Formerly known as"): the owner's name is on the next. */
const OWNERSHIP_ALONE = new RegExp(`^\\W*${LANGUAGE.party.ownership.source}\\W*$`, 'u');

/** A word naming a line of business ("RESTAURANT", "STATIONERY"), not one business. */
export const isTradeWord = (word: string): boolean => LANGUAGE.party.trade.test(fold(word));

/**
 * A line an address can start with: a street word or a number ("19, JALAN KANCIL", "CAR PARK OFFICE,
 * BASEMENT 1"); but a name with a branch's number at its end ("PETROL KITA TAMAN JAYA 2") is not one.
 */
export const isStreetLine = (text: string): boolean =>
  LANGUAGE.party.street.test(fold(text)) || (/\d/u.test(text) && !/^[^\d,]*\p{L}\s+\d{1,2}$/u.test(text.trim()));

/** Ownership lines, and the owner's name on the line after one that ends with its phrase ("Formerly known as"). */
export function withoutOwnership<L extends { text: string }>(lines: readonly L[]): L[] {
  return lines.filter((l, i) => !isOwnershipLine(l.text) && !(i > 0 && OWNERSHIP_ALONE.test(fold(lines[i - 1]!.text))));
}

/**
 * After a postal line of code and city alone ("47100 PUCHONG") an address may still print its state or
 * country: a short line of letters ("SELANGOR DARUL EHSAN", "SELANGOR, MALAYSIA").
 */
const isStateLine = (text: string): boolean => /^\p{L}[\p{L} .,'-]*$/u.test(text.trim()) && text.trim().split(/[\s,]+/u).length <= 3;
/**
 * "16200 PALEKBANG, KELANTAN": the region follows the city on the postal line itself (after its code:
 * "NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI" prints its street before it).
 */
const namesItsRegion = (text: string): boolean => /\d[^,]*,\s*\p{L}{2}/u.test(text.slice(postalLine(text)?.before.length ?? 0));

/**
 * The lines of a block (after its name) that make the address. Lines before the first street line
 * are a brand, a branch or a mall's name; a block without a street line keeps its lines as they are.
 */
export function addressLines<L extends { text: string }>(lines: readonly L[]): L[] {
  return addressExtent(lines).lines;
}

/** The address lines (addressLines) and how many of the block's other lines before its contacts were left out. */
export function addressExtent<L extends { text: string }>(lines: readonly L[]): { lines: L[]; leftOut: number } {
  const kept = withoutOwnership(lines).filter((l) => !isRegistrationLine(l.text));
  const contact = kept.findIndex((l) => isContactLine(l.text));
  const before = contact >= 0 ? kept.slice(0, contact) : kept;
  const start = before.findIndex((l) => isStreetLine(l.text));
  const address = start > 0 ? before.slice(start) : before;
  // The last postal line: a lot or house number before a street ("LOT 2110 JALAN …") reads like one too.
  const postal = address.findLastIndex((l) => postalLine(l.text));
  const next = address[postal + 1];
  const taken = postal < 0 ? address : address.slice(0, postal + (next && !namesItsRegion(address[postal]!.text) && isStateLine(next.text) ? 2 : 1));
  return { lines: taken, leftOut: before.length - taken.length };
}
