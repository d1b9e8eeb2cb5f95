// Scale-out on PostgreSQL: 2 API processes (serve --no-workers) and 3 workers share one database;
// 300 batch documents go in through both APIs, one worker is killed with SIGKILL half way. Every job
// must end exactly once, every document get exactly one event at a local receiver, usage count 300.
// Runs only when the suite runs on PostgreSQL (npm test does that when a server answers).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { verifyCallback } from '../../src/index.js';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess, startWorkerProcess } from '../helpers/process.js';
import { startReceiver } from '../helpers/receiver.js';
import { postgresSchemaForTest } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

const DOCUMENTS = 300;

test('2 API processes and 3 workers on one PostgreSQL: nothing lost, nothing done twice', { skip: !process.env.LEDGERLENS_TEST_DATABASE_URL && 'runs with the PostgreSQL suite (LEDGERLENS_TEST_DATABASE_URL)', timeout: 600_000 }, async () => {
  const schema = (await postgresSchemaForTest())!;
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-scale-'));
  const env = {
    DATABASE_URL: schema.url,
    LEDGERLENS_DATA_DIR: dataDir, // the secret key file all processes share
    LEDGERLENS_EXTRACTION_THREADS: '1',
    LEDGERLENS_JOB_CONCURRENCY: '2',
    LEDGERLENS_JOB_LEASE_SECONDS: '2',
    LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1',
    LEDGERLENS_CALLBACK_TIMEOUT_MS: '1000',
  };
  const receiver = await startReceiver();
  const key = (await runCli(['keys', 'create', '--business', 'Scale'], env)).stdout.trim().split('\n').at(-1)!;
  const apis = [await startServeProcess(env, ['--no-workers']), await startServeProcess(env, ['--no-workers'])];
  const workers = [await startWorkerProcess(env), await startWorkerProcess(env), await startWorkerProcess(env)];
  const db = new pg.Client({ connectionString: schema.url });
  await db.connect();
  try {
    const call = (i: number, path: string, body?: unknown) =>
      fetch(apis[i % 2]!.baseUrl + path, {
        method: body ? (path.endsWith('callback') ? 'PUT' : 'POST') : 'GET',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    const secret = (await call(0, '/api/v1/callback', { url: receiver.url, enabled: true })).body.data.signing_secret as string;

    const jobIds: string[] = [];
    for (let batch = 0; batch < DOCUMENTS / 100; batch++) {
      const pages = await Promise.all(Array.from({ length: 100 }, async (_, i) => ({
        content: (await textPdf([[`Lasku ${batch}-${i}`, 'Yhteensä 12,50 EUR']])).toString('base64'),
        filename: `doc-${batch}-${i}.pdf`,
      })));
      const res = await call(batch, '/api/v1/documents/batch', { pages });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      jobIds.push(...res.body.data.job_ids);
    }

    const count = async (query: string) => Number((await db.query(query)).rows[0].n);
    while ((await count("select count(*) as n from jobs where status = 'succeeded'")) < DOCUMENTS / 2) await new Promise((r) => setTimeout(r, 100));
    await workers[0]!.stop('SIGKILL');

    const drained = async () => (await count("select count(*) as n from jobs where status in ('queued', 'processing')")) === 0 && (await count("select count(*) as n from deliveries where status <> 'delivered'")) === 0 && (await count('select count(*) as n from deliveries')) >= DOCUMENTS;
    await until(drained, () => 'the queue did not drain', 250);

    const jobs = (await db.query('select status, document_id from jobs')).rows;
    assert.equal(jobs.length, DOCUMENTS);
    assert.deepEqual([...new Set(jobs.map((j) => j.status))], ['succeeded']);
    const documents = (await db.query('select id from documents')).rows.map((r) => r.id as string);
    assert.deepEqual(new Set(documents), new Set(jobs.map((j) => j.document_id)));
    assert.equal(await count('select count(*) as n from usage_ledger'), DOCUMENTS);
    assert.equal((await call(1, '/api/v1/usage')).body.data.documents, DOCUMENTS);

    // At least once: a worker killed mid-send may have sent an event twice, but never two events for one document.
    const events = receiver.requests.map((r) => verifyCallback(secret, r.headers, r.body));
    const eventByDocument = new Map<string, Set<string>>();
    for (const event of events) eventByDocument.set(event.data.id, (eventByDocument.get(event.data.id) ?? new Set()).add(event.id));
    assert.equal(eventByDocument.size, DOCUMENTS);
    assert.ok([...eventByDocument.values()].every((ids) => ids.size === 1));
    assert.equal(await count("select count(*) as n from deliveries where status = 'delivered'"), DOCUMENTS);
  } finally {
    await db.end();
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await receiver.close();
    await schema.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
