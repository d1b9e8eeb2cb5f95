import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { Callback, SetCallbackBody } from '../../schemas/callback.schema.js';
import { ok } from '../envelope.js';
import { readResponses } from '../responses.js';

const tags = ['callback'];

export function callbackRoutes(server: FastifyInstance, services: Services): void {
  server.get('/callback', {
    schema: {
      operationId: 'get-callback',
      summary: 'The callback configuration and the latest 20 deliveries',
      description: 'Never returns the signing secret.',
      tags,
      response: readResponses(Callback, 'The callback'),
    },
    handler: async (request) => ok(request, await services.callbacks.get(request.businessId)),
  });

  server.put('/callback', {
    schema: {
      operationId: 'set-callback',
      summary: 'Set the callback',
      description:
        'signing_secret is included only on first setup or when rotate_secret is true. Changing the configuration cancels pending deliveries. ' +
        'An empty url with enabled=false clears the callback.',
      tags,
      body: SetCallbackBody,
      response: readResponses(Callback, 'The callback as now configured'),
    },
    handler: async (request) => ok(request, await services.callbacks.set(request.businessId, request.body as SetCallbackBody)),
  });
}
