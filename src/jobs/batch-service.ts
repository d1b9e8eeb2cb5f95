// Accepts a batch: one job per file, all written in one transaction, so a batch is either wholly
// recorded or not at all. A file that is no document is not a fault of the request: its job is
// written already failed, with the code and message a single upload of it would answer, and the
// other files are queued as usual.
import { isoNow, type Clock } from '../clock.js';
import { ServiceError, notFound } from '../errors.js';
import { detectMediaType } from '../ingest/media-type.js';
import type { BatchAccepted, Job } from '../schemas/job.schema.js';
import { newId } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { JobRow } from '../storage/repositories/jobs.repository.js';
import type { JobLane } from '../storage/tables.js';
import type { SourceChannel, UploadedFile, UploadOptions } from '../documents/upload.js';
import type { UsageLimits } from '../limits/usage-limits.js';
import { presentJob } from './present-job.js';

/** Stored with each job; the channel (and an email's attachment id) is kept for the callback event. */
export type JobOptions = UploadOptions & { channel: SourceChannel; emailId?: string };

export interface NewJob {
  row: JobRow;
  /** null for a job failed at intake: there is nothing to process. */
  content: Buffer | null;
}

/** One file of a batch; `refusal` fails its job at intake instead of queueing it. */
export interface BatchFile {
  file: UploadedFile;
  options: JobOptions;
  refusal?: ServiceError;
}

/**
 * The rows of one batch, in order, ready for `jobs.insert` in the caller's transaction; documents ids
 * are assigned now. `lane` 'upload': a client waits on them, so they are claimed first.
 */
export function newJobs(businessId: string, batchId: string, files: BatchFile[], now: string, lane: JobLane = 'batch'): NewJob[] {
  return files.map(({ file, options, refusal }, position) => ({
    row: {
      id: newId('job'),
      business_id: businessId,
      batch_id: batchId,
      position,
      status: refusal ? ('failed' as const) : ('queued' as const),
      document_id: newId('doc'),
      filename: file.filename,
      declared_type: file.declaredType,
      options_json: JSON.stringify(options),
      error_code: refusal?.code ?? null,
      error_message: refusal?.message ?? null,
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      created_at: now,
      updated_at: now,
      lane,
    },
    content: refusal ? null : file.bytes,
  }));
}

export class BatchService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly usageLimits: UsageLimits,
  ) {}

  async submit(businessId: string, files: UploadedFile[], options: UploadOptions, channel: SourceChannel = 'api', lane: JobLane = 'batch'): Promise<BatchAccepted> {
    const jobOptions: JobOptions = { ...options, channel };
    const checked = await Promise.all(files.map(async (file) => ({ file, options: jobOptions, refusal: await refusalOf(file) })));
    // Only files that can become documents count against the quota.
    await this.usageLimits.admitDocuments(businessId, checked.filter((f) => !f.refusal).length);
    const batchId = newId('bat');
    const now = isoNow(this.clock);
    const jobs = newJobs(businessId, batchId, checked, now, lane);
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

/** Why a file cannot become a document, when its bytes already say so; undefined when it can be tried. */
async function refusalOf(file: UploadedFile): Promise<ServiceError | undefined> {
  try {
    await detectMediaType(file.bytes, file.declaredType);
    return undefined;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
}
