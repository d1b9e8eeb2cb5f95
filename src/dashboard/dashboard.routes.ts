// The dashboard's JSON API under /dashboard/api, for the web app in web/. Sessions, businesses and
// the email senders (email.routes.ts) are its own; everything about the selected business that the
// public API has (documents, callback, usage) is the public API's own route set, mounted again behind
// the session instead of an API key, so there is one implementation of each operation. None of it
// appears in /openapi.json.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../app/services.js';
import { decorateCaller } from '../api/auth.js';
import { ok } from '../api/envelope.js';
import { readResponses } from '../api/responses.js';
import { callbackRoutes } from '../api/routes/callback.routes.js';
import { documentsRoutes } from '../api/routes/documents.routes.js';
import { usageRoutes } from '../api/routes/usage.routes.js';
import { pageView } from '../documents/present-document.js';
import { notFound } from '../errors.js';
import { exportDocuments, exportRequest } from '../export/export-documents.js';
import { Document } from '../schemas/document.schema.js';
import { IdParams } from '../schemas/upload.schema.js';
import { ingestLimits } from '../ingest/limits.js';
import type { MediaType } from '../ingest/media-type.js';
import { RateLimitedError } from '../limits/usage-limits.js';
import {
  ApiKeyList,
  Business,
  BusinessList,
  CorrectFieldsBody,
  CreateBusinessBody,
  CreatedKey,
  CreateKeyBody,
  DeskList,
  DeskQuery,
  PageWordList,
  DocumentReview,
  ExportQuery,
  KeyParams,
  PageParams,
  RevokedKey,
  SessionInfo,
  SignInBody,
} from '../schemas/dashboard.schema.js';
import { emailRoutes } from './email.routes.js';
import { vendorsRoutes } from './vendors.routes.js';
import { checkOrigin, clearSessionCookie, registerSessionAuth, requireOwner, selectBusiness, setSessionCookie } from './session-auth.js';

const hidden = { hide: true };

export async function dashboardApi(api: FastifyInstance, services: Services): Promise<void> {
  const { owners, keys } = services;
  // The reused public routes carry their OpenAPI descriptions; this copy of them is not published.
  api.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  registerSessionAuth(api, owners);

  api.post('/session', {
    schema: { ...hidden, body: SignInBody, response: readResponses(SessionInfo, 'Signed in') },
    handler: async (request, reply) => {
      checkOrigin(request);
      const { email, password } = request.body as SignInBody;
      try {
        const session = await owners.signIn(email, password, request.ip);
        setSessionCookie(request, reply, session.token, session.expiresAt, services.config.secureCookies);
        return ok(request, { owner: session.owner, csrf_token: owners.csrfTokenFor(session.token) });
      } catch (error) {
        if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
    },
  });

  await api.register(async (signedIn) => {
    // onRequest, like the API key check: before an upload's rate limit is counted or its body read.
    signedIn.addHook('onRequest', requireOwner(owners));

    signedIn.get('/session', {
      schema: { ...hidden, response: readResponses(SessionInfo, 'The signed-in owner') },
      handler: async (request) => ok(request, { owner: request.owner!, csrf_token: owners.csrfTokenFor(request.sessionToken) }),
    });

    signedIn.delete('/session', {
      schema: hidden,
      handler: async (request, reply) => {
        await owners.signOut(request.sessionToken);
        clearSessionCookie(reply);
        return ok(request, { signed_out: true });
      },
    });

    signedIn.get('/businesses', {
      schema: { ...hidden, response: readResponses(BusinessList, 'Every business of the workspace') },
      handler: async (request) => ok(request, { items: await keys.listBusinesses() }),
    });

    signedIn.post('/businesses', {
      schema: { ...hidden, body: CreateBusinessBody, response: readResponses(Business, 'The new business') },
      handler: async (request) => ok(request, await keys.createBusiness((request.body as CreateBusinessBody).name)),
    });

    await signedIn.register(
      async (business) => {
        decorateCaller(business);
        business.addHook('onRequest', selectBusiness(keys));
        keysRoutes(business, services);
        fileRoutes(business, services);
        reviewRoutes(business, services);
        exportRoute(business, services);
        documentsRoutes(business, services);
        callbackRoutes(business, services);
        usageRoutes(business, services);
        emailRoutes(business, services);
        vendorsRoutes(business, services);
      },
      { prefix: '/business' },
    );
  });
}

function keysRoutes(server: FastifyInstance, { keys }: Services): void {
  server.get('/keys', {
    schema: { ...hidden, response: readResponses(ApiKeyList, "The business's keys, revoked ones included") },
    handler: async (request) => {
      const items = (await keys.listKeys(request.businessId)).map(({ id, label, created_at, revoked_at }) => ({ id, label, created_at, revoked_at }));
      return ok(request, { items });
    },
  });

  server.post('/keys', {
    schema: { ...hidden, body: CreateKeyBody, response: readResponses(CreatedKey, 'The new key; its secret is shown only now') },
    handler: async (request) => {
      const key = await keys.createKeyFor(request.businessId, (request.body as CreateKeyBody | undefined)?.label);
      return ok(request, { id: key.keyId, label: key.label, secret: key.secret });
    },
  });

  server.post('/keys/:key_id/rotate', {
    schema: { ...hidden, params: KeyParams, response: readResponses(CreatedKey, 'The replacement key; the old one is revoked') },
    handler: async (request) => {
      const { key_id } = request.params as { key_id: string };
      const key = await keys.rotateKey(key_id, request.businessId);
      return ok(request, { id: key.keyId, label: key.label, secret: key.secret, replaces: key_id });
    },
  });

  server.delete('/keys/:key_id', {
    schema: { ...hidden, params: KeyParams, response: readResponses(RevokedKey, 'The key was revoked') },
    handler: async (request) => {
      const { key_id } = request.params as { key_id: string };
      await keys.revokeKey(key_id, request.businessId);
      return ok(request, { id: key_id, revoked: true as const });
    },
  });
}

/** The review desk: a person corrects fields and approves the document (docs/dashboard.md). */
function reviewRoutes(server: FastifyInstance, { documents }: Services): void {
  const params = IdParams('document_id');
  // The public list's query (paging, filename search, filters; `approved` too), each row with its fields.
  server.get('/desk', {
    schema: { ...hidden, querystring: DeskQuery, response: readResponses(DeskList, 'A page of the review desk') },
    handler: async (request) => {
      const query = request.query as DeskQuery;
      return ok(request, await documents.desk(request.businessId, { limit: query.limit ?? 25, cursor: query.cursor, q: query.q, filter: query.filter ?? 'all' }));
    },
  });

  server.put('/documents/:document_id/fields', {
    schema: { ...hidden, params, body: CorrectFieldsBody, response: readResponses(Document, 'The document with the corrected values') },
    handler: async (request) => {
      const { document_id } = request.params as { document_id: string };
      const { corrections } = request.body as CorrectFieldsBody;
      return ok(request, await documents.correct(request.businessId, document_id, request.owner!.email, corrections));
    },
  });

  server.get('/documents/:document_id/review', {
    schema: { ...hidden, params, response: readResponses(DocumentReview, 'Approval and corrections') },
    handler: async (request) => {
      const { document_id } = request.params as { document_id: string };
      return ok(request, await documents.review(request.businessId, document_id));
    },
  });

  server.post('/documents/:document_id/approve', {
    schema: { ...hidden, params, response: readResponses(Document, 'The approved document') },
    handler: async (request) => {
      const { document_id } = request.params as { document_id: string };
      return ok(request, await documents.approve(request.businessId, document_id, request.owner!.email));
    },
  });
}

function exportRoute(server: FastifyInstance, { store }: Services): void {
  server.get('/export', {
    schema: { ...hidden, querystring: ExportQuery },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const file = await exportDocuments(store, request.businessId, exportRequest(request.query as ExportQuery));
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.bytes);
    },
  });
}

