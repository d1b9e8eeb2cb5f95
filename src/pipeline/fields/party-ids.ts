// Identifiers of the parties, in their blocks and outside them: VAT ids (checked by their checksum), the
// issuer's VAT id, telephone and company registry number in its header or footer, and the customer's VAT
// id where the page addresses the reader ("Ihre USt-IdNr.", "Your VAT no."). Read cell by cell, so a line
// shared with the customer's block still gives the issuer's facts on its other side.
import type { Line } from '../layout/lines.js';
import type { TextDocument } from '../layout/text-document.js';
import type { Word } from '../types.js';
import { evidenceOf, findLabels, labelledValues } from './find-labelled.js';
import type { Found } from './found.js';
import { LANGUAGE } from '../language/lexicon.js';
import { fold, LABELS } from './labels.js';
import { normalizeVatId } from './normalize/vat-id.js';

/** "Ihre", "your", "vos": the page speaking to its reader, the customer. */
const ADDRESSED_TO_READER = new RegExp(`(?<![\\p{L}])${LANGUAGE.reader}(?![\\p{L}])\\s*\\S{0,20}\\s*(?:${LANGUAGE.tax.vat}|kmkr|nip|siren|siret|reg|handelsreg|id)`, 'u');

export function addressedToReader(text: string): boolean {
  return ADDRESSED_TO_READER.test(fold(text));
}

/** Company-level registers before establishment-level ones: a SIREN names the company, a SIRET one of its sites. */
const ESTABLISHMENT = /^(?:siret|rcs)$/u;
/** Registers whose number is only meaningful with the register's name ("HRB 372876"). */
const NAMED_REGISTER = /^(?:hrb|hra)$/u;

/** The issuer's registry number: the first one on the first page outside the customer's lines, company-level first. */
export function registryCodeOutside(document: TextDocument, taken: Set<Word>): Found<string> | undefined {
  let best: (Found<string> & { establishment: boolean }) | undefined;
  for (const hit of findLabels(document, 'registryCode')) {
    if (hit.line.page !== 1 || hit.cell.words.some((w) => taken.has(w)) || addressedToReader(hit.cell.text)) continue;
    const label = fold(hit.labelWords.at(-1)!.text).replace(/[^\p{L}]/gu, '');
    const right = hit.line.cells.find((c) => c.box[0] >= hit.cell.box[2]);
    const words = hit.rest.length ? hit.rest : (right?.words ?? []);
    const digits = registryNumber(words.map((w) => w.text).join(' '));
    if (!digits) continue;
    const value = NAMED_REGISTER.test(label) ? `${label.toUpperCase()} ${digits}` : digits;
    const establishment = ESTABLISHMENT.test(label);
    if (best && (!best.establishment || establishment)) continue;
    best = { value, confidence: 0.75, status: 'read', evidence: evidenceOf(words, hit.line.page), printed: value, establishment };
  }
  if (!best) return undefined;
  const { establishment: _establishment, ...found } = best;
  return found;
}

/** The registry number on a line of a party's block ("Y-tunnus: 5439662-9"), "HRB 372876" with its register's name. */
export function registryCodeIn(text: string): string | null {
  const folded = fold(text);
  for (const label of LABELS.registryCode.labels) {
    const match = label.exec(folded);
    if (!match) continue;
    const name = match[0].replace(/[^\p{L}]/gu, '');
    // The number as printed (folding keeps the length of these scripts' letters): "B72781453", not "b72781453".
    const digits = registryNumber(text.slice(match.index + match[0].length));
    if (digits) return NAMED_REGISTER.test(name) ? `${name.toUpperCase()} ${digits}` : digits;
  }
  return null;
}

