// Banks printed for payment: every IBAN whose checksum holds, with the BIC and bank name printed next to
// it (same line, the cell after a BIC label, or the lines around). A BIC that is only implied is not invented.
// The bank's name is a piece of a line nearby that names a bank by its word (the lexicons' `party.bank`),
// else the text after a bank label.
import type { Line } from '../layout/lines.js';
import type { FieldContext } from './context.js';
import { evidenceOf, findLabels, valueText, type Evidence } from './find-labelled.js';
import type { Found } from './found.js';
import { fold, LABELS } from './labels.js';
import { LANGUAGE } from '../language/lexicon.js';
import type { Word } from '../types.js';
import { findIbans, normalizeBic } from './normalize/bank.js';

export interface FoundBank {
  iban: Found<string>;
  swift_bic?: Found<string>;
  name?: Found<string>;
}

const BIC = /(?<![A-Z0-9])[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Z0-9])/gu;

export function findBanks(context: FieldContext): FoundBank[] {
  const banks: FoundBank[] = [];
  const lines = context.document.lines;
  for (const line of lines) {
    for (const iban of findIbans(line.text)) {
      if (banks.some((b) => b.iban.value === iban)) continue;
      const confidence = Math.min(...line.words.map((w) => w.confidence));
      const bank: FoundBank = {
        iban: { value: iban, confidence: 0.97 * Math.max(confidence, 0.8), status: 'read', evidence: { page: line.page, box: line.box, confidence }, printed: iban },
      };
      const nearby = lines.slice(Math.max(0, line.index - 2), line.index + 3).filter((l) => l.page === line.page);
      const bic = bicNear(line, nearby, iban);
      if (bic) bank.swift_bic = bic;
      const name = bankNameNear(context, [...nearby].sort((a, b) => Math.abs(a.index - line.index) - Math.abs(b.index - line.index)));
      if (name) bank.name = name;
      banks.push(bank);
    }
  }
  for (const hit of findLabels(context.document, 'iban')) {
    const printed = ibanShaped(hit.rest.map((w) => w.text).join(' '));
    // "FR76 … 482 SWIFT AGRIFRPP": the IBAN read above with the next label's letters run on is the same.
    if (!printed || banks.some((b) => printed.startsWith(b.iban.value) || b.iban.value.startsWith(printed))) continue;
    // Printed after an IBAN label but failing its checksum: kept as printed for a person to check.
    const evidence = valueText(hit.rest, hit.line.page);
    banks.push({ iban: { value: printed, confidence: 0.5, status: 'review', evidence, printed } });
  }
  return banks;
}

function ibanShaped(text: string): string | null {
  const match = /^[:\s]*([A-Z]{2}\d{2}(?: ?[A-Z0-9]{2,4}){3,8})(?![A-Z0-9])/u.exec(text);
  return match ? match[1]!.replace(/\s/gu, '') : null;
}

function bicNear(line: Line, nearby: Line[], iban: string): Found<string> | undefined {
  // The IBAN's own line first, then lines that say BIC or SWIFT.
  const ordered = [line, ...nearby.filter((l) => l !== line && /\b(?:bic|swift)\b/iu.test(l.text))];
  let abroad: Found<string> | undefined;
  for (const candidate of ordered) {
    const text = candidate.text.toUpperCase();
    for (const match of text.matchAll(BIC)) {
      const bic = normalizeBic(match[0]);
      // A word like "DEUTSCHLAND" looks like a BIC, so a BIC must differ from plain words of the line.
      if (!bic || /^(?:[A-Z]+LAND|GERMANY|DEUTSCH|BERLIN)/u.test(bic) || iban.includes(bic)) continue;
      const found = (confidence: number): Found<string> => ({ value: bic, confidence, status: 'read', evidence: { page: candidate.page, box: candidate.box, confidence: 1 }, printed: match[0] });
      // A BIC's country letters are the account's; a bank abroad is taken only right after its label,
      // as a bank's name of eight letters ("SWEDBANK", "RABOBANK") has the shape of a BIC too.
      if (bic.slice(4, 6) === iban.slice(0, 2)) return found(0.95);
      if (!abroad && BIC_LABEL_BEFORE.test(text.slice(0, match.index))) abroad = found(0.75);
    }
  }
  return abroad;
}

/** The end of a text that labels what follows as a BIC: "BIC:", "SWIFT code", "BIC/SWIFT -". */
const BIC_LABEL_BEFORE = /\b(?:BIC|SWIFT)(?:\s*\/\s*(?:BIC|SWIFT))?(?:\s*CODE)?\s*[:.\-]?\s*$/u;

function bankNameNear(context: FieldContext, nearby: Line[]): Found<string> | undefined {
  const named = nearby.map(bankNameOnLine).find((found) => found);
  if (named) return named;
  for (const hit of findLabels(context.document, 'bankName')) {
    if (!nearby.includes(hit.line)) continue;
    const words = hit.rest.filter((w) => !/^[:]$/u.test(w.text));
    const text = valueText(words, hit.line.page);
    const name = text.text.replace(/^[:\s]+/u, '').split(/\b(?:IBAN|BIC|SWIFT|Konto|Account|BLZ)\b/iu)[0]!.trim().replace(/[,;:]$/u, '');
    if (name.length >= 3 && /\p{L}{3}/u.test(name) && !/\d{5}/u.test(name) && !/^(?:name|details|verbindung)$/u.test(fold(name))) {
      return { value: name, confidence: 0.8, status: 'read', evidence: text, printed: name };
    }
  }
  return undefined;
}

/** Words that part a line's pieces ("Banco Santander · IBAN …", "Bank: Nordea | BIC …"). */
const SEPARATOR = /^[·•|;–]$/u;
const BANK = LANGUAGE.party.bank;

/**
 * "Lloyds Bank plc · IBAN: GB41…", "Domiciliation: La Banque Postale": a piece of a line (between
 * separators, after a label's colon) that names a bank by its word, and holds no number or label alone.
 */
function bankNameOnLine(line: Line): Found<string> | undefined {
  const pieces: Word[][] = [[]];
  for (const word of line.words) {
    if (SEPARATOR.test(word.text)) pieces.push([]);
    else if (/:$/u.test(word.text)) pieces.push([]);
    else pieces.at(-1)!.push(word);
  }
  for (const piece of pieces) {
    // "Kreditinstitut Deutsche Bank AG", "Bank Swedbank AB": a label before the name, without its colon.
    const label = LABELS.bankName.labels.map((l) => l.exec(fold(piece.map((w) => w.text).join(' ')))).find((m) => m?.index === 0)?.[0];
    const labelWords = label ? label.trim().split(/\s+/u).length : 0;
    // "Bank of America" is a name that starts like the label.
    const words = labelWords > 0 && /^\p{Lu}/u.test(piece[labelWords]?.text ?? '') ? piece.slice(labelWords) : piece;
    const text = words.map((w) => w.text).join(' ').replace(/[,;]$/u, '');
    const folded = fold(text);
    if (!BANK.test(folded) || /\d/u.test(text) || /\b(?:iban|bic|swift)\b/iu.test(text)) continue;
    // "Bank", "Bankverbindung": a label, not a name.
    if (words.length < 2 && LABELS.bankName.labels.some((label) => label.exec(folded)?.[0] === folded)) continue;
    if (words.length < 2 && !/\p{L}{2}bank/iu.test(folded)) continue;
    return { value: text, confidence: 0.8, status: 'read', evidence: evidenceOf(words, line.page) as Evidence, printed: text };
  }
  return undefined;
}
