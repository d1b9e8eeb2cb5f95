import type { FastifyInstance } from 'fastify';
import { FIELD_COUNT, FIELD_METADATA } from '../../metadata/field-metadata.js';
import { DocumentTypes, FieldMetadata, FieldsQuery } from '../../schemas/metadata.schema.js';
import { ok } from '../envelope.js';
import { readResponses } from '../responses.js';

const tags = ['metadata'];

export function metadataRoutes(server: FastifyInstance): void {
  server.get('/metadata/document-types', {
    schema: {
      operationId: 'list-document-types',
      summary: 'List the document types',
      tags,
      response: readResponses(DocumentTypes, 'The document types'),
    },
    handler: async (request) =>
      ok(request, { items: [{ id: 'document', label: 'Business document (invoice, receipt, bill)', fields: FIELD_COUNT }] }),
  });

  server.get('/metadata/fields', {
    schema: {
      operationId: 'list-fields',
      summary: 'List the top-level extractable fields',
      description: 'Nested field schemas are in /openapi.json.',
      tags,
      querystring: FieldsQuery,
      response: readResponses(FieldMetadata, 'The fields of the document type'),
    },
    handler: async (request) => ok(request, FIELD_METADATA),
  });
}
