// Single-document upload in its three forms, reading back, deletion, and isolation between businesses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { jpegImage, textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const DOCUMENT_MEMBERS = [
  'id', 'filename', 'content_type', 'size_bytes', 'type', 'status', 'pages', 'confidence', 'created_at',
  'processing_ms', 'is_document', 'extraction', 'field_confidence', 'field_status', 'review_fields', 'warnings',
];

describe('POST /api/v1/documents', () => {
  let server: TestServer;
  let pdf: Buffer;
  before(async () => {
    server = await startTestServer();
    pdf = await textPdf([['Invoice 2024-17', 'Kuupäev 05.01.2024', 'Summa 12,50 €'], ['Page two']]);
  });
  after(() => server.close());

  test('multipart file: a processed Document in the envelope with a request id', async () => {
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'inv.pdf', bytes: pdf }]) });
    assert.equal(res.status, 200);
    assert.equal(res.body.success, true);
    assert.match(res.body.meta.request_id, /^req_/);
    assert.equal(res.headers.get('x-request-id'), res.body.meta.request_id);
    const doc = res.body.data;
    assert.deepEqual(Object.keys(doc).sort(), [...DOCUMENT_MEMBERS].sort());
    assert.equal(doc.type, 'document');
    assert.equal(doc.status, 'processed');
    assert.equal(doc.filename, 'inv.pdf');
    assert.equal(doc.content_type, 'application/pdf');
    assert.equal(doc.size_bytes, pdf.length);
    assert.equal(doc.pages, 2);
    assert.ok(Array.isArray(doc.extraction.line_items));
    assert.ok(!('meta' in res.body && 'ignored_files' in res.body.meta));
  });

  test('raw_text and regions are returned only when asked for, at upload and on every read', async () => {
    const res = await server.api('/api/v1/documents', {
      method: 'POST',
      body: formData([{ field: 'file', name: 'inv.pdf', bytes: pdf }], { raw_text: 'true', regions: 'true' }),
    });
    assert.equal(res.status, 200);
    assert.match(res.body.data.raw_text, /Kuupäev 05\.01\.2024/);
    assert.match(res.body.data.raw_text, /€/);
    assert.deepEqual(typeof res.body.data.regions, 'object');
    const again = await server.api(`/api/v1/documents/${res.body.data.id}`);
    assert.equal(again.body.data.raw_text, res.body.data.raw_text);
    assert.deepEqual(again.body.data.regions, res.body.data.regions);

    const plain = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'inv.pdf', bytes: pdf }]) });
    assert.ok(!('raw_text' in plain.body.data));
    assert.ok(!('regions' in plain.body.data));
  });

  test('multipart with several files processes the first and names the rest in meta.ignored_files', async () => {
    const jpeg = await jpegImage();
    const res = await server.api('/api/v1/documents', {
      method: 'POST',
      body: formData([
        { field: 'file', name: 'first.pdf', bytes: pdf },
        { field: 'file', name: 'second.jpg', bytes: jpeg },
        { field: 'file', name: 'third.jpg', bytes: jpeg },
      ]),
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.filename, 'first.pdf');
    assert.deepEqual(res.body.meta.ignored_files, ['second.jpg', 'third.jpg']);
  });

  test('JSON content: the type is detected from the bytes, not the declared content_type', async () => {
    const jpeg = await jpegImage();
    const res = await server.api('/api/v1/documents', {
      method: 'POST',
      json: { content: jpeg.toString('base64'), content_type: 'application/pdf', filename: 'photo.jpg' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.content_type, 'image/jpeg');
    assert.equal(res.body.data.filename, 'photo.jpg');
    assert.equal(res.body.data.pages, 1);
  });

  test('JSON content without filename or content_type gets defaults', async () => {
    const res = await server.api('/api/v1/documents', { method: 'POST', json: { content: pdf.toString('base64') } });
    assert.equal(res.status, 200);
    assert.match(res.body.data.filename, /^document-1/);
  });

  test('JSON pages: the first entry is processed, the others are reported as ignored', async () => {
    const jpeg = await jpegImage();
    const res = await server.api('/api/v1/documents', {
      method: 'POST',
      json: {
        pages: [
          { content: jpeg.toString('base64'), content_type: 'image/jpeg', filename: 'p1.jpg' },
          { content: pdf.toString('base64'), filename: 'p2.pdf' },
          { content: 'not even base64 but ignored' },
        ],
        raw_text: false,
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.filename, 'p1.jpg');
    assert.deepEqual(res.body.meta.ignored_files, ['p2.pdf', 'pages[2]']);
  });

  test('Authorization: Bearer is accepted like X-API-Key', async () => {
    const res = await server.api('/api/v1/documents', {
      method: 'POST',
      key: null,
      headers: { authorization: `Bearer ${server.key}` },
      json: { content: pdf.toString('base64'), filename: 'bearer.pdf' },
    });
    assert.equal(res.status, 200);
  });

  test('get and delete: the document, then 404; the other business never sees it', async () => {
    const created = await server.api('/api/v1/documents', { method: 'POST', json: { content: pdf.toString('base64'), filename: 'x.pdf' } });
    const id = created.body.data.id;
    const fetched = await server.api(`/api/v1/documents/${id}`);
    assert.equal(fetched.status, 200);
    assert.deepEqual(fetched.body.data, created.body.data);

    for (const method of ['GET', 'DELETE']) {
      const foreign = await server.api(`/api/v1/documents/${id}`, { method, key: server.otherKey });
      assert.equal(foreign.status, 404, `${method} by another business`);
      assert.equal(foreign.body.error.code, 'not_found');
    }

    const { db } = server.services.store;
    const storedFile = await db.selectFrom('files').select('content').where('document_id', '=', id).executeTakeFirst();
    assert.deepEqual(storedFile?.content, pdf, 'the file is stored as uploaded');

    const deleted = await server.api(`/api/v1/documents/${id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.data, { id, deleted: true });
    assert.equal((await server.api(`/api/v1/documents/${id}`)).status, 404);
    assert.equal((await server.api(`/api/v1/documents/${id}`, { method: 'DELETE' })).status, 404);
    // Gone for good: neither the document row nor its file remains.
    assert.equal((await db.selectFrom('documents').select('id').where('id', '=', id).execute()).length, 0);
    assert.equal((await db.selectFrom('files').select('document_id').where('document_id', '=', id).execute()).length, 0);
  });
});
