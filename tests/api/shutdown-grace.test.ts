// SIGTERM gives work under way a grace period (LEDGERLENS_SHUTDOWN_GRACE_MS), then stops what is
// left and exits: a synchronous upload still being read, or still waiting for a worker, is answered
// 503 (the client sends it again), a batch job still being read goes back to the queue for the next
// process, and the OCR processes end with the service. Real `serve`, real HTTP, a document that
// reads for minutes.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import SQLite from 'better-sqlite3';
import { probeNativeTesseract } from '../../src/pipeline/ocr/native-tesseract.js';
import { pngImage } from '../helpers/fixtures.js';
import { runCli, startServeProcess, type ServeProcess } from '../helpers/process.js';
import { CAN_SAMPLE_PROCESSES, isRunning, killDescendants, sampleProcessTree } from '../helpers/process-tree.js';
import { formData, type ApiResponse } from '../helpers/server.js';
import { denseTextScan } from '../helpers/slow-page.js';
import { until } from '../helpers/wait.js';

const GRACE_MS = 3000;
/** Beyond the grace: stopping the threads and children, closing the store, on a loaded machine. */
const EXIT_MARGIN_MS = 30_000;
/** Without native Tesseract (no OCR process to see), CPU seconds spent on the scan show it is being read. */
const READING_CPU_SECONDS = 3;
const nativeOcr = (await probeNativeTesseract()) !== null;

interface Stopped {
  code: number | null;
  afterMs: number;
  /** Processes the service ran between the signal and its exit. */
  children: number[];
}

