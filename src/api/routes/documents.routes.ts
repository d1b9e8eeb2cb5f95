import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { Deletion, Document, DocumentList } from '../../schemas/document.schema.js';
import { BatchAccepted } from '../../schemas/job.schema.js';
import {
  IdParams,
  JsonUpload,
  ListQuery,
  MultipartBatchUpload,
  MultipartSingleUpload,
  type ListQuery as ListQueryType,
} from '../../schemas/upload.schema.js';
import { countUpload } from '../auth.js';
import { uploadViaWorker } from '../../documents/upload-via-worker.js';
import { ok } from '../envelope.js';
import { readResponses, uploadResponses } from '../responses.js';
import { readUpload } from '../upload/read-upload.js';

const tags = ['documents'];
const DocumentParams = IdParams('document_id');

export function documentsRoutes(server: FastifyInstance, services: Services): void {
  server.post('/documents', {
    schema: {
      operationId: 'create-document',
      summary: 'Extract one document synchronously',
      description: 'If several files or pages entries are supplied, only the first is processed and meta.ignored_files names the rest.',
      tags,
      body: {
        content: {
          'multipart/form-data': { schema: MultipartSingleUpload },
          'application/json': { schema: JsonUpload },
        },
      },
      response: uploadResponses(200, Document, 'The processed document'),
    },
    onRequest: countUpload(services.usageLimits),
    handler: async (request) => {
      const upload = await readUpload(request, 'single', services.config);
      const file = upload.files[0]!;
      const document =
        services.config.syncExtraction === 'worker'
          ? await uploadViaWorker(services, request.businessId, file, upload.options, services.config.extractionTimeoutMs + 60_000, request.uploadChannel)
          : await services.documents.create(request.businessId, file, upload.options, request.uploadChannel);
      return ok(request, document, upload.ignored.length ? { ignored_files: upload.ignored } : {});
    },
  });

  server.post('/documents/batch', {
    schema: {
      operationId: 'create-batch',
      summary: 'Submit up to 100 documents for asynchronous extraction',
      description: 'One job per document, job ids in upload order. In the pages form each entry is an independent document.',
      tags,
      body: {
        content: {
          'multipart/form-data': { schema: MultipartBatchUpload },
          'application/json': { schema: JsonUpload },
        },
      },
      response: uploadResponses(202, BatchAccepted, 'The batch was queued'),
    },
    onRequest: countUpload(services.usageLimits),
    handler: async (request, reply) => {
      const upload = await readUpload(request, 'batch', services.config);
      const batch = await services.batches.submit(request.businessId, upload.files, upload.options, request.uploadChannel);
      return reply.status(202).send(ok(request, batch));
    },
  });

  server.get('/documents', {
    schema: {
      operationId: 'list-documents',
      summary: 'List the document history, newest first',
      tags,
      querystring: ListQuery,
      response: readResponses(DocumentList, 'A page of documents'),
    },
    handler: async (request) => {
      const query = request.query as ListQueryType;
      const list = await services.documents.list(request.businessId, {
        limit: query.limit ?? 25,
        cursor: query.cursor,
        q: query.q,
        filter: query.filter ?? 'all',
      });
      return ok(request, list);
    },
  });

  server.get('/documents/:document_id', {
    schema: {
      operationId: 'get-document',
      summary: 'Get a stored document',
      description: 'regions and raw_text are present only if they were requested at upload.',
      tags,
      params: DocumentParams,
      response: readResponses(Document, 'The stored document'),
    },
    handler: async (request) => {
      const { document_id } = request.params as { document_id: string };
      return ok(request, await services.documents.get(request.businessId, document_id));
    },
  });

  server.delete('/documents/:document_id', {
    schema: {
      operationId: 'delete-document',
      summary: 'Delete a document, its file and its extraction for good',
      description: 'Usage counts still include it.',
      tags,
      params: DocumentParams,
      response: readResponses(Deletion, 'The document was deleted'),
    },
    handler: async (request) => {
      const { document_id } = request.params as { document_id: string };
      return ok(request, await services.documents.delete(request.businessId, document_id));
    },
  });
}
