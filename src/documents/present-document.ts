// Turns stored rows into the public shapes of the spec. The only place that knows both.
import type { Document, DocumentSummary, Duplicate, DuplicateReason, ExtractionOutcome } from '../schemas/document.schema.js';
import type { PlacedCandidates } from '../pipeline/fields/placed-candidates.js';
import type { PageView, PageViews } from '../pipeline/types.js';
import type { DuplicateListing } from '../storage/repositories/duplicates.repository.js';
import type { CorrectionRow } from '../storage/repositories/corrections.repository.js';
import type { DocumentRow, DocumentSummaryRow } from '../storage/repositories/documents.repository.js';
import { withCorrections } from './apply-corrections.js';

/**
 * The part of a pipeline outcome that is stored with the document, where each page OCR turned or cut
 * lies on the page as pictured (for the dashboard's page image), and where the values that could be
 * its total, number and issue date stand (what a vendor's approval learns from); neither is part of the API.
 */
export type StoredOutcome = Omit<ExtractionOutcome, 'pages' | 'confidence'> & { page_views?: PageViews; placed_candidates?: PlacedCandidates };

/**
 * A person's call is needed: the page may hold no business document, or fields are listed for review.
 * Until the document is approved, that is what `filter=review` lists.
 */
export const needsReview = (outcome: Pick<ExtractionOutcome, 'is_document' | 'review_fields'>): boolean => !outcome.is_document || outcome.review_fields.length > 0;

/** Where a document stands on the review desk. */
export function reviewState(outcome: Pick<ExtractionOutcome, 'is_document' | 'review_fields'>, approvedAt: string | null): 'approved' | 'needs review' | 'processed' {
  if (approvedAt) return 'approved';
  return needsReview(outcome) ? 'needs review' : 'processed';
}

/** `duplicates` is left out when the document has none (the spec makes it optional). */
export function presentSummary(row: DocumentSummaryRow, duplicates: Duplicate[] = []): DocumentSummary {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    type: 'document',
    status: row.status,
    pages: row.pages,
    confidence: row.confidence,
    created_at: row.created_at,
    processing_ms: row.processing_ms,
    ...(duplicates.length ? { duplicates } : {}),
  };
}

/** `corrections`: a person's, from the review desk; the Document shows their values (apply-corrections.ts). */
export function presentDocument(row: DocumentRow, duplicates: Duplicate[] = [], corrections: readonly CorrectionRow[] = []): Document {
  const { page_views: _views, placed_candidates: _placed, ...outcome } = withCorrections(JSON.parse(row.outcome_json) as StoredOutcome, corrections);
  return { ...presentSummary(row, duplicates), ...outcome };
}

/** Where page `page` as read lies on the page as pictured; undefined when it was read as pictured. */
export function pageView(row: DocumentRow, page: number): PageView | undefined {
  return (JSON.parse(row.outcome_json) as StoredOutcome).page_views?.[String(page)];
}

/** Stored links grouped by the document they belong to. */
export function groupDuplicates(listings: DuplicateListing[]): Map<string, Duplicate[]> {
  const byDocument = new Map<string, Duplicate[]>();
  for (const listing of listings) {
    const list = byDocument.get(listing.document_id) ?? [];
    list.push({ id: listing.duplicate_id, filename: listing.filename, reasons: listing.reasons.split(',') as DuplicateReason[] });
    byDocument.set(listing.document_id, list);
  }
  return byDocument;
}
