// An installation's approved documents as training examples of the learned field choice: each stored
// file read again as the engine reads a page (the same words, candidates and features extraction
// computes), labelled with the Document as a person approved it, corrections applied. Read from the
// store each time training runs, never copied elsewhere: a document deleted is not read the next time.
import { withDecodeBudget } from '../ingest/pdf-decode-budget.js';
import type { IngestLimits } from '../ingest/limits.js';
import type { MediaType } from '../ingest/media-type.js';
import { documentExamples, type FieldExamples } from '../pipeline/fields/choice/training.js';
import type { ChoiceField } from '../pipeline/fields/choice/model.js';
import { readDocument } from '../pipeline/read-document.js';
import { presentDocument } from '../documents/present-document.js';
import type { Store } from '../storage/store.js';
import { vendorFoldKey } from './vendor-folds.js';

export interface ApprovedExamples {
  documentId: string;
  /** Who issued it (vendor-folds.ts), so blind folds never fit and score one vendor. */
  vendor: string;
  examples: Partial<Record<ChoiceField, FieldExamples>>;
}

const PAGE_ROWS = 50;

/**
 * Every approved document with at least one labelled choice field; `onRead` hears of each as it is
 * read, and of why one could not be read again (it is left out).
 */
export async function approvedExamples(store: Store, limits: IngestLimits, onRead: (done: number, failure?: string) => void = () => undefined): Promise<ApprovedExamples[]> {
  const out: ApprovedExamples[] = [];
  let after = '';
  let done = 0;
  for (;;) {
    const rows = await store.documents.approvedPage(after, PAGE_ROWS);
    if (!rows.length) return out;
    const corrections = await store.corrections.listForDocuments(rows.map((row) => row.id));
    for (const row of rows) {
      const bytes = await store.documents.fileContent(row.business_id, row.id);
      const { extraction, is_document } = presentDocument(row, [], corrections.get(row.id));
      if (!bytes || !is_document) continue;
      // The page, not an e-invoice's XML: the choice is what reads pages (as `npm run train` reads them).
      const request = { bytes: new Uint8Array(bytes), mediaType: row.content_type as MediaType, filename: row.filename, hints: {}, limits, ignoreEmbeddedXml: true };
      let examples: ApprovedExamples['examples'];
      try {
        const { pages } = await withDecodeBudget(limits, request.bytes.length, () => readDocument(request));
        examples = documentExamples(pages, extraction as unknown as Record<string, unknown>);
      } catch (error) {
        onRead(++done, `${row.id}: ${(error as Error).message}`);
        continue;
      }
      if (Object.keys(examples).length) out.push({ documentId: row.id, vendor: vendorFoldKey(extraction.vendor?.name) || row.id, examples });
      onRead(++done);
    }
    after = rows.at(-1)!.id;
  }
}
