import { Type, type Static } from 'typebox';
import { DateTime } from './common.schema.js';
import { PublicError } from './error.schema.js';

export const JobStatus = Type.Enum(['queued', 'processing', 'succeeded', 'failed']);
export type JobStatus = Static<typeof JobStatus>;

export const Job = Type.Object(
  {
    id: Type.String(),
    status: JobStatus,
    type: Type.Literal('document'),
    document_id: Type.Union([Type.String(), Type.Null()], { description: 'Set once the job has succeeded' }),
    error: Type.Union([PublicError, Type.Null()], { description: 'Set when the job has failed' }),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false, title: 'Job' },
);
export type Job = Static<typeof Job>;

export const BatchAccepted = Type.Object(
  {
    id: Type.String(),
    status: Type.Literal('queued'),
    document_ids: Type.Array(Type.String(), {
      description: 'Ids the documents will have once their jobs succeed, in upload order. A document is fetchable only after its job has succeeded.',
    }),
    job_ids: Type.Array(Type.String(), { description: 'In upload order' }),
    count: Type.Integer(),
    created_at: DateTime(),
  },
  { additionalProperties: false, title: 'BatchAccepted' },
);
export type BatchAccepted = Static<typeof BatchAccepted>;
