// The HTTP server: envelope, errors, authentication, the /api/v1 routes, the OpenAPI document and
// its reference page, health probes, metrics, and the owners' dashboard at /dashboard.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Services } from '../app/services.js';
import { dashboardApi } from '../dashboard/dashboard.routes.js';
import { registerStaticFiles } from '../dashboard/static-files.js';
import { invalidRequest, ServiceError } from '../errors.js';
import { newId } from '../security/ids.js';
import { registerAuthentication } from './auth.js';
import { answerClientError } from './client-errors.js';
import { handleError } from './error-handler.js';
import { registerJsonBodyParser } from './json-body.js';
import { openapiOptions } from './openapi.js';
import { callbackRoutes } from './routes/callback.routes.js';
import { documentsRoutes } from './routes/documents.routes.js';
import { jobsRoutes } from './routes/jobs.routes.js';
import { metadataRoutes } from './routes/metadata.routes.js';
import { usageRoutes } from './routes/usage.routes.js';
import { MAX_BATCH_FILES } from './upload/read-upload.js';
import { validatorCompiler } from './validation.js';

export async function buildServer(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const server = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    // Fastify's own request lines log the URL with its query string, where a client may have put
    // its key (?api_key=…) or a search for a filename; the line below logs the path only.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.maxRequestBytes,
    routerOptions: { maxParamLength: 200 },
    // A client that sends its request slowly holds a connection and its buffers: the headers and
    // the whole request each have a time limit, and idle kept-alive connections are closed.
    // The limits are checked every second, so a connection outlives its limit by at most that.
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Malformed URLs, over-long path parameters and parser failures leave in the envelope too.
    frameworkErrors: handleError,
    clientErrorHandler: answerClientError,
  });
  server.setValidatorCompiler(validatorCompiler);
  // Requests carry JSON or multipart bodies only; any other type is refused with 415.
  server.removeContentTypeParser('text/plain');
  registerJsonBodyParser(server);
  server.setErrorHandler(handleError);
  server.setNotFoundHandler((request, reply) =>
    handleError(new ServiceError('not_found', `no route for ${request.method} ${request.url.split('?')[0]}`) as never, request, reply),
  );
  // No id, search or cursor holds a NUL, and PostgreSQL refuses one in text: refused before any query.
  server.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw invalidRequest('the URL holds an encoded NUL character (%00)');
  });
  // A graceful stop ends when the last connection does. One busy when the stop began stays open
  // after its answer, idle, until the keep-alive timeout (72 s): a `serve` stopped while uploads ran
  // took that long to exit. Answers sent while closing ask the client to close the connection.
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
  });
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  // Metrics label the route pattern, never the URL: ids in paths would make a series per document.
  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    services.metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info({ method: request.method, path: request.url.split('?')[0], route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
  });

  await server.register(swagger, openapiOptions);
  await server.register(swaggerUi, { routePrefix: '/docs' });
  await server.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: config.maxFileBytes,
      // One more than allowed, so the reader can say why it refuses.
      files: MAX_BATCH_FILES + 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: MAX_BATCH_FILES + 12,
    },
  });

  server.get('/', { schema: { hide: true } }, async () => ({ name: 'ledgerlens', links: { dashboard: '/dashboard/', docs: '/docs', openapi: '/openapi.json' } }));
  server.get('/openapi.json', { schema: { hide: true } }, async () => server.swagger());
  // Unauthenticated like the probes: it carries counts and timings, never ids, keys or names. Off
  // with LEDGERLENS_METRICS=0, or moved to a port of its own with LEDGERLENS_METRICS_PORT.
  if (config.metrics && config.metricsPort === null) {
    server.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { body, contentType } = await services.metrics.scrape();
      return reply.type(contentType).send(body);
    });
  }
  server.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  server.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await services.store.businesses.count();
      // Without an OCR engine, images and scans cannot be read: the service is not ready for them.
      if ('error' in services.ocr) return reply.status(503).send({ status: 'unavailable', ocr: services.ocr });
      return { status: 'ready', ocr: services.ocr };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await server.register(
    async (api) => {
      registerAuthentication(api, services.keys);
      documentsRoutes(api, services);
      jobsRoutes(api, services);
      metadataRoutes(api);
      usageRoutes(api, services);
      callbackRoutes(api, services);
    },
    { prefix: '/api/v1' },
  );

  await server.register(
    async (dashboard) => {
      await dashboard.register(cookie);
      await dashboard.register((api) => dashboardApi(api, services), { prefix: '/api' });
      if (!(await registerStaticFiles(dashboard))) services.log.warn('the dashboard is not built (npm run build): /dashboard serves its API only');
    },
    { prefix: '/dashboard' },
  );
  server.get('/dashboard', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/dashboard/'));
  return server;
}
