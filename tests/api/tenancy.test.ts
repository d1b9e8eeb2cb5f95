// Tenancy: business B walks every operation of /openapi.json with business A's ids, cursors and
// files, and sees 404s, its own empty lists and its own settings, never a trace of A. The list of
// operations comes from the OpenAPI document, so a new endpoint fails this test until it is added.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, waitForJob, type ApiResponse, type TestServer } from '../helpers/server.js';

interface Traces {
  documentId: string;
  jobId: string;
  batchId: string;
  jobDocumentId: string;
  filename: string;
  callbackUrl: string;
}

type Call = (server: TestServer, a: Traces, pdf: Buffer) => Promise<ApiResponse[]>;

/** How business B calls each operation with A's traces, and what it must see. Keyed by operationId. */
const OPERATIONS: Record<string, Call> = {
  'create-document': async (server, a, pdf) => {
    // The very bytes A uploaded: B's document must not be linked to A's as a duplicate.
    const res = await server.api('/api/v1/documents', { method: 'POST', key: server.otherKey, body: formData([{ field: 'file', name: 'b.pdf', bytes: pdf }]) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.duplicates, undefined, 'no duplicate across businesses');
    return [res];
  },
  'create-batch': async (server, _a, pdf) => {
    const res = await server.api('/api/v1/documents/batch', { method: 'POST', key: server.otherKey, body: formData([{ field: 'files', name: 'b2.pdf', bytes: pdf }]) });
    assert.equal(res.status, 202);
    const asB: TestServer = { ...server, api: (path, init) => server.api(path, { ...init, key: server.otherKey }) };
    const job = await waitForJob(asB, res.body.data.job_ids[0]);
    assert.equal(job.status, 'succeeded');
    // It may be a duplicate of B's own upload above, never of A's document with the same bytes.
    const document = await asB.api(`/api/v1/documents/${job.document_id}`);
    return [res, document];
  },
  'list-documents': async (server, a) => {
    const results: ApiResponse[] = [];
    for (const query of ['', `&q=${encodeURIComponent(a.filename)}`, '&filter=duplicates', '&filter=review']) {
      const res = await server.api(`/api/v1/documents?limit=100${query}`, { key: server.otherKey });
      assert.equal(res.status, 200);
      results.push(res);
    }
    assert.equal(results[1]!.body.data.count, 0, "searching for A's filename finds nothing");
    return results;
  },
  'get-document': async (server, a) =>
    notFound(await Promise.all([a.documentId, a.jobDocumentId].map((id) => server.api(`/api/v1/documents/${id}`, { key: server.otherKey })))),
  'delete-document': async (server, a) => {
    const results = notFound(await Promise.all([a.documentId, a.jobDocumentId].map((id) => server.api(`/api/v1/documents/${id}`, { method: 'DELETE', key: server.otherKey }))));
    assert.equal((await server.api(`/api/v1/documents/${a.documentId}`)).status, 200, "A's document is still there");
    return results;
  },
  'get-job': async (server, a) => notFound([await server.api(`/api/v1/jobs/${a.jobId}`, { key: server.otherKey })]),
  'list-document-types': async (server) => [await server.api('/api/v1/metadata/document-types', { key: server.otherKey })],
  'list-fields': async (server) => [await server.api('/api/v1/metadata/fields', { key: server.otherKey })],
  'get-usage': async (server) => {
    const res = await server.api('/api/v1/usage', { key: server.otherKey });
    const own = await server.api('/api/v1/documents?limit=100', { key: server.otherKey });
    assert.equal(res.body.data.documents, own.body.data.count, "B's usage counts B's documents only");
    return [res];
  },
  'get-callback': async (server) => [await server.api('/api/v1/callback', { key: server.otherKey })],
  'set-callback': async (server, a) => {
    const res = await server.api('/api/v1/callback', { method: 'PUT', key: server.otherKey, json: { url: 'http://127.0.0.1:9/b-hook', enabled: false } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await server.api('/api/v1/callback')).body.data.url, a.callbackUrl, "A's callback is untouched");
    return [res];
  },
};

function notFound(responses: ApiResponse[]): ApiResponse[] {
  for (const res of responses) {
    assert.equal(res.status, 404, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'not_found');
  }
  return responses;
}

describe('tenancy', () => {
  let server: TestServer;
  let pdf: Buffer;
  const a = {} as Traces;

  before(async () => {
    server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' });
    pdf = await textPdf([['Invoice T-1', 'Date 05.01.2024', 'Total 12.50 EUR']]);
    a.filename = 'a-secret-tenant-file.pdf';
    a.callbackUrl = 'http://127.0.0.1:9/a-secret-hook';
    for (let i = 0; i < 3; i++) {
      const doc = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: i === 0 ? a.filename : `a-${i}.pdf`, bytes: await textPdf([[`Invoice A-${i}`, 'Total 1.00 EUR']]) }]) });
      assert.equal(doc.status, 200);
      if (i === 0) a.documentId = doc.body.data.id;
    }
    const batch = await server.api('/api/v1/documents/batch', { method: 'POST', body: formData([{ field: 'files', name: 'a-batch.pdf', bytes: pdf }]) });
    a.batchId = batch.body.data.id;
    a.jobId = batch.body.data.job_ids[0];
    a.jobDocumentId = (await waitForJob(server, a.jobId)).document_id;
    assert.equal((await server.api('/api/v1/callback', { method: 'PUT', json: { url: a.callbackUrl, enabled: true } })).status, 200);
  });
  after(() => server.close());

  test("every operation of the OpenAPI document, called by business B with A's ids, shows B nothing of A", async () => {
    const spec = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const operations = Object.values(spec.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    assert.deepEqual([...operations].sort(), Object.keys(OPERATIONS).sort(), 'every operation in /openapi.json has a tenancy check here, and no other');
    const secrets = [a.documentId, a.jobId, a.batchId, a.jobDocumentId, a.filename, a.callbackUrl];
    for (const operationId of operations) {
      for (const res of await OPERATIONS[operationId]!(server, a, pdf)) {
        assert.ok(res.status < 500, `${operationId}: ${res.status}`);
        const text = JSON.stringify(res.body);
        for (const secret of secrets) assert.ok(!text.includes(secret), `${operationId} showed B "${secret}": ${text}`);
      }
    }
  });

  test("cursors are opaque: A's cursor is refused for B, and a cursor with any character changed is refused for A", async () => {
    const first = await server.api('/api/v1/documents?limit=1');
    const cursor: string = first.body.data.pagination.next_cursor;
    assert.ok(cursor);
    assert.equal((await server.api(`/api/v1/documents?limit=1&cursor=${cursor}`)).status, 200);

    const foreign = await server.api(`/api/v1/documents?limit=1&cursor=${cursor}`, { key: server.otherKey });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error.code, 'invalid_request');
    for (const other of ['&filter=review', '&q=a']) {
      assert.equal((await server.api(`/api/v1/documents?limit=1&cursor=${cursor}${other}`)).status, 400, other);
    }

    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < cursor.length; i++) {
      if (cursor[i] === '.') continue;
      const replacement = alphabet[(alphabet.indexOf(cursor[i]!) + 1 + (i % 7)) % alphabet.length]!;
      const tampered = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
      const res = await server.api(`/api/v1/documents?limit=1&cursor=${encodeURIComponent(tampered)}`);
      assert.equal(res.status, 400, `byte ${i} changed: ${tampered}`);
    }
  });

  test("a cursor's position cannot be moved under another business's MAC, nor a MAC carried to another business", async () => {
    // B needs two documents to be given a cursor of its own.
    for (const name of ['b-x.pdf', 'b-y.pdf']) {
      assert.equal((await server.api('/api/v1/documents', { method: 'POST', key: server.otherKey, body: formData([{ field: 'file', name, bytes: await textPdf([[name]]) }]) })).status, 200);
    }
    const cursorA: string = (await server.api('/api/v1/documents?limit=1')).body.data.pagination.next_cursor;
    const cursorB: string = (await server.api('/api/v1/documents?limit=1', { key: server.otherKey })).body.data.pagination.next_cursor;
    const [bodyA, macA] = cursorA.split('.');
    const [bodyB, macB] = cursorB.split('.');
    assert.equal((await server.api(`/api/v1/documents?limit=1&cursor=${bodyA}.${macB}`, { key: server.otherKey })).status, 400);
    assert.equal((await server.api(`/api/v1/documents?limit=1&cursor=${bodyB}.${macA}`)).status, 400);
    // A position written by hand, pointing at A's newest document, with B's own MAC.
    const forged = Buffer.from(JSON.stringify(['2999-01-01T00:00:00.000Z', a.documentId])).toString('base64url');
    assert.equal((await server.api(`/api/v1/documents?limit=1&cursor=${forged}.${macB}`, { key: server.otherKey })).status, 400);
  });
});
