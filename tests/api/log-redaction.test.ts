// At trace level, libraries log whole request headers (@fastify/multipart logs its busboy options,
// headers included). A dashboard upload carries the session cookie and the CSRF token, an API upload
// the key: none of them reaches the log written through the service's own logger.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { createLogger } from '../../src/app/logger.js';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer } from '../helpers/server.js';

test('a dashboard upload and an API upload at trace level log neither the CSRF token, the session cookie nor the key', async () => {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const server = await startTestServer({}, {}, { log: createLogger('trace', sink) });
  let owner: DashboardClient;
  try {
    await server.services.owners.create('owner@example.com', 'a long enough password');
    owner = await signIn(server.baseUrl, 'owner@example.com', 'a long enough password');
    owner.business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    const pdf = await textPdf([['Invoice L-1', 'Total 1.00 EUR']]);
    const upload = await owner.call('POST', '/business/documents', { body: formData([{ field: 'file', name: 'l.pdf', bytes: pdf, type: 'application/pdf' }]) });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    const api = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'k.pdf', bytes: pdf }]) });
    assert.equal(api.status, 200, JSON.stringify(api.body));
  } finally {
    await server.close();
  }
  const log = lines.join('');
  assert.ok(log.includes('busboyOptions') && log.includes('[redacted]'), 'the trace lines with headers were written, redacted');
  const secrets = { 'CSRF token': owner.csrf, 'session cookie': owner.cookie.slice(owner.cookie.indexOf('=') + 1), 'API key': server.key };
  for (const [what, secret] of Object.entries(secrets)) {
    assert.ok(secret.length > 8 && !log.includes(secret), `the ${what} is in the log: ${lines.find((l) => l.includes(secret))?.replace(secret, '<secret>').slice(0, 300)}`);
  }
});
