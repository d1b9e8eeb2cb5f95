// The documents an export holds: a business's, as the API shows them (corrections applied), whose
// issue date (the date received when none was read or given) lies in the range, in the review state
// asked for. Rows are read a page at a time; an export is capped so one request cannot hold a
// business's whole history in memory.
import { invalidRequest } from '../errors.js';
import { presentDocument } from '../documents/present-document.js';
import type { Store } from '../storage/store.js';
import { reviewState } from '../documents/present-document.js';
import type { ExportState } from '../schemas/export.schema.js';
import type { ExportedDocument } from './columns.js';

export interface ExportSelection {
  /** YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  state: ExportState;
}

/** Enough for a year of a busy small business; more is asked for with a narrower range. */
export const MAX_EXPORT_DOCUMENTS = 20_000;
const PAGE = 500;

export async function selectDocuments(store: Store, businessId: string, selection: ExportSelection): Promise<ExportedDocument[]> {
  const selected: ExportedDocument[] = [];
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows = await store.documents.rowsPage(businessId, after, PAGE);
    const corrections = await store.corrections.listForDocuments(rows.map((r) => r.id));
    for (const row of rows) {
      const document = presentDocument(row, [], corrections.get(row.id));
      const day = document.extraction.issue_date ?? row.created_at.slice(0, 10);
      if ((selection.from && day < selection.from) || (selection.to && day > selection.to)) continue;
      const state = reviewState(document, row.approved_at);
      if (selection.state === 'needs_review' && state !== 'needs review') continue;
      if (selection.state === 'approved' && state !== 'approved') continue;
      if (selected.length === MAX_EXPORT_DOCUMENTS) throw invalidRequest(`the export would hold more than ${MAX_EXPORT_DOCUMENTS} documents; choose a shorter date range`);
      selected.push({ document, approvedAt: row.approved_at, approvedBy: row.approved_by });
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return selected;
    after = { createdAt: last.created_at, id: last.id };
  }
}
