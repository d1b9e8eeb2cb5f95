// A synchronous upload handed to the worker processes: queued as a one-document batch and waited for,
// so API processes (`serve --no-workers`) do no extraction at all when LEDGERLENS_SYNC_EXTRACTION is
// `worker`. The answer is the same as when the API process extracts itself; the upload also leaves a
// job behind, readable with GET /jobs/{id}. A stop's grace period ends the wait, not the job.
import { ServiceError } from '../errors.js';
import type { BatchService } from '../jobs/batch-service.js';
import type { Document } from '../schemas/document.schema.js';
import type { ErrorCode } from '../schemas/error.schema.js';
import type { Store } from '../storage/store.js';
import type { DocumentService } from './document-service.js';
import type { SourceChannel, UploadedFile, UploadOptions } from './upload.js';

export async function uploadViaWorker(
  deps: { store: Store; batches: BatchService; documents: DocumentService; graceOver: AbortSignal },
  businessId: string,
  file: UploadedFile,
  options: UploadOptions,
  waitMs: number,
  channel: SourceChannel = 'api',
): Promise<Document> {
  // Claimed before any batch job, and extracted as an upload is (thread-turns.ts).
  const batch = await deps.batches.submit(businessId, [file], options, channel, 'upload');
  const jobId = batch.job_ids[0]!;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await deps.store.jobs.find(businessId, jobId);
    if (job?.status === 'succeeded') return deps.documents.get(businessId, job.document_id);
    if (job?.status === 'failed') throw new ServiceError((job.error_code ?? 'processing_failed') as ErrorCode, job.error_message ?? 'the document could not be processed');
    if (Date.now() > deadline) {
      throw new ServiceError('service_unavailable', `no worker finished the document in time; it is still queued as job ${jobId}`);
    }
    if (deps.graceOver.aborted) {
      throw new ServiceError('service_unavailable', `the service is stopping; the document is still queued as job ${jobId}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
