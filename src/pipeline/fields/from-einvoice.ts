// An embedded e-invoice as findings. The XML is what the issuer's software declared, not always what
// the page shows, so it is used only when the page prints its invoice number and its total; each
// value then keeps the region where the page reader found the same value.
import type { DocumentFields, LineItem } from '../../schemas/document-fields.schema.js';
import type { TextDocument } from '../layout/text-document.js';
import type { FieldValue, Findings } from './find-fields.js';
import { fold } from './labels.js';
import { amountTokens } from './tokens.js';

export interface EInvoiceFindings {
  findings: Findings;
  lineItems: LineItem[];
}

export function fromEInvoice(fields: DocumentFields, page: Findings, document: TextDocument): EInvoiceFindings | null {
  if (!printedOnPage(fields, document)) return null;
  const findings: Findings = new Map();
  for (const [path, value] of flatten(fields)) {
    const onPage = page.get(path);
    const same = onPage && (onPage.value === value || (typeof value === 'string' && fold(String(onPage.value)) === fold(value)));
    findings.set(path, { value, confidence: 0.99, status: 'read', ...(same && onPage.evidence ? { evidence: onPage.evidence } : {}) });
  }
  return { findings, lineItems: fields.line_items };
}

function printedOnPage(fields: DocumentFields, document: TextDocument): boolean {
  const compact = (text: string) => fold(text).replace(/[\s.\-_/]/gu, '');
  const pageText = compact(document.lines.map((l) => l.text).join(' '));
  if (!fields.document_number || !pageText.includes(compact(fields.document_number))) return false;
  if (fields.total == null) return true;
  return document.lines.some((line) => amountTokens(line.text, undefined).some((t) => Math.abs(Math.abs(t.value) - Math.abs(fields.total!)) < 0.005));
}

/** Every scalar of the fields except line items, as [path, value], e.g. ["vendor.name", "Lieferant GmbH"]. */
function flatten(value: unknown, prefix = ''): [string, FieldValue][] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string' || typeof value === 'number') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(item, `${prefix}[${i}]`));
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([key, member]) => (prefix === '' && key === 'line_items' ? [] : flatten(member, prefix ? `${prefix}.${key}` : key)));
  }
  return [];
}