/** "/ SIRET : 123 456 789 00014", "Nr. 372876": the number after other register names and fillers, digit groups joined, hyphens kept. */
function registryNumber(text: string): string | null {
  const cleaned = text.replace(/^(?:[\s:/#.-]|nr\.?|no\.?|n°|siret|siren|number)+/iu, '');
  // "5439662-9": a check digit after a hyphen is part of the number.
  // A Spanish CIF or NIF has a letter before or after its digits ("B72781453", "B9584719J").
  const match = /^([A-Z]?\d[\d -]{2,20}\d[A-Z]?)(?![\dA-Za-z])/u.exec(cleaned);
  return match ? match[1]!.replace(/\s/gu, '') : null;
}

/** A telephone number after its word at the start of a word ("Telefon: +49 …"), anywhere on the page. */
/** On folded text: a phone word of the lexicons (`party.phone`) or a lone "T:", then the number. */
const PHONE_ON_PAGE = new RegExp(`(?:${LANGUAGE.party.phone.source}|(?<![\\p{L}])t(?=\\s*:))\\.?\\s*[:.]?\\s*(\\+?\\d[\\d ()/.-]{5,19}\\d)`, 'u');

/** A word for VAT, or for a VAT id ("KMKR", "NIP"), or GST, whose ids are kept the same way. */
const VAT_KEY = new RegExp(`(?<![\\p{L}\\p{N}])(?:${LANGUAGE.tax.vat}|kmkr|nip|gst)(?![\\p{L}])`, 'u');

/**
 * A VAT id in a line: one that passes its country's checksum anywhere, or one printed after a VAT label
 * that fails it (kept as printed and marked for review, never silently dropped or "corrected").
 */
export function vatIdIn(text: string, key?: string): { value: string; valid: boolean } | null {
  const [checked] = checkedVatIds(text);
  if (checked) return { value: checked.value, valid: true };
  if (!VAT_KEY.test(fold(key ?? text))) return null;
  const compact = /(?<![\p{L}\d])([A-Z]{2}[0-9]{8,12})(?![\p{L}\d])/u.exec(text.replace(/(?<=\d)[ .](?=\d)/gu, ''));
  if (compact) return { value: compact[1]!, valid: false };
  const bare = key ? (VAT_WORD.test(key) ? BARE_NUMBER.exec(text) : null) : BARE_AFTER_VAT_WORD.exec(text);
  return bare ? { value: bare[1]!.replace(/ /gu, ''), valid: false } : null;
}

/**
 * The VAT ids in a text that pass their country's checksum, in printed order. Candidates overlap (the
 * lookahead), so "VAT DE123456788" is tried from "VA" and again from "DE".
 */
function* checkedVatIds(text: string): Generator<{ value: string; printed: string }> {
  for (const match of text.matchAll(/(?<![\p{L}\d])(?=([A-Z]{2}[ ]?[0-9A-Z][0-9A-Z .]{1,16}))/gu)) {
    const printed = match[1]!.trim();
    const vat = normalizeVatId(printed) ?? normalizeVatId(printed.split(' ')[0]!);
    if (vat) yield { value: vat.value, printed };
  }
}

/**
 * "VAT 232 153 895", "VAT: 4820237339": a domestic number printed without its country's letters, right
 * after a word for VAT itself (not GST or a tax number). Without the country its checksum cannot be
 * tried, so it is kept as printed for review. An amount (decimals) or a rate ("%") is not one.
 */
const VAT_WORD = new RegExp(`(?<![\\p{L}])${LANGUAGE.tax.vat}(?![\\p{L}])`, 'iu');
const BARE_NUMBER = /^\s*[:#.]?\s*(\d[\d ]{6,14}\d)\s*$/u;
const BARE_AFTER_VAT_WORD = new RegExp(`(?<![\\p{L}])${LANGUAGE.tax.vat}(?:\\s*(?:reg(?:istration)?|no|nr|number|id)\\.?)*\\s*[:#.]?\\s*(\\d[\\d ]{6,14}\\d)(?![\\d.,%])`, 'iu');

/** The first telephone number outside the customer's lines: "Bei Rückfragen: Telefon …" is the issuer's desk. */
export function phoneOutside(document: TextDocument, taken: Set<Word>): Found<string> | undefined {
  for (const line of document.lines) {
    if (line.page !== 1) continue;
    const match = PHONE_ON_PAGE.exec(fold(freeText(line, taken)));
    if (match && /^\+?[\d ()/.-]+$/u.test(match[1]!) && match[1]!.replace(/\D/gu, '').length >= 7) {
      return { value: match[1]!.trim(), confidence: 0.7, status: 'read', evidence: evidenceOf(line.words, line.page), printed: match[1]!.trim() };
    }
  }
  return undefined;
}

/** The first e-mail address on the first page outside the customer's lines: a letterhead's contact line or footer. */
export function emailOutside(document: TextDocument, taken: Set<Word>): Found<string> | undefined {
  for (const line of document.lines) {
    if (line.page !== 1) continue;
    const match = EMAIL_ON_PAGE.exec(freeText(line, taken));
    if (match) return { value: match[0], confidence: 0.7, status: 'read', evidence: evidenceOf(line.words, line.page), printed: match[0] };
  }
  return undefined;
}

const EMAIL_ON_PAGE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.\p{L}{2,}/u;

/** The text of a line's cells that are not the customer's. */
const freeText = (line: Line, taken: Set<Word>) => line.cells.filter((c) => !c.words.some((w) => taken.has(w))).map((c) => c.text).join('   ');

/** "Ihre USt.-IdentNr.: DE234567890": the VAT id of the page's reader, the customer. */
export function vatIdAddressedToReader(document: TextDocument): Found<string> | undefined {
  for (const line of document.lines) {
    for (const cell of line.cells.filter((c, i) => addressedToReader([c, line.cells[i + 1]].map((x) => x?.text ?? '').join(' ')))) {
      const next = line.cells[line.cells.indexOf(cell) + 1];
      const vat = vatIdIn(`${cell.text} ${next?.text ?? ''}`, 'vat');
      if (vat) return { value: vat.value, confidence: vat.valid ? 0.8 : 0.5, status: vat.valid ? 'read' : 'review', evidence: evidenceOf(line.words, line.page), printed: vat.value };
    }
  }
  return undefined;
}

/** The first VAT id outside the customer's lines: documents print the issuer's in the header or footer. */
export function vatIdOutside(document: TextDocument, taken: Set<Word>): Found<string> | undefined {
  for (const line of document.lines) {
    const text = freeText(line, taken);
    if (!text || addressedToReader(text)) continue;
    const vat = vatIdIn(text);
    if (vat && !vat.valid) return { value: vat.value, confidence: 0.5, status: 'review', evidence: evidenceOf(line.words, line.page), printed: vat.value };
    const [checked] = checkedVatIds(text);
    if (checked) return { value: checked.value, confidence: 0.85, status: 'read', evidence: evidenceOf(line.words, line.page), printed: checked.printed };
  }
  // "VAT Registration No." over "DE777777777": an id under its label, kept as printed for review when its checksum fails.
  for (const found of labelledValues(document, 'vatId')) {
    if (found.value.words.some((w) => taken.has(w)) || addressedToReader(found.value.text)) continue;
    const vat = vatIdIn(found.value.text, 'vat');
    if (vat) return { value: vat.value, confidence: vat.valid ? 0.8 : 0.5, status: vat.valid ? 'read' : 'review', evidence: found.value, printed: vat.value };
  }
  return undefined;
}
