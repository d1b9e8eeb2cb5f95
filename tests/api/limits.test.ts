// Rate limits per key (429 with Retry-After) and monthly document quotas per business (402), on a
// hand-moved clock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { manualClock } from '../helpers/manual-clock.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

describe('rate limits and quotas', () => {
  let server: TestServer;
  // 10:00:45 UTC: 15 s are left of the minute.
  const clock = manualClock(Date.parse('2026-03-31T10:00:45Z'));
  let pdf: Buffer;
  before(async () => {
    pdf = await textPdf([['Invoice 1', 'Total 12.50 EUR']]);
    server = await startTestServer({}, { LEDGERLENS_RATE_LIMIT_PER_MINUTE: '5', LEDGERLENS_MONTHLY_DOCUMENT_QUOTA: '3' }, { clock });
  });
  after(() => server.close());

  const documentCount = async (key: string) => Number((await server.api('/api/v1/usage', { key })).body.data.documents);

  test('the sixth upload of a minute is refused with rate_limited and Retry-After; reads, other keys and the next minute are not', async () => {
    // Bodies that fail validation still count: the limit is on requests, before any work.
    const upload = (key = server.key) => server.api('/api/v1/documents', { method: 'POST', key, json: { content: '' } });
    for (let i = 0; i < 5; i++) assert.equal((await upload()).status, 400);
    const refused = await upload();
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
    assert.equal(refused.headers.get('retry-after'), '15');
    assert.equal((await server.api('/api/v1/documents')).status, 200, 'reads are never limited');
    assert.equal((await upload(server.otherKey)).status, 400, 'limits are per key');
    clock.advance(15_000);
    assert.equal((await upload()).status, 400);
  });

  test('uploads past the monthly quota get 402 quota_exceeded and store nothing; queued jobs count; a new month starts afresh', async () => {
    clock.advance(60_000);
    const upload = () => server.api('/api/v1/documents', { method: 'POST', key: server.otherKey, body: formData([{ field: 'file', name: 'a.pdf', bytes: pdf }]) });
    assert.equal((await upload()).status, 200);
    const batch = await server.api('/api/v1/documents/batch', { method: 'POST', key: server.otherKey, body: formData([{ field: 'files', name: 'b.pdf', bytes: pdf }, { field: 'files', name: 'c.pdf', bytes: pdf }, { field: 'files', name: 'd.pdf', bytes: pdf }]) });
    assert.equal(batch.status, 402, 'three more would make four');
    assert.equal(batch.body.error.code, 'quota_exceeded');
    const two = await server.api('/api/v1/documents/batch', { method: 'POST', key: server.otherKey, body: formData([{ field: 'files', name: 'b.pdf', bytes: pdf }, { field: 'files', name: 'c.pdf', bytes: pdf }]) });
    assert.equal(two.status, 202);
    const batchBusiness = (await server.services.keys.authenticate(server.otherKey))!.businessId;
    const refused = await upload();
    assert.equal(refused.status, 402, 'the two queued jobs already count');
    assert.equal(refused.body.error.code, 'quota_exceeded');
    // Waited for in the store: polling the API would spend the key's requests.
    const pending = () => server.services.store.jobs.countPending(batchBusiness);
    for (let i = 0; (await pending()) > 0; i++) {
      assert.ok(i < 400, 'the batch did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(await documentCount(server.otherKey), 3);

    clock.advance(24 * 3600 * 1000); // 1 April
    assert.equal((await upload()).status, 200);
    assert.equal(await documentCount(server.otherKey), 4);
  });
});
