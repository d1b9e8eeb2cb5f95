import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { Usage } from '../../schemas/usage.schema.js';
import { ok } from '../envelope.js';
import { readResponses } from '../responses.js';

export function usageRoutes(server: FastifyInstance, services: Services): void {
  server.get('/usage', {
    schema: {
      operationId: 'get-usage',
      summary: 'All-time usage of the business',
      description: 'Counts come from an append-only ledger and include deleted documents.',
      tags: ['usage'],
      response: readResponses(Usage, 'The usage'),
    },
    handler: async (request) => {
      const totals = await services.store.usage.totals(request.businessId);
      return ok(request, { documents: totals.documents, pages: totals.pages, by_type: totals.byType, last_request_at: totals.lastAt });
    },
  });
}
