// Runs one upload through the pipeline and shapes the row that would store it. Touches no
// database, so the offline CLI uses it as is.
import { createHash } from 'node:crypto';
import { isoNow, type Clock } from '../clock.js';
import type { IngestLimits } from '../ingest/limits.js';
import { detectMediaType } from '../ingest/media-type.js';
import type { ExtractionPool } from '../pipeline/extraction-pool.js';
import type { Lane } from '../pipeline/thread-turns.js';
import type { PlacedCandidates } from '../pipeline/fields/placed-candidates.js';
import type { PageViews } from '../pipeline/types.js';
import type { ExtractionOutcome } from '../schemas/document.schema.js';
import type { DocumentRow } from '../storage/repositories/documents.repository.js';
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import { deskSearchText } from './desk-search.js';
import { needsReview, type StoredOutcome } from './present-document.js';
import type { DocumentSource, UploadedFile, UploadOptions } from './upload.js';

/** A processed upload, ready to be written. Nothing is stored until DocumentService.save. */
export interface AnalysedDocument {
  row: DocumentRow;
  content: Buffer;
  /** The first page's perceptual hash (duplicate detection); null when the page could not be pictured. */
  pageHash: string | null;
  /** The extracted fields (also inside row.outcome_json), for duplicate detection. */
  extraction: DocumentFields;
  /** The page's text, where the known identifiers of a vendor are looked for (src/vendors). */
  pageText: string;
}

export interface AnalysisRequest {
  businessId: string;
  documentId: string;
  file: UploadedFile;
  options: UploadOptions;
  source: DocumentSource;
  /** Who waits for the document, which decides its turn for an extraction thread. */
  lane: Lane;
}

export async function analyseUpload(
  pool: ExtractionPool,
  limits: IngestLimits,
  clock: Clock,
  request: AnalysisRequest,
): Promise<AnalysedDocument> {
  const { file, options } = request;
  const mediaType = await detectMediaType(file.bytes, file.declaredType);
  const { outcome, placed, pageHash, processingMs, pageViews } = await pool.extract({
    bytes: file.bytes,
    mediaType,
    filename: file.filename,
    hints: options.hints,
    limits,
    ignoreEmbeddedXml: options.ignoreEmbeddedXml ?? false,
  }, request.lane);
  const row = documentRow(clock, request, { outcome, contentType: mediaType, processingMs, pageViews, placed });
  return { row, content: file.bytes, pageHash, extraction: outcome.extraction, pageText: outcome.raw_text ?? '' };
}

/** How a pipeline outcome is stored: the row of a document, whatever the pages were read from. */
export function documentRow(
  clock: Clock,
  { businessId, documentId, file, options, source }: AnalysisRequest,
  { outcome, contentType, processingMs, pageViews = {}, placed }: { outcome: ExtractionOutcome; contentType: string; processingMs: number; pageViews?: PageViews; placed?: PlacedCandidates },
): DocumentRow {
  const { pages, confidence, regions, raw_text, ...rest } = outcome;
  // regions and raw_text are kept only when asked for at upload, and then returned on every read.
  const stored: StoredOutcome = {
    ...rest,
    ...(options.regions ? { regions: regions ?? {} } : {}),
    ...(options.rawText && raw_text !== undefined ? { raw_text } : {}),
    ...(Object.keys(pageViews).length ? { page_views: pageViews } : {}),
    ...(placed && Object.values(placed).some((list) => list.length) ? { placed_candidates: placed } : {}),
  };
  return {
    id: documentId,
    business_id: businessId,
    filename: file.filename,
    filename_search: file.filename.toLowerCase(),
    content_type: contentType,
    size_bytes: file.bytes.length,
    status: 'processed',
    pages,
    confidence,
    created_at: isoNow(clock),
    processing_ms: processingMs,
    needs_review: needsReview(outcome) ? 1 : 0,
    has_duplicates: 0,
    source_channel: source.channel,
    email_id: source.emailId ?? null,
    file_sha256: createHash('sha256').update(file.bytes).digest('hex'),
    outcome_json: JSON.stringify(stored),
    approved_at: null,
    approved_by: null,
    desk_search: deskSearchText(file.filename, outcome.extraction),
  };
}
