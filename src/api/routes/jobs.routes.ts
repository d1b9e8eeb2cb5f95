import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { Job } from '../../schemas/job.schema.js';
import { IdParams } from '../../schemas/upload.schema.js';
import { ok } from '../envelope.js';
import { readResponses } from '../responses.js';

export function jobsRoutes(server: FastifyInstance, services: Services): void {
  server.get('/jobs/:job_id', {
    schema: {
      operationId: 'get-job',
      summary: 'Get a batch job',
      description: 'On succeeded, fetch the document by document_id; on failed, inspect error.code. Poll no faster than once per second.',
      tags: ['jobs'],
      params: IdParams('job_id'),
      response: readResponses(Job, 'The job'),
    },
    handler: async (request) => {
      const { job_id } = request.params as { job_id: string };
      return ok(request, await services.batches.get(request.businessId, job_id));
    },
  });
}
