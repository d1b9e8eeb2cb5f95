// What the review desk's search box finds a document by: its file name, vendor, document
// number and total, as the Document shows them after corrections. Kept as one lower-cased text per
// document (documents.desk_search), rewritten when a correction changes one of them, so a search is a
// plain LIKE in every dialect. The public API's `q` stays the file-name search the spec defines.
import { parseAmount } from '../pipeline/fields/normalize/amount.js';
import type { DocumentFields } from '../schemas/document-fields.schema.js';

/** A total is kept as "1234.50": what an amount typed in any of its printed forms becomes. */
function amountKey(value: number): string {
  return value.toFixed(2);
}

export function deskSearchText(filename: string, extraction: Pick<DocumentFields, 'vendor' | 'document_number' | 'total'>): string {
  const parts = [filename, extraction.vendor?.name, extraction.document_number, extraction.total === null || extraction.total === undefined ? null : amountKey(extraction.total)];
  return parts.filter((part): part is string => Boolean(part)).join('\n').toLowerCase();
}

/**
 * What to look for in desk_search: the text as typed, and, when it is one amount ("1 234,50",
 * "1,234.5", "€ 99"), also that amount as the total is kept. Any of them matching is a hit.
 */
export function deskSearchTerms(q: string): string[] {
  const typed = q.trim().toLowerCase();
  if (!typed) return [];
  // An amount is typed with a decimal part or grouping; a bare "2024" is a number or year, found as text.
  const amount = /\d[.,\s]\d/u.test(typed) ? parseAmount(typed) : null;
  const key = amount ? amountKey(amount.value) : null;
  return key && key !== typed ? [typed, key] : [typed];
}
