// GET/PUT /callback: configuration, the secret shown only when issued, URL rules, cancellation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('callback configuration', () => {
  let server: TestServer;
  const put = (json: unknown, key?: string) => server.api('/api/v1/callback', { method: 'PUT', json, ...(key ? { key } : {}) });

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('an unconfigured business has an empty callback', async () => {
    const res = await server.api('/api/v1/callback');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { url: '', enabled: false, events: ['document.processed'], updated_at: null, deliveries: [] });
  });

  test('the signing secret is shown on first setup and on rotation only', async () => {
    const first = await put({ url: 'https://hooks.example.com/ledger', enabled: true });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.match(first.body.data.signing_secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal(first.body.data.url, 'https://hooks.example.com/ledger');
    assert.equal(first.body.data.enabled, true);
    assert.ok(first.body.data.updated_at);

    const read = await server.api('/api/v1/callback');
    assert.ok(!('signing_secret' in read.body.data));
    assert.equal(read.body.data.url, 'https://hooks.example.com/ledger');

    const changed = await put({ url: 'https://hooks.example.com/v2', enabled: false });
    assert.ok(!('signing_secret' in changed.body.data));
    assert.equal(changed.body.data.enabled, false);

    const rotated = await put({ url: 'https://hooks.example.com/v2', enabled: true, rotate_secret: true });
    assert.match(rotated.body.data.signing_secret, /^whsec_/);
    assert.notEqual(rotated.body.data.signing_secret, first.body.data.signing_secret);

    // Stored encrypted: the database alone does not reveal it.
    const row = await server.services.store.callbacks.find(await businessId(server, server.key));
    assert.ok(row && !row.secret_ciphertext.includes(rotated.body.data.signing_secret));
  });

  test('the other business has its own callback', async () => {
    const other = await server.api('/api/v1/callback', { key: server.otherKey });
    assert.equal(other.body.data.url, '');
  });

  test('changing the configuration cancels pending deliveries and keeps finished ones', async () => {
    const business = await businessId(server, server.key);
    const now = new Date().toISOString();
    const base = { business_id: business, event_id: 'evt_x', payload: '{}', attempts: 1, last_http_status: null, last_error: null, next_attempt_at: now, created_at: now, delivered_at: null };
    await server.services.store.db
      .insertInto('deliveries')
      .values([
        { ...base, id: 'dlv_queued', document_id: 'doc_1', status: 'queued' },
        { ...base, id: 'dlv_sending', document_id: 'doc_2', status: 'sending' },
        { ...base, id: 'dlv_done', document_id: 'doc_3', status: 'delivered', delivered_at: now },
      ])
      .execute();
    const before = await server.api('/api/v1/callback');
    assert.equal(before.body.data.deliveries.length, 3);

    const res = await put({ url: 'https://hooks.example.com/v3', enabled: true });
    const statuses = Object.fromEntries(res.body.data.deliveries.map((d: { id: string; status: string }) => [d.id, d.status]));
    assert.deepEqual(statuses, { dlv_queued: 'cancelled', dlv_sending: 'cancelled', dlv_done: 'delivered' });
    const delivery = res.body.data.deliveries[0];
    assert.deepEqual(Object.keys(delivery).sort(), ['attempts', 'created_at', 'delivered_at', 'document_id', 'id', 'last_error', 'last_http_status', 'status']);
  });

  test('URLs must be public https', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://192.168.0.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://user:pass@hooks.example.com/x',
      'ftp://hooks.example.com/x',
      'not a url',
      `https://hooks.example.com/${'x'.repeat(2040)}`,
    ]) {
      const res = await put({ url, enabled: true });
      assert.equal(res.status, 400, url);
      assert.equal(res.body.error.code, 'invalid_request', url);
    }
  });

  test('the body is checked strictly', async () => {
    for (const body of [{ enabled: true }, { url: 'https://hooks.example.com' }, { url: 'https://hooks.example.com', enabled: 'yes' }, { url: 'https://hooks.example.com', enabled: true, extra: 1 }]) {
      const res = await put(body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
  });

  test('an empty URL with enabled=false clears the callback', async () => {
    const res = await put({ url: '', enabled: false });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.url, '');
    assert.equal(res.body.data.enabled, false);
    assert.equal((await put({ url: '', enabled: true })).status, 400);
  });
});

describe('callback configuration with LEDGERLENS_CALLBACK_ALLOW_PRIVATE=1', () => {
  test('plain http and loopback are admitted for local development', async () => {
    const server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' });
    try {
      const res = await server.api('/api/v1/callback', { method: 'PUT', json: { url: 'http://127.0.0.1:9999/hook', enabled: true } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.url, 'http://127.0.0.1:9999/hook');
    } finally {
      await server.close();
    }
  });
});

async function businessId(server: TestServer, key: string): Promise<string> {
  const found = await server.services.keys.authenticate(key);
  assert.ok(found);
  return found.businessId;
}
