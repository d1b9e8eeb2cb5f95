// GET / points a visitor at the dashboard and the API reference.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestServer } from '../helpers/server.js';

test('GET / answers links to /dashboard/, /docs and /openapi.json', async () => {
  const server = await startTestServer();
  try {
    const root = await fetch(`${server.baseUrl}/`);
    assert.equal(root.status, 200);
    const body = (await root.json()) as { links: Record<string, string> };
    assert.deepEqual(body.links, { dashboard: '/dashboard/', docs: '/docs', openapi: '/openapi.json' });
    // /dashboard/ serves the built web app (npm run build), which the e2e tests cover.
    for (const link of [body.links.docs!, body.links.openapi!]) assert.equal((await fetch(server.baseUrl + link)).status, 200, link);
  } finally {
    await server.close();
  }
});
