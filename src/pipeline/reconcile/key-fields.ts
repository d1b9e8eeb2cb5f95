// The fields a bookkeeper cannot book a document without, by its kind. One the page did not give is
// not silently absent: it is listed in review_fields (with no value, status or confidence of its own)
// and a warning says it was not found, so the person who checks the document fills it in.
import type { DocumentFields } from '../../schemas/document-fields.schema.js';
import type { DocumentKind } from '../fields/context.js';

/** What a bookkeeper books a document by: its key fields as an invoice, and what the document's confidence is about (review/). */
export const BOOKING_FIELDS: readonly string[] = ['total', 'issue_date', 'vendor.name', 'document_number'];

/**
 * docs/api.md: a receipt is booked from its total, date and seller; an invoice also needs its number.
 * (The seller is printed on every receipt and no bookkeeper books one without it.)
 */
const KEY_FIELDS: Record<DocumentKind, readonly string[]> = {
  invoice: BOOKING_FIELDS,
  credit_note: BOOKING_FIELDS,
  bill: BOOKING_FIELDS,
  receipt: ['total', 'issue_date', 'vendor.name'],
};

export const keyFieldsOf = (kind: DocumentKind): readonly string[] => KEY_FIELDS[kind];

/** The key fields of `kind` that `extraction` holds no value for, as field paths. */
export function missingKeyFields(extraction: DocumentFields, kind: DocumentKind): string[] {
  return KEY_FIELDS[kind].filter((path) => {
    const value = path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), extraction);
    return value === undefined || value === null || value === '';
  });
}
