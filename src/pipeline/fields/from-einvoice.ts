// An embedded e-invoice as findings. The XML is what the issuer's software declared, not always what
// the page shows, so it is used only when the page prints its invoice number and its total; each
// value then keeps the region where the page reader found the same value.
import type { DocumentFields, LineItem } from '../../schemas/document-fields.schema.js';
import type { TextDocument } from '../layout/text-document.js';
import { draftFromValues, fieldOf, type Draft } from './draft.js';
import { fold } from './labels.js';
import { amountTokens } from './tokens.js';

export interface EInvoiceDraft {
  draft: Draft;
  lineItems: LineItem[];
}

export function fromEInvoice(fields: DocumentFields, page: Draft, document: TextDocument): EInvoiceDraft | null {
  if (!printedOnPage(fields, document)) return null;
  const { line_items: lineItems, ...values } = fields;
  const draft = draftFromValues(values, (key, value) => {
    const onPage = fieldOf(page, key);
    const same = onPage && (onPage.value === value || (typeof value === 'string' && fold(String(onPage.value)) === fold(value)));
    return { value, confidence: 0.99, status: 'read', ...(same && onPage.evidence ? { evidence: onPage.evidence } : {}) };
  });
  return { draft, lineItems };
}

function printedOnPage(fields: DocumentFields, document: TextDocument): boolean {
  const compact = (text: string) => fold(text).replace(/[\s.\-_/]/gu, '');
  const pageText = compact(document.lines.map((l) => l.text).join(' '));
  if (!fields.document_number || !pageText.includes(compact(fields.document_number))) return false;
  if (fields.total == null) return true;
  return document.lines.some((line) => amountTokens(line.text, undefined).some((t) => Math.abs(Math.abs(t.value) - Math.abs(fields.total!)) < 0.005));
}
