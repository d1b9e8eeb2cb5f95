import type { ErrorCode } from '../schemas/error.schema.js';
import type { Job } from '../schemas/job.schema.js';
import type { JobRow } from '../storage/repositories/jobs.repository.js';

export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    status: row.status,
    type: 'document',
    document_id: row.status === 'succeeded' ? row.document_id : null,
    error: row.status === 'failed' ? { code: (row.error_code ?? 'processing_failed') as ErrorCode, message: row.error_message ?? '' } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