/** A stored document of the request's business and its file as uploaded; 404 when either is missing. */
async function storedFile({ store }: Services, businessId: string, documentId: string) {
  const document = await store.documents.find(businessId, documentId);
  const bytes = document && (await store.documents.fileContent(businessId, documentId));
  if (!document || !bytes) throw notFound('document');
  return { document, bytes };
}

function fileRoutes(server: FastifyInstance, services: Services): void {
  // The file as it was uploaded, for the review desk's "Download original".
  server.get('/documents/:document_id/file', {
    schema: { ...hidden, params: IdParams('document_id') },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { document_id } = request.params as { document_id: string };
      const { document, bytes } = await storedFile(services, request.businessId, document_id);
      return reply
        .type(document.content_type)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(document.filename)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  });

  server.get('/documents/:document_id/pages/:page', {
    schema: { ...hidden, params: PageParams },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { document_id, page } = request.params as { document_id: string; page: number };
      const { document, bytes } = await storedFile(services, request.businessId, document_id);
      const limits = ingestLimits(services.config);
      const png = await services.pool.renderPage({ bytes, mediaType: document.content_type as MediaType, page, limits });
      // Where the page OCR read lies on this image, for the regions to be drawn where the words are.
      const view = pageView(document, page);
      if (view) reply.header('x-page-view', JSON.stringify(view));
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  });

  // The page's words, for a person to fill a field by clicking them (docs/dashboard.md).
  server.get('/documents/:document_id/pages/:page/words', {
    schema: { ...hidden, params: PageParams, response: readResponses(PageWordList, "A page's words") },
    handler: async (request: FastifyRequest) => {
      const { document_id, page } = request.params as { document_id: string; page: number };
      const { document, bytes } = await storedFile(services, request.businessId, document_id);
      const words = await services.pool.readPageWords({ bytes, mediaType: document.content_type as MediaType, page, limits: ingestLimits(services.config) });
      return ok(request, { words: words.map(({ text, box }) => ({ text, box })) });
    },
  });
}
