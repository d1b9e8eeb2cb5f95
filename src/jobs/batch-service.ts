// Accepts a batch: every file is checked up front (type, size), then all jobs and their inputs are
// written in one transaction, so a batch is either wholly queued or not at all.
import { isoNow, type Clock } from '../clock.js';
import { ServiceError, notFound } from '../errors.js';
import { detectMediaType } from '../ingest/media-type.js';
import type { BatchAccepted, Job } from '../schemas/job.schema.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { SourceChannel, UploadedFile, UploadOptions } from '../documents/upload.js';
import type { UsageLimits } from '../limits/usage-limits.js';
import { presentJob } from './present-job.js';

/** Stored with each job; the channel is kept for the callback event. */
export type JobOptions = UploadOptions & { channel: SourceChannel };

export class BatchService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly onQueued: () => void,
    private readonly usageLimits: UsageLimits,
  ) {}

  async submit(businessId: string, files: UploadedFile[], options: UploadOptions, channel: SourceChannel = 'api'): Promise<BatchAccepted> {
    await this.usageLimits.admitDocuments(businessId, files.length);
    for (const [index, file] of files.entries()) {
      try {
        await detectMediaType(file.bytes);
      } catch (error) {
        if (error instanceof ServiceError) throw new ServiceError(error.code, `file ${index + 1} (${file.filename}): ${error.message}`);
        throw error;
      }
    }
    const batchId = newId('bat');
    const now = isoNow(this.clock);
    const jobOptions: JobOptions = { ...options, channel };
    const jobs = files.map((file, position) => ({
      row: {
        id: newId('job'),
        business_id: businessId,
        batch_id: batchId,
        position,
        status: 'queued' as const,
        document_id: newId('doc'),
        filename: file.filename,
        declared_type: file.declaredType,
        options_json: JSON.stringify(jobOptions),
        error_code: null,
        error_message: null,
        attempts: 0,
        lease_owner: null,
        lease_expires_at: null,
        created_at: now,
        updated_at: now,
      },
      content: file.bytes,
    }));
    await this.store.transaction(async (tx) => {
      for (const job of jobs) await tx.jobs.insert(job.row, job.content);
    });
    this.onQueued();
    return {
      id: batchId,
      status: 'queued',
      document_ids: jobs.map((j) => j.row.document_id),
      job_ids: jobs.map((j) => j.row.id),
      count: jobs.length,
      created_at: now,
    };
  }

  async get(businessId: string, jobId: string): Promise<Job> {
    const row = await this.store.jobs.find(businessId, jobId);
    if (!row) throw notFound('job');
    return presentJob(row);
  }
}
