// Entry point of an extraction worker thread (piscina). Errors the client caused come back as data,
// because class instances do not survive the trip between threads.
import { ServiceError } from '../errors.js';
import { extract } from './extract.js';
import { firstPageHash } from './fingerprint/page-hash.js';
import type { ExtractionReply, ExtractionRequest } from './types.js';

export default async function runExtraction(request: ExtractionRequest): Promise<ExtractionReply> {
  try {
    const outcome = await extract(request);
    return { ok: true, outcome, pageHash: await firstPageHash(request) };
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, error: error.toPublic() };
    throw error;
  }
}
