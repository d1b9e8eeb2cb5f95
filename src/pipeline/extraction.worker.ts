// Entry point of an extraction worker thread (piscina). Errors the client caused come back as data,
// because class instances do not survive the trip between threads.
import { ServiceError } from '../errors.js';
import { extract } from './extract.js';
import { firstPageHash } from './fingerprint/page-hash.js';
import { StageTimings } from './stage-timings.js';
import type { ExtractionReply, ExtractionRequest } from './types.js';

export default async function runExtraction(request: ExtractionRequest): Promise<ExtractionReply> {
  const timings = new StageTimings();
  try {
    const outcome = await extract(request, timings);
    const pageHash = await timings.time('page_hash', () => firstPageHash(request));
    return { ok: true, outcome, pageHash, stages: timings.seconds };
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, error: error.toPublic(), stages: timings.seconds };
    throw error;
  }
}
