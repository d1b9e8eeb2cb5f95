import type { IngestLimits } from '../ingest/limits.js';
import type { MediaType } from '../ingest/media-type.js';
import type { PublicError } from '../schemas/error.schema.js';
import type { ExtractionOutcome } from '../schemas/document.schema.js';
import type { Hints } from '../schemas/hints.schema.js';

/** One document handed to the pipeline. It crosses a thread boundary, so it is plain data. */
export interface ExtractionRequest {
  bytes: Uint8Array;
  mediaType: MediaType;
  filename: string;
  hints: Hints;
  limits: IngestLimits;
}

export type ExtractionReply = { ok: true; outcome: ExtractionOutcome } | { ok: false; error: PublicError };

/** The text of one page in reading order, as the reading stage hands it on. */
export interface PageText {
  page: number;
  text: string;
}
