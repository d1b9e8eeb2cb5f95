// GET /documents: newest first, cursor paging without gaps or repeats, filename search, filters.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /api/v1/documents', () => {
  let server: TestServer;
  const created: string[] = [];

  before(async () => {
    server = await startTestServer();
    for (let i = 0; i < 23; i++) {
      // Different content each, so that duplicate detection links only the documents a test marks.
      const pdf = (await textPdf([[`Note ${i}`]])).toString('base64');
      const filename = i % 5 === 0 ? `Rechnung_ÄÖ_${i}.PDF` : `invoice_${i}.pdf`;
      const res = await server.api('/api/v1/documents', { method: 'POST', json: { content: pdf, filename } });
      assert.equal(res.status, 200);
      created.push(res.body.data.id);
    }
    // The other business's documents must never appear.
    const pdf = (await textPdf([['Note 0']])).toString('base64');
    await server.api('/api/v1/documents', { method: 'POST', key: server.otherKey, json: { content: pdf, filename: 'invoice_other.pdf' } });
  });
  after(() => server.close());

  async function pageThrough(query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await server.api(`/api/v1/documents?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.count, res.body.data.items.length);
      assert.equal(res.body.data.pagination.limit, limit);
      ids.push(...res.body.data.items.map((item: { id: string }) => item.id));
      cursor = res.body.data.pagination.next_cursor;
      pages++;
    } while (cursor);
    return { ids, pages };
  }

  test('default page: 25 newest first, summaries only', async () => {
    const res = await server.api('/api/v1/documents');
    assert.equal(res.body.data.pagination.limit, 25);
    assert.equal(res.body.data.count, 23);
    assert.equal(res.body.data.pagination.next_cursor, null);
    assert.deepEqual(res.body.data.items.map((i: { id: string }) => i.id), [...created].reverse());
    const item = res.body.data.items[0];
    for (const member of ['extraction', 'field_status', 'review_fields', 'warnings', 'is_document', 'raw_text', 'regions']) {
      assert.ok(!(member in item), `summary has ${member}`);
    }
    assert.equal(item.type, 'document');
  });

  test('paging with limit 5 visits every document once, in order', async () => {
    const { ids, pages } = await pageThrough('', 5);
    assert.equal(pages, 5);
    assert.deepEqual(ids, [...created].reverse());
  });

  test('paging survives a new upload between pages: nothing skipped or repeated', async () => {
    const first = await server.api('/api/v1/documents?limit=10');
    const pdf = (await textPdf([['y']])).toString('base64');
    const added = await server.api('/api/v1/documents', { method: 'POST', json: { content: pdf, filename: 'late.pdf' } });
    const rest: string[] = [];
    let cursor = first.body.data.pagination.next_cursor;
    while (cursor) {
      const res = await server.api(`/api/v1/documents?limit=10&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...res.body.data.items.map((i: { id: string }) => i.id));
      cursor = res.body.data.pagination.next_cursor;
    }
    const seen = [...first.body.data.items.map((i: { id: string }) => i.id), ...rest];
    assert.deepEqual(seen, [...created].reverse());
    await server.api(`/api/v1/documents/${added.body.data.id}`, { method: 'DELETE' });
  });

  test('q searches filenames case-insensitively, across all pages', async () => {
    const { ids } = await pageThrough('&q=rechnung_äö', 2);
    assert.deepEqual(ids, created.filter((_, i) => i % 5 === 0).reverse());
    const upper = await server.api(`/api/v1/documents?q=${encodeURIComponent('INVOICE_1')}`);
    const names = upper.body.data.items.map((i: { filename: string }) => i.filename).sort();
    assert.deepEqual(names, ['invoice_1.pdf', 'invoice_11.pdf', 'invoice_12.pdf', 'invoice_13.pdf', 'invoice_14.pdf', 'invoice_16.pdf', 'invoice_17.pdf', 'invoice_18.pdf', 'invoice_19.pdf'].sort());
  });

  test('q treats LIKE wildcards literally', async () => {
    // As wildcards, "in_oice" and "invoice%1" would match invoice_1.pdf and others.
    for (const q of ['%', 'in_oice', 'invoice%1']) {
      const res = await server.api(`/api/v1/documents?q=${encodeURIComponent(q)}`);
      assert.equal(res.body.data.count, 0, q);
    }
  });

  test('a cursor only works with the q and filter it was issued for, and for its business', async () => {
    const res = await server.api('/api/v1/documents?limit=5');
    const cursor = encodeURIComponent(res.body.data.pagination.next_cursor);
    assert.equal((await server.api(`/api/v1/documents?limit=5&cursor=${cursor}`)).status, 200);
    assert.equal((await server.api(`/api/v1/documents?limit=5&cursor=${cursor}&q=invoice`)).status, 400);
    assert.equal((await server.api(`/api/v1/documents?limit=5&cursor=${cursor}&filter=review`)).status, 400);
    assert.equal((await server.api(`/api/v1/documents?limit=5&cursor=${cursor}`, { key: server.otherKey })).status, 400);
  });

  test('filter=review and filter=duplicates list only matching documents', async () => {
    // Mark documents as the engine and duplicate detection would, straight in the store. (The notes
    // are no documents, so the engine listed them all for review.)
    await server.services.store.db.updateTable('documents').set({ needs_review: 0 }).execute();
    await server.services.store.db.updateTable('documents').set({ needs_review: 1 }).where('id', 'in', [created[3]!, created[7]!]).execute();
    await server.services.store.db.updateTable('documents').set({ has_duplicates: 1 }).where('id', '=', created[4]!).execute();
    assert.deepEqual((await pageThrough('&filter=review', 1)).ids, [created[7], created[3]]);
    assert.deepEqual((await pageThrough('&filter=duplicates', 10)).ids, [created[4]]);
    assert.deepEqual((await pageThrough('&filter=review&q=invoice_3', 10)).ids, [created[3]]);
    assert.equal((await pageThrough('&filter=all', 100)).ids.length, 23);
  });

  test('the other business sees only its own document', async () => {
    const res = await server.api('/api/v1/documents', { key: server.otherKey });
    assert.equal(res.body.data.count, 1);
    assert.equal(res.body.data.items[0].filename, 'invoice_other.pdf');
  });
});
