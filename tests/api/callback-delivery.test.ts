// document.processed callbacks end to end: real uploads, a real local receiver, the delivery worker
// on a hand-moved clock so the whole retry schedule can be walked in seconds.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { verifyCallback } from '../../src/index.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../../src/delivery/retry-schedule.js';
import { textPdf } from '../helpers/fixtures.js';
import { manualClock } from '../helpers/manual-clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { formData, startTestServer, waitForJob, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

describe('callback deliveries', () => {
  let server: TestServer;
  let receiver: Receiver;
  let pdf: Buffer;
  let secret: string;
  const clock = manualClock();

  const upload = async () => {
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'arve.pdf', bytes: pdf }]) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const deliveries = async () => (await server.api('/api/v1/callback')).body.data.deliveries;
  /** The delivery of one document as GET /callback shows it. */
  const deliveryOf = async (documentId: string) => (await deliveries()).find((d: { document_id: string }) => d.document_id === documentId);
  const row = (documentId: string) => server.services.store.db.selectFrom('deliveries').selectAll().where('document_id', '=', documentId).executeTakeFirstOrThrow();
  /** Nothing more arrives within a few polls of the worker. */
  const quiet = async (count: number) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(receiver.requests.length, count);
  };

  before(async () => {
    pdf = await textPdf([['Arve nr: 2024-17', 'Kuupäev: 05.01.2024', 'Kokku: 122,00 EUR']]);
    server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1', LEDGERLENS_CALLBACK_TIMEOUT_MS: '700' }, { clock });
  });
  after(() => server.close());
  beforeEach(async () => {
    receiver = await startReceiver();
    const res = await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true, rotate_secret: true } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    secret = res.body.data.signing_secret;
  });
  afterEach(() => receiver.close());

  test('one signed event per new document, the body being the public document as stored', async () => {
    const doc = await upload();
    await receiver.waitFor(1);
    await quiet(1);
    const { headers, body } = receiver.requests[0]!;
    const event = verifyCallback(secret, headers, body, { nowSeconds: clock.seconds() });
    assert.deepEqual(Object.keys(event).sort(), ['business_id', 'created_at', 'data', 'id', 'source', 'type']);
    assert.equal(event.type, 'document.processed');
    assert.match(event.id, /^evt_/);
    assert.deepEqual(event.source, { channel: 'api' });
    assert.deepEqual(event.data, (await server.api(`/api/v1/documents/${doc.id}`)).body.data);
    assert.equal(headers['x-service-timestamp'], String(clock.seconds()));
    assert.equal(headers['x-service-event-id'], event.id);
    assert.match(String(headers['user-agent']), /^ledgerlens\/\d+\.\d+\.\d+ /);
    assert.equal(headers['content-type'], 'application/json');

    const delivery = await deliveryOf(doc.id);
    assert.deepEqual(
      [delivery.document_id, delivery.status, delivery.attempts, delivery.last_http_status, delivery.last_error, delivery.delivered_at],
      [doc.id, 'delivered', 1, 200, null, clock.now().toISOString()],
    );
  });

  test('the event of a second copy carries the duplicates known when it completed', async () => {
    const first = await upload();
    await receiver.waitFor(1);
    const second = await upload();
    await receiver.waitFor(2);
    const event = verifyCallback(secret, receiver.requests[1]!.headers, receiver.requests[1]!.body, { nowSeconds: clock.seconds() });
    assert.equal(event.data.id, second.id);
    assert.ok(event.data.duplicates?.some((d) => d.id === first.id && d.reasons.includes('file')), JSON.stringify(event.data.duplicates));
  });

  test('batch documents each produce one event; another business gets none', async () => {
    const res = await server.api('/api/v1/documents/batch', {
      method: 'POST',
      body: formData([{ field: 'files', name: 'a.pdf', bytes: pdf }, { field: 'files', name: 'b.pdf', bytes: pdf }]),
    });
    assert.equal(res.status, 202);
    for (const id of res.body.data.job_ids) assert.equal((await waitForJob(server, id)).status, 'succeeded');
    await receiver.waitFor(2);
    await quiet(2);
    const ids = receiver.requests.map((r) => verifyCallback(secret, r.headers, r.body, { nowSeconds: clock.seconds() }).data.id).sort();
    assert.deepEqual(ids, [...res.body.data.document_ids].sort());
    const other = await server.api('/api/v1/documents', { method: 'POST', key: server.otherKey, body: formData([{ field: 'file', name: 'x.pdf', bytes: pdf }]) });
    assert.equal(other.status, 200);
    await quiet(2);
  });

  test('failures are retried on the spec schedule with the same event and a fresh signature, then fail', async () => {
    receiver.answer = (res) => res.writeHead(500).end('down');
    const doc = await upload();
    await receiver.waitFor(1);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await waitForRow(() => row(doc.id), (r) => r.status === 'queued' && r.attempts === attempt);
      const current = await row(doc.id);
      const delay = RETRY_DELAYS_SECONDS[attempt - 1]! * 1000;
      assert.equal(Date.parse(current.next_attempt_at!) - clock.now().getTime(), delay, `delay after attempt ${attempt}`);
      assert.deepEqual([current.last_http_status, current.last_error], [500, 'HTTP 500']);
      clock.advance(delay - 1000);
      await quiet(attempt);
      clock.advance(1000);
      await receiver.waitFor(attempt + 1);
    }
    await waitForRow(() => row(doc.id), (r) => r.status === 'failed');
    const delivery = await deliveryOf(doc.id);
    assert.deepEqual([delivery.status, delivery.attempts, delivery.last_http_status, delivery.delivered_at], ['failed', 8, 500, null]);
    clock.advance(24 * 3600 * 1000);
    await quiet(8);

    const events = receiver.requests.map((r) => verifyCallback(secret, r.headers, r.body, { nowSeconds: Number(r.headers['x-service-timestamp']) }));
    assert.equal(new Set(receiver.requests.map((r) => r.body)).size, 1, 'every attempt carries the same body');
    assert.equal(new Set(events.map((e) => e.id)).size, 1);
    assert.equal(new Set(receiver.requests.map((r) => r.headers['x-service-timestamp'])).size, 8, 'a fresh timestamp every attempt');
  });

  test('a timeout, a redirect and a refused connection are failed attempts with their reason', async () => {
    receiver.answer = () => undefined; // never answers
    const slow = await upload();
    await waitForRow(() => row(slow.id), (r) => r.status === 'queued' && r.attempts === 1);
    assert.deepEqual([(await row(slow.id)).last_http_status, (await row(slow.id)).last_error], [null, 'no answer within 0.7 s']);

    receiver.answer = (res) => res.writeHead(307, { Location: 'http://127.0.0.1:9/elsewhere' }).end();
    const moved = await upload();
    await waitForRow(() => row(moved.id), (r) => r.attempts === 1 && r.status === 'queued');
    assert.deepEqual([(await row(moved.id)).last_http_status, (await row(moved.id)).last_error], [307, 'redirect (HTTP 307) not followed']);

    await receiver.close();
    const refused = await upload();
    await waitForRow(() => row(refused.id), (r) => r.attempts === 1 && r.status === 'queued');
    assert.equal((await row(refused.id)).last_error, 'connection refused (ECONNREFUSED)');
    receiver = await startReceiver();
  });

  test('changing the configuration cancels pending deliveries; nothing is sent for them later', async () => {
    receiver.answer = (res) => res.writeHead(503).end();
    const doc = await upload();
    await waitForRow(() => row(doc.id), (r) => r.status === 'queued' && r.attempts === 1);
    const res = await server.api('/api/v1/callback', { method: 'PUT', json: { url: `${receiver.url}/v2`, enabled: true } });
    assert.equal(res.body.data.deliveries.find((d: { document_id: string }) => d.document_id === doc.id).status, 'cancelled');
    assert.equal((await row(doc.id)).next_attempt_at, null);
    receiver.answer = (r) => r.writeHead(200).end();
    clock.advance(3600 * 1000);
    await quiet(1);
  });

  test('enabling a callback does not replay older documents, and a disabled one queues nothing', async () => {
    await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: false } });
    const quietDoc = await upload();
    await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true } });
    await quiet(0);
    assert.equal(await deliveryOf(quietDoc.id), undefined);
  });

  test('an eighth attempt cut off by a dying worker ends the delivery instead of starting a ninth', async () => {
    const doc = await upload();
    await receiver.waitFor(1);
    const stale = new Date(clock.now().getTime() - 1000).toISOString();
    await server.services.store.db.updateTable('deliveries').set({ status: 'sending', attempts: MAX_ATTEMPTS, next_attempt_at: stale }).where('document_id', '=', doc.id).execute();
    const ended = await waitForRow(() => row(doc.id), (r) => r.status !== 'sending');
    assert.deepEqual([ended.status, ended.attempts, ended.last_error], ['failed', MAX_ATTEMPTS, 'the last attempt was cut off when its worker stopped']);
    await quiet(1);
  });

  test('a failed extraction stores nothing and sends nothing', async () => {
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'x.pdf', bytes: Buffer.from('%PDF-1.7\nbroken') }]) });
    assert.equal(res.status, 422);
    await quiet(0);
  });
});

async function waitForRow<T>(read: () => Promise<T>, done: (row: T) => boolean): Promise<T> {
  let row: T | undefined;
  return until(async () => {
    row = await read();
    return done(row) ? row : undefined;
  }, () => `row never reached the expected state: ${JSON.stringify(row)}`, 25);
}
