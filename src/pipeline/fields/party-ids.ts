// Identifiers printed outside the party blocks: the issuer's company registry number in its header or
// footer, and the customer's VAT id where the page addresses the reader ("Ihre USt-IdNr.", "Your VAT no.").
import type { TextDocument } from '../layout/text-document.js';
import type { Word } from '../types.js';
import { evidenceOf, findLabels } from './find-labelled.js';
import type { Found } from './found.js';
import { fold } from './labels.js';

/** "Ihre", "your", "vos": the page speaking to its reader, the customer. */
const ADDRESSED_TO_READER = /(?<![\p{L}])(?:ihre?|your|votre|vos|teie|jusu|uw|twoj|twoja|su|sus)(?![\p{L}])\s*\S{0,20}\s*(?:ust|vat|tva|btw|mwst|kmkr|nip|iva|alv|pvn|pvm|moms|siren|siret|reg|handelsreg|id)/u;

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

/** "/ SIRET : 123 456 789 00014", "Nr. 372876": the number after other register names and fillers, digit groups joined. */
function registryNumber(text: string): string | null {
  const cleaned = text.replace(/^(?:[\s:/#.-]|nr\.?|no\.?|n°|siret|siren|number)+/iu, '');
  const match = /^(\d[\d ]{2,20}\d)(?![\d])/u.exec(cleaned);
  return match ? match[1]!.replace(/\s/gu, '') : null;
}
