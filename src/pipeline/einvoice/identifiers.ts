// VAT ids, IBANs and BICs from XML. Unlike printed text, these were typed by the issuer's software, not
// misread by OCR, so a value whose checksum fails (sample and test invoices are full of DE123456789) is
// still what the document declares: it is passed on as written, only its spaces removed. A value that
// does validate is given in the canonical form the text-layer extractors produce.
import { normalizeBic, normalizeIban } from '../fields/normalize/bank.js';
import { normalizeVatId } from '../fields/normalize/vat-id.js';

export function vatIdFromXml(text: string | null): string | null {
  if (!text) return null;
  return normalizeVatId(text)?.value ?? compactIdentifier(text);
}

export function ibanFromXml(text: string | null): string | null {
  if (!text) return null;
  return normalizeIban(text) ?? compactIdentifier(text);
}

export function bicFromXml(text: string | null): string | null {
  if (!text) return null;
  return normalizeBic(text) ?? compactIdentifier(text);
}

function compactIdentifier(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  return compact || null;
}
