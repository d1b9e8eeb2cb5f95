// One business's batch does not starve the others, over real HTTP with one extraction thread: batch
// jobs of two businesses take turns; a synchronous upload and a dashboard page image go before batch
// tasks queued earlier and never wait for one to end; a synchronous upload handed to the workers is
// claimed before queued batch jobs. Ordering is read from what the service records (which jobs had
// ended when an answer came), never from how long anything took.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signIn } from '../helpers/dashboard-client.js';
import { textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';
import { slowTextPage } from '../helpers/slow-page.js';
import { until } from '../helpers/wait.js';

/** A page whose first-page picture takes a second or more to draw: a document that keeps a thread busy. */
const SLOW_STROKES = 30_000;

async function submitBatch(server: TestServer, key: string, pages: { content: string; filename: string }[]): Promise<string[]> {
  const res = await server.api('/api/v1/documents/batch', { method: 'POST', key, json: { pages } });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return res.body.data.job_ids;
}

async function slowBatch(server: TestServer, documents: number): Promise<string[]> {
  const content = slowTextPage(SLOW_STROKES).toString('base64');
  return submitBatch(server, server.key, Array.from({ length: documents }, (_, i) => ({ content, filename: `slow-${i}.pdf` })));
}

async function jobStatuses(server: TestServer, ids: string[]): Promise<string[]> {
  const rows = await server.services.store.db.selectFrom('jobs').select(['id', 'status']).where('id', 'in', ids).execute();
  return ids.map((id) => rows.find((row) => row.id === id)!.status);
}

const ended = (statuses: string[]) => statuses.filter((status) => status === 'succeeded' || status === 'failed').length;

async function upload(server: TestServer, key: string, name: string): Promise<string> {
  const res = await server.api('/api/v1/documents', { method: 'POST', key, body: formData([{ field: 'file', name, bytes: await textPdf([['Invoice 7', `Total ${name.length}.50 EUR`]]) }]) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.id;
}

/** Uploads from two clients at once, so the pool's threads have all read a document before the test counts on them. */
async function warmThreads(server: TestServer): Promise<string> {
  const [id] = await Promise.all([upload(server, server.otherKey, 'warm-1.pdf'), upload(server, server.otherKey, 'warm-2.pdf')]);
  return id!;
}

/** Waits until `seen` holds for the jobs' statuses. */
async function statusesUntil(server: TestServer, ids: string[], seen: (statuses: string[]) => boolean): Promise<void> {
  let statuses: string[] = [];
  await until(async () => seen((statuses = await jobStatuses(server, ids))), () => `jobs: ${statuses.join(' ')}`);
}

/**
 * Runs `request` while the batch's jobs wait, and checks that it was answered before any of the
 * jobs waiting when it came: only the one running then may have ended meanwhile. First come first
 * served, it would have waited for all of them.
 */
async function assertGoesFirst(server: TestServer, batch: string[], request: () => Promise<unknown>): Promise<void> {
  const before = ended(await jobStatuses(server, batch));
  assert.ok(batch.length - before >= 3, `enough of the batch still to do when the request came: ${await jobStatuses(server, batch)}`);
  await request();
  const after = await jobStatuses(server, batch);
  assert.ok(ended(after) <= before + 1, `batch jobs ended before the request was answered: ${ended(after) - before} (${after.join(' ')})`);
}

describe('fair turns between businesses, requests and batch jobs', () => {
  test("batch jobs of two businesses take turns, each business's in order", async () => {
    // Workers start once both batches are queued, so the claims' order is the whole story.
    const server = await startTestServer({ runWorkers: false }, { LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_JOB_CONCURRENCY: '1' });
    try {
      const pdf = (await textPdf([['Invoice 1', 'Total 12.50 EUR']])).toString('base64');
      const pages = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ content: pdf, filename: `${prefix}${i + 1}.pdf` }));
      const first = await submitBatch(server, server.key, pages('A', 5));
      const second = await submitBatch(server, server.otherKey, pages('B', 3));
      server.services.jobs.start();
      await statusesUntil(server, [...first, ...second], (statuses) => ended(statuses) === 8);
      // One job at a time: the order they ended in is the order they were claimed.
      const done = await server.services.store.db.selectFrom('jobs').select('filename').orderBy('updated_at').orderBy('id').execute();
      assert.deepEqual(done.map((job) => job.filename.replace('.pdf', '')), ['A1', 'B1', 'A2', 'B2', 'A3', 'B3', 'A4', 'A5']);
    } finally {
      await server.close();
    }
  });

  test('a synchronous upload and a page image go before the batch tasks queued for the one thread earlier', async () => {
    // Four batch jobs reach the pool at once: one runs, three wait for the thread.
    const server = await startTestServer({}, { LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_JOB_CONCURRENCY: '4' });
    try {
      const stored = await warmThreads(server);
      await server.services.owners.create('viewer@example.com', 'a long enough password');
      const viewer = await signIn(server.baseUrl, 'viewer@example.com', 'a long enough password');
      viewer.business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business B')!.id;

      const batch = await slowBatch(server, 4);
      await statusesUntil(server, batch, (statuses) => !statuses.includes('queued'));
      await assertGoesFirst(server, batch, () => upload(server, server.otherKey, 'urgent.pdf'));

      const more = await slowBatch(server, 4);
      await statusesUntil(server, more, (statuses) => !statuses.includes('queued'));
      await assertGoesFirst(server, more, async () => assert.equal((await viewer.call('GET', `/business/documents/${stored}/pages/1`)).status, 200));
    } finally {
      await server.close();
    }
  });

  test('a synchronous upload handed to the workers is claimed before queued batch jobs and does not wait for one to end', async () => {
    const server = await startTestServer({}, { LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_JOB_CONCURRENCY: '1', LEDGERLENS_SYNC_EXTRACTION: 'worker' });
    try {
      await warmThreads(server);
      const batch = await slowBatch(server, 3);
      await statusesUntil(server, batch, (statuses) => statuses.includes('processing'));
      await assertGoesFirst(server, batch, () => upload(server, server.otherKey, 'urgent.pdf'));
    } finally {
      await server.close();
    }
  });
});
