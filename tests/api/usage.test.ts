// Usage is an all-time ledger: deleting documents does not lower it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /api/v1/usage', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('starts empty, counts documents and pages, keeps deleted ones, per business', async () => {
    const empty = await server.api('/api/v1/usage');
    assert.deepEqual(empty.body.data, { documents: 0, pages: 0, by_type: {}, last_request_at: null });

    const twoPages = (await textPdf([['a'], ['b']])).toString('base64');
    const onePage = (await textPdf([['c']])).toString('base64');
    const first = await server.api('/api/v1/documents', { method: 'POST', json: { content: twoPages } });
    const second = await server.api('/api/v1/documents', { method: 'POST', json: { content: onePage } });
    await server.api(`/api/v1/documents/${first.body.data.id}`, { method: 'DELETE' });

    const usage = (await server.api('/api/v1/usage')).body.data;
    assert.equal(usage.documents, 2);
    assert.equal(usage.pages, 3);
    assert.deepEqual(usage.by_type, { document: 2 });
    assert.ok(usage.last_request_at >= second.body.data.created_at);
    assert.ok(!Number.isNaN(Date.parse(usage.last_request_at)));

    const other = (await server.api('/api/v1/usage', { key: server.otherKey })).body.data;
    assert.equal(other.documents, 0);
  });
});
