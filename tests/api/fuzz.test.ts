// Property: whatever a client sends, the answer is never a 5xx and always the error or success envelope.
// Bounded with fixed seeds here; `npm run fuzz` runs longer with a random seed (tests/helpers/fuzz-params.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { fuzzParams } from '../helpers/fuzz-params.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const paths = fc.constantFrom(
  '/api/v1/documents',
  '/api/v1/documents/batch',
  '/api/v1/documents/doc_x',
  '/api/v1/jobs/job_x',
  '/api/v1/metadata/fields',
  '/api/v1/usage',
  '/api/v1/callback',
);
const methods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH');
const contentTypes = fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'text/plain', 'application/octet-stream', 'image/png', '');

const jsonish = fc.oneof(
  fc.json(),
  fc.record({ content: fc.oneof(fc.string(), fc.base64String(), fc.integer()), content_type: fc.string(), filename: fc.string(), hints: fc.string() }, { requiredKeys: [] }),
  fc.record({ pages: fc.array(fc.record({ content: fc.oneof(fc.base64String(), fc.string()) }, { requiredKeys: [] }), { maxLength: 3 }) }, { requiredKeys: [] }),
  fc.record({ url: fc.oneof(fc.webUrl(), fc.string()), enabled: fc.oneof(fc.boolean(), fc.string()), rotate_secret: fc.anything() }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
);

describe('malformed requests', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('random methods, paths, query strings, content types and bodies never produce a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(methods, paths, fc.string({ maxLength: 40 }), contentTypes, jsonish, fc.boolean(), async (method, path, query, type, body, withKey) => {
        const headers: Record<string, string> = {};
        if (type) headers['content-type'] = type;
        if (withKey) headers['x-api-key'] = server.key;
        const sendsBody = method !== 'GET' && method !== 'DELETE';
        const res = await fetch(`${server.baseUrl}${path}?${encodeURIComponent(query)}=${encodeURIComponent(query)}`, {
          method,
          headers,
          body: sendsBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : null,
        });
        const text = await res.text();
        assert.ok(res.status < 500, `${method} ${path} → ${res.status}: ${text}`);
        const parsed = JSON.parse(text);
        assert.equal(typeof parsed.success, 'boolean');
        if (!parsed.success) assert.equal(typeof parsed.error.code, 'string');
      }),
      fuzzParams(300, 20261121),
    );
  });

  test('random bytes as a multipart file never produce a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2048 }), fc.string({ maxLength: 300 }), async (bytes, name) => {
        const form = new FormData();
        form.append('file', new Blob([bytes]), name || 'x');
        const res = await fetch(`${server.baseUrl}/api/v1/documents`, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
        const text = await res.text();
        assert.ok(res.status < 500, `${res.status}: ${text}`);
      }),
      fuzzParams(100, 7),
    );
  });
});
