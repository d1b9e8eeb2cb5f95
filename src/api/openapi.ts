// The published description is generated from the route schemas (@fastify/swagger), which are the
// same TypeBox schemas that validate requests and serialize responses. Here it gets what routes
// cannot say: named components (openapi-components.ts), the servers, and the event the service sends
// (webhooks).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { CallbackEvent } from '../schemas/callback.schema.js';
import { nameSchemas, schemaRef } from './openapi-components.js';

export const API_VERSION = '1.1.0';

type JsonObject = Record<string, unknown>;
interface OpenApiDocument extends JsonObject {
  paths?: JsonObject;
  components?: JsonObject;
}

/** The callback event as a component, its `data` the Document the operations already name. */
function callbackEventSchema(): Record<string, unknown> {
  const event = JSON.parse(JSON.stringify(CallbackEvent)) as { properties: Record<string, unknown> };
  return { ...event, properties: { ...event.properties, data: schemaRef('Document') } };
}

const signatureHeaders = [
  {
    name: 'X-Service-Timestamp',
    in: 'header',
    required: true,
    description: 'Seconds since the epoch when this attempt was signed; fresh on every attempt. Reject it when far from your clock (5 minutes).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'X-Service-Signature',
    in: 'header',
    required: true,
    description: '"v1=" and the lowercase hex HMAC-SHA256 of timestamp + "." + the raw body, keyed with the callback signing secret. Compare in constant time.',
    schema: { type: 'string', pattern: '^v1=[0-9a-f]{64}$' },
  },
  {
    name: 'X-Service-Event-Id',
    in: 'header',
    required: true,
    description: 'The event id (body `id`) again, to deduplicate before parsing: a retried event has the same id.',
    schema: { type: 'string' },
  },
];

const webhook = (operationId: string, summary: string, when: string) => ({
  post: {
    operationId,
    summary,
    description:
      `Sent to the configured callback URL (PUT /api/v1/callback) ${when}. ` +
      'Only a 2xx answer within 10 s counts as delivered; otherwise the same bytes are sent again after 1 min, 5 min, 15 min, 1 h, 3 h, 6 h and 12 h. ' +
      'Redirects are not followed. See docs/callbacks.md.',
    tags: ['callback'],
    security: [],
    parameters: signatureHeaders,
    requestBody: { required: true, content: { 'application/json': { schema: schemaRef('CallbackEvent') } } },
    responses: {
      '2XX': { description: 'Delivered: no further attempts' },
      default: { description: 'Any other answer, a redirect or none within 10 s: the attempt failed and is retried on the schedule' },
    },
  },
});

const webhooks = () => ({
  'document.processed': webhook('document-processed', 'A document was processed', 'when a document is stored, whatever channel it came by'),
  'document.reviewed': webhook(
    'document-reviewed',
    'A person approved a document on the review desk',
    'when a document is approved on the dashboard\'s review desk, with the Document as corrected; only when the callback\'s `events` lists it (an extension of the spec, off by default)',
  ),
});

/** Components, servers and webhooks added to what @fastify/swagger generated from the routes. */
export function completeDocument(generated: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, JsonObject> = {};
  const paths = nameSchemas(generated.paths ?? {}, schemas);
  // Only for its side effect: the event and its parts join the components.
  nameSchemas({ schema: callbackEventSchema() }, schemas);
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...generated,
    servers: [
      {
        url: '{origin}',
        description: 'Your ledgerlens service; paths start with /api/v1',
        variables: { origin: { default: 'http://localhost:8080', description: 'Scheme, host and port the service is reached at (PORT defaults to 8080)' } },
      },
    ],
    paths,
    webhooks: webhooks(),
    components: { ...generated.components, schemas: sorted },
  };
}

export const openapiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'ledgerlens document extraction API',
      version: API_VERSION,
      description:
        'Converts invoices, receipts and bills (PDF or image) into structured fields with per-field confidence and review status. ' +
        'Every response uses the envelope {success, data, meta} or {success: false, error: {code, message}}.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
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
  transformObject: (generated) => ('openapiObject' in generated ? completeDocument(generated.openapiObject as OpenApiDocument) : generated.swaggerObject) as never,
};
