// Banks printed for payment: every IBAN whose checksum holds, with the BIC and bank name printed next to
// it (same line, the cell after a BIC label, or the lines around). A BIC that is only implied is not invented.
import type { Line } from '../layout/lines.js';
import type { FieldContext } from './context.js';
import { findLabels, valueText } from './find-labelled.js';
import type { Found } from './found.js';
import { fold } from './labels.js';
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
      const name = bankNameNear(context, nearby);
      if (name) bank.name = name;
      banks.push(bank);
    }
  }
  for (const hit of findLabels(context.document, 'iban')) {
    const printed = ibanShaped(hit.rest.map((w) => w.text).join(' '));
    if (!printed || banks.some((b) => b.iban.value === printed)) continue;
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
  for (const candidate of ordered) {
    for (const match of candidate.text.toUpperCase().matchAll(BIC)) {
      const bic = normalizeBic(match[0]);
      // A BIC's country letters match the account's country unless the bank is abroad; a word like
      // "DEUTSCHLAND" looks like a BIC, so a BIC must differ from plain words of the line.
      if (!bic || /^(?:[A-Z]+LAND|GERMANY|DEUTSCH|BERLIN)/u.test(bic) || iban.includes(bic)) continue;
      const sameCountry = bic.slice(4, 6) === iban.slice(0, 2);
      if (!sameCountry && !/\b(?:bic|swift)\b/iu.test(candidate.text)) continue;
      return { value: bic, confidence: sameCountry ? 0.95 : 0.75, status: 'read', evidence: { page: candidate.page, box: candidate.box, confidence: 1 }, printed: match[0] };
    }
  }
  return undefined;
}

function bankNameNear(context: FieldContext, nearby: Line[]): Found<string> | undefined {
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
