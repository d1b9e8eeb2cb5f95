// The published description is generated from the route schemas (@fastify/swagger), which are the
// same TypeBox schemas that validate requests and serialize responses.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

export const API_VERSION = '1.1.0';

export const openapiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'ledgerlens document extraction API',
      version: API_VERSION,
      description:
        'Converts invoices, receipts and bills (PDF or image) into structured fields with per-field confidence and review status. ' +
        'Every response uses the envelope {success, data, meta} or {success: false, error: {code, message}}.',
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    security: [{ apiKey: [] }, { bearer: [] }],
  },
  hideUntagged: true,
};
