// The built web app (web/, bundled by Vite into dist/web at install time) at /dashboard/. The app
// routes in the URL fragment, so the server only ever serves index.html and hashed assets.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** dist/web, seen from dist/src/dashboard/. */
export const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

export async function registerStaticFiles(scope: FastifyInstance): Promise<boolean> {
  if (!existsSync(WEB_ROOT)) return false;
  await scope.register(fastifyStatic, {
    root: WEB_ROOT,
    prefix: '/',
    index: 'index.html',
    // Assets carry a content hash in their names; index.html must be fetched fresh after an upgrade.
    setHeaders: (res, path) => res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable'),
  });
  return true;
}