/** A `serve` (with `args` and `extraEnv`) and an API key, for `run`; everything it left ended after. */
async function withServe(run: (serve: ServeProcess, key: string, dataDir: string) => Promise<void>, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-grace-'));
  const env = {
    ...extraEnv,
    LEDGERLENS_DATA_DIR: dataDir,
    LEDGERLENS_EXTRACTION_THREADS: '1',
    LEDGERLENS_JOB_CONCURRENCY: '1',
    // Nothing ends the scan but the stop: its limit and the job's lease are far away.
    LEDGERLENS_EXTRACTION_TIMEOUT_MS: '600000',
    LEDGERLENS_JOB_LEASE_SECONDS: '600',
    LEDGERLENS_SHUTDOWN_GRACE_MS: String(GRACE_MS),
  };
  try {
    const key = (await runCli(['keys', 'create', '--business', 'Grace'], env)).stdout.trim().split('\n').at(-1)!;
    const serve = await startServeProcess(env, args);
    try {
      await run(serve, key, dataDir);
    } finally {
      if (serve.child.exitCode === null) killDescendants(serve.child.pid!);
      await serve.stop('SIGKILL');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A synchronous upload; resolves with its answer, or status 0 when the connection broke instead. */
function upload(serve: ServeProcess, key: string, name: string, bytes: Buffer): Promise<Pick<ApiResponse, 'status' | 'body'>> {
  return fetch(`${serve.baseUrl}/api/v1/documents`, { method: 'POST', headers: { 'x-api-key': key }, body: formData([{ field: 'file', name, bytes }]) }).then(
    async (res) => ({ status: res.status, body: await res.json() }),
    (error: unknown) => ({ status: 0, body: String(error) }),
  );
}

function queuedJob(dataDir: string, jobId: string): unknown {
  const db = new SQLite(join(dataDir, 'ledgerlens.db'), { readonly: true });
  try {
    return db.prepare('select status, lease_owner, attempts from jobs where id = ?').get(jobId);
  } finally {
    db.close();
  }
}

/** Resolves once the scan is being read: its OCR process runs, or the service has spent CPU on it. */
async function reading(serve: ServeProcess, cpuBefore: number): Promise<void> {
  const pid = serve.child.pid!;
  await until(() => {
    const tree = sampleProcessTree(pid);
    return nativeOcr ? tree.descendants.length > 0 : tree.cpuSeconds - cpuBefore >= READING_CPU_SECONDS;
  }, () => 'the scan was not being read');
}

/** SIGTERM, then the exit, waited for up to the grace and the margin (SIGKILL past that). */
async function terminate(serve: ServeProcess): Promise<Stopped> {
  const pid = serve.child.pid!;
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => serve.child.once('exit', (code) => resolve(code)));
  serve.child.kill('SIGTERM');
  // Every process the service starts until it exits: an OCR page may begin during the grace.
  const children = new Set<number>();
  const watch = setInterval(() => {
    try {
      for (const child of sampleProcessTree(pid).descendants) children.add(child.pid);
    } catch {
      // exited between two looks
    }
  }, 50);
  const limit = setTimeout(() => {
    killDescendants(pid);
    serve.child.kill('SIGKILL');
  }, GRACE_MS + EXIT_MARGIN_MS);
  const code = await exited;
  clearInterval(watch);
  clearTimeout(limit);
  return { code, afterMs: Date.now() - started, children: [...children] };
}

function assertStoppedInTime(t: TestContext, stopped: Stopped, output: string): void {
  t.diagnostic(`exited ${stopped.afterMs} ms after SIGTERM (grace ${GRACE_MS} ms), code ${stopped.code}; processes it ran meanwhile: ${stopped.children.length}`);
  const survivors = stopped.children.filter(isRunning);
  for (const pid of survivors) process.kill(pid, 'SIGKILL');
  assert.ok(stopped.afterMs < GRACE_MS + EXIT_MARGIN_MS, `still running ${stopped.afterMs} ms after SIGTERM (grace ${GRACE_MS} ms)`);
  assert.equal(stopped.code, 0, output);
  assert.deepEqual(survivors, [], 'processes started for the scan outlived the service');
}

test('SIGTERM during a synchronous upload read past the grace period: answered 503, its OCR ended, exit 0 soon after the grace', { skip: !CAN_SAMPLE_PROCESSES && 'reads /proc' }, async (t) => {
  await withServe(async (serve, key) => {
    const cpuBefore = sampleProcessTree(serve.child.pid!).cpuSeconds;
    const answer = upload(serve, key, 'dense.png', await denseTextScan());
    await reading(serve, cpuBefore);
    const stopped = await terminate(serve);
    const res = await answer;
    assert.equal(res.status, 503, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'service_unavailable');
    assertStoppedInTime(t, stopped, serve.output());
  });
});

test('SIGTERM during a batch job read past the grace period: the job is back in the queue, its OCR ended, exit 0 soon after the grace', { skip: !CAN_SAMPLE_PROCESSES && 'reads /proc' }, async (t) => {
  await withServe(async (serve, key, dataDir) => {
    const cpuBefore = sampleProcessTree(serve.child.pid!).cpuSeconds;
    const submitted = await fetch(`${serve.baseUrl}/api/v1/documents/batch`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ pages: [{ content: (await denseTextScan()).toString('base64'), filename: 'dense.png' }] }),
    });
    assert.equal(submitted.status, 202);
    const jobId = ((await submitted.json()) as any).data.job_ids[0] as string;
    await reading(serve, cpuBefore);
    const stopped = await terminate(serve);
    assertStoppedInTime(t, stopped, serve.output());
    assert.deepEqual(queuedJob(dataDir, jobId), { status: 'queued', lease_owner: null, attempts: 0 });
  });
});

test('SIGTERM while a synchronous upload waits for a worker that never comes: answered 503 at the end of the grace period, its job still queued, exit 0', async (t) => {
  await withServe(
    async (serve, key, dataDir) => {
      const answer = upload(serve, key, 'small.png', await pngImage());
      // The upload is waiting once its job is stored.
      const db = new SQLite(join(dataDir, 'ledgerlens.db'), { readonly: true });
      const jobId = await until<string>(() => (db.prepare('select id from jobs').get() as { id: string } | undefined)?.id, () => 'the upload queued no job').finally(() => db.close());
      const stopped = await terminate(serve);
      const res = await answer;
      assert.equal(res.status, 503, JSON.stringify(res.body));
      assert.match(res.body.error.message, new RegExp(`still queued as job ${jobId}`));
      assertStoppedInTime(t, stopped, serve.output());
      assert.deepEqual(queuedJob(dataDir, jobId), { status: 'queued', lease_owner: null, attempts: 0 });
    },
    ['--no-workers'],
    { LEDGERLENS_SYNC_EXTRACTION: 'worker' },
  );
});
