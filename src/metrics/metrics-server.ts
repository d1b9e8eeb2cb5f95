// A listener of its own for /metrics (LEDGERLENS_METRICS_PORT): the worker role has no HTTP API to
// hang it on, and an operator may want metrics off the public port in the serve role as well.
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';

export async function startMetricsServer(metrics: Metrics, port: number, host: string, log: Logger): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'collecting metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  log.info({ port, host }, 'metrics listener is ready');
  return server;
}

export function stopMetricsServer(server: Server | null): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
