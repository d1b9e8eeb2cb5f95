// Turns stored rows into the public shapes of the spec. The only place that knows both.
import type { Document, DocumentSummary, ExtractionOutcome } from '../schemas/document.schema.js';
import type { DocumentRow, DocumentSummaryRow } from '../storage/repositories/documents.repository.js';

/** The part of a pipeline outcome that is stored with the document. */
export type StoredOutcome = Omit<ExtractionOutcome, 'pages' | 'confidence'>;

export function presentSummary(row: DocumentSummaryRow): DocumentSummary {
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
  };
}

export function presentDocument(row: DocumentRow): Document {
  const outcome = JSON.parse(row.outcome_json) as StoredOutcome;
  return { ...presentSummary(row), ...outcome };
}
