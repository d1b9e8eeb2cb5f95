// On PostgreSQL, an API process and a separate worker: a stored document's callback and a queued
// batch job start within moments, woken by NOTIFY, although the worker polls only every two minutes;
// and when the worker's LISTEN connection is killed it reconnects and the wake-ups go on (PostgreSQL
// suite only). On the embedded store a worker beside `serve --no-workers` has no notices: its poll,
// at LEDGERLENS_POLL_MS, finds the work.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess, startWorkerProcess } from '../helpers/process.js';
import { startReceiver } from '../helpers/receiver.js';
import { postgresSchemaForTest } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

/** Longer than the whole test: only a wake-up can explain a fast start. */
const POLL_MS = 120_000;
const PROMPT_MS = 2_000;

test('a separate worker starts deliveries and jobs within 2 s of their being stored, and again after its LISTEN connection is killed', { skip: !process.env.LEDGERLENS_TEST_DATABASE_URL && 'runs with the PostgreSQL suite (LEDGERLENS_TEST_DATABASE_URL)', timeout: 120_000 }, async () => {
  const schema = (await postgresSchemaForTest())!;
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-wake-'));
  const env = {
    DATABASE_URL: schema.url,
    LEDGERLENS_DATA_DIR: dataDir,
    LEDGERLENS_EXTRACTION_THREADS: '1',
    LEDGERLENS_JOB_CONCURRENCY: '1',
    LEDGERLENS_POLL_MS: String(POLL_MS),
    LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1',
  };
  const receiver = await startReceiver();
  const key = (await runCli(['keys', 'create', '--business', 'Wake'], env)).stdout.trim().split('\n').at(-1)!;
  const api = await startServeProcess(env, ['--no-workers']);
  const worker = await startWorkerProcess(env);
  const db = new pg.Client({ connectionString: schema.url });
  await db.connect();
  const schemaName = (await db.query('select current_schema() as s')).rows[0].s as string;
  const listener = `ledgerlens wake-ups ${schemaName}`;
  const listenerPids = async () => (await db.query('select pid from pg_stat_activity where application_name = $1', [listener])).rows.map((r) => r.pid as number);
  const call = (path: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(api.baseUrl + path, {
      method: init.method ?? 'GET',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(init.json ? { body: JSON.stringify(init.json) } : {}),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
  const pdf = (label: string) => textPdf([[`Arve nr: ${label}`, 'Kokku: 12,50 EUR']]).then((b) => b.toString('base64'));

  /** Stores a document through the API, then times its first callback attempt at the receiver. */
  const callbackDelay = async (label: string) => {
    const before = receiver.requests.length;
    const res = await call('/api/v1/documents', { method: 'POST', json: { content: await pdf(label), filename: `${label}.pdf` } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const stored = Date.now();
    await receiver.waitFor(before + 1);
    return Date.now() - stored;
  };
  /** Queues a batch job, then times until a worker has claimed it. */
  const jobDelay = async (label: string) => {
    const res = await call('/api/v1/documents/batch', { method: 'POST', json: { pages: [{ content: await pdf(label), filename: `${label}.pdf` }] } });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const queued = Date.now();
    const jobId = res.body.data.job_ids[0] as string;
    await until(async () => (await db.query('select attempts from jobs where id = $1', [jobId])).rows[0].attempts > 0, () => 'the job was not started', 25);
    return Date.now() - queued;
  };

  /**
   * Until the worker holds no job and has delivered every callback: with one job at a time, a job
   * queued while the last one is still being read waits for it, which says nothing of the wake-ups.
   */
  const idle = async (callbacks: number) => {
    await until(async () => (await db.query("select count(*)::int as n from jobs where status in ('queued', 'processing')")).rows[0].n === 0, () => 'a job did not finish', 25);
    await receiver.waitFor(callbacks);
  };

  try {
    assert.equal((await call('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true } })).status, 200);
    await until(async () => (await listenerPids()).length === 1, () => 'the worker does not listen', 25);
    assert.equal((await listenerPids()).length, 1, 'the API process (no workers) does not listen');
    // A first job loads the engine into the worker's extraction thread (seconds on a busy machine);
    // what is timed below is the wake-ups of a worker that is ready.
    await jobDelay('WARM-UP');
    await idle(1);

    const first = { callback: await callbackDelay('WAKE-1'), job: await jobDelay('WAKE-2') };
    assert.ok(first.callback < PROMPT_MS && first.job < PROMPT_MS, JSON.stringify(first));

    await idle(3);
    // The listener is cut off; the worker reconnects on its own and is woken again.
    const [killed] = await listenerPids();
    await db.query('select pg_terminate_backend($1)', [killed]);
    await until(async () => (await listenerPids()).some((pid) => pid !== killed), () => 'the worker did not listen again', 25);
    const again = { callback: await callbackDelay('WAKE-3'), job: await jobDelay('WAKE-4') };
    assert.ok(again.callback < PROMPT_MS && again.job < PROMPT_MS, JSON.stringify(again));
    console.log(`first callback attempt / job start after storing, ms: ${JSON.stringify({ first, again })}`);
    assert.match(worker.output(), /polling until it is back/, 'the lost listener is logged');
  } finally {
    await db.end();
    await Promise.all([api.stop(), worker.stop()]);
    await receiver.close();
    await schema.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('on the embedded store a separate worker finds jobs and events by its poll', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-poll-'));
  const env = { DATABASE_URL: '', LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_POLL_MS: '300', LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' };
  const receiver = await startReceiver();
  const key = (await runCli(['keys', 'create', '--business', 'Poll'], env)).stdout.trim().split('\n').at(-1)!;
  const api = await startServeProcess(env, ['--no-workers']);
  const worker = await startWorkerProcess(env);
  try {
    const call = (path: string, method: string, json: unknown) =>
      fetch(api.baseUrl + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(json) }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    assert.equal((await call('/api/v1/callback', 'PUT', { url: receiver.url, enabled: true })).status, 200);
    const content = (await textPdf([['Arve nr: POLL-1', 'Kokku: 12,50 EUR']])).toString('base64');
    const batch = await call('/api/v1/documents/batch', 'POST', { pages: [{ content, filename: 'poll.pdf' }] });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const queued = Date.now();
    // The job runs in the worker, and its document's event is sent from there too.
    await receiver.waitFor(1);
    console.log(`embedded store, worker polling every 300 ms: job queued to its callback, ms: ${Date.now() - queued}`);
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
