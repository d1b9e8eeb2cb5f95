// Accepts a batch: every file is checked up front (type, size), then all jobs and their inputs are
// written in one transaction, so a batch is either wholly queued or not at all.
import { isoNow, type Clock } from '../clock.js';
import { ServiceError, notFound } from '../errors.js';
import { detectMediaType } from '../ingest/media-type.js';
import type { BatchAccepted, Job } from '../schemas/job.schema.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { JobRow } from '../storage/repositories/jobs.repository.js';
import type { SourceChannel, UploadedFile, UploadOptions } from '../documents/upload.js';
import type { UsageLimits } from '../limits/usage-limits.js';
import { presentJob } from './present-job.js';

/** Stored with each job; the channel (and an email's attachment id) is kept for the callback event. */
export type JobOptions = UploadOptions & { channel: SourceChannel; emailId?: string };

export interface NewJob {
  row: JobRow;
  content: Buffer;
}

/** The rows of one batch, in order, ready for `jobs.insert` in the caller's transaction; documents ids are assigned now. */
export function newJobs(businessId: string, batchId: string, files: { file: UploadedFile; options: JobOptions }[], now: string): NewJob[] {
  return files.map(({ file, options }, position) => ({
    row: {
      id: newId('job'),
      business_id: businessId,
      batch_id: batchId,
      position,
      status: 'queued' as const,
      document_id: newId('doc'),
      filename: file.filename,
      declared_type: file.declaredType,
      options_json: JSON.stringify(options),
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
}

export class BatchService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
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
    const jobs = newJobs(businessId, batchId, files.map((file) => ({ file, options: jobOptions })), now);
    await this.store.transaction(async (tx) => {
      for (const job of jobs) await tx.jobs.insert(job.row, job.content);
    });
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
