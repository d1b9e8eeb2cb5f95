// The batch queue survives the process ending in the middle of a batch, by crash (SIGKILL) or by a
// graceful stop (SIGTERM): after a restart on the same data every job ends exactly once and usage
// counts each document once.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess, type ServeProcess } from '../helpers/process.js';
import { until } from '../helpers/wait.js';

const BATCH = 24;
const PAGES = 8;

async function interruptedBatch(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-restart-'));
  const env = {
    LEDGERLENS_DATA_DIR: dataDir,
    LEDGERLENS_EXTRACTION_THREADS: '1',
    LEDGERLENS_JOB_CONCURRENCY: '1',
    LEDGERLENS_JOB_LEASE_SECONDS: '2',
  };
  try {
    const key = (await runCli(['keys', 'create', '--business', 'Restart'], env)).stdout.trim().split('\n').at(-1)!;
    const headers = { 'x-api-key': key };
    const get = async (serve: ServeProcess, path: string) => ((await (await fetch(serve.baseUrl + path, { headers })).json()) as any).data;
    const pages = Array.from({ length: PAGES }, (_, i) => Array.from({ length: 40 }, (_, j) => `Line ${i}.${j} Kuupäev 05.01.2024 Summa 12,50 €`));
    const pdf = (await textPdf(pages)).toString('base64');

    let serve = await startServeProcess(env);
    const submitted = await fetch(`${serve.baseUrl}/api/v1/documents/batch`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ pages: Array.from({ length: BATCH }, (_, i) => ({ content: pdf, filename: `doc-${i}.pdf` })) }),
    });
    assert.equal(submitted.status, 202);
    const batch = ((await submitted.json()) as any).data;

    // End the process as soon as some, but not all, jobs are done.
    for (;;) {
      const statuses = await Promise.all(batch.job_ids.slice(0, 3).map((id: string) => get(serve, `/api/v1/jobs/${id}`)));
      if (statuses.some((s) => s.status === 'succeeded')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await serve.stop(signal);
    if (signal === 'SIGTERM') {
      assert.equal(serve.child.exitCode, 0, serve.output());
      // A graceful stop finishes or hands back its running jobs: none is left holding a lease.
      const db = new SQLite(join(dataDir, 'ledgerlens.db'), { readonly: true });
      const processing = db.prepare("select count(*) as n from jobs where status = 'processing'").get() as { n: number };
      db.close();
      assert.equal(processing.n, 0);
    }

    serve = await startServeProcess(env);
    try {
      let jobs: any[] = [];
      await until(async () => {
        jobs = await Promise.all(batch.job_ids.map((id: string) => get(serve, `/api/v1/jobs/${id}`)));
        return !jobs.some((j) => j.status === 'queued' || j.status === 'processing');
      }, () => `jobs still running: ${JSON.stringify(jobs.map((j) => j.status))}`, 250);

      assert.deepEqual(jobs.map((j) => j.status), Array(BATCH).fill('succeeded'));
      assert.deepEqual(jobs.map((j) => j.document_id), batch.document_ids);
      const list = await get(serve, '/api/v1/documents?limit=100');
      assert.equal(list.count, BATCH);
      assert.deepEqual(new Set(list.items.map((d: { id: string }) => d.id)), new Set(batch.document_ids));
      const usage = await get(serve, '/api/v1/usage');
      assert.equal(usage.documents, BATCH, 'each document counted exactly once');
      assert.equal(usage.pages, BATCH * PAGES);
    } finally {
      await serve.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

test('a batch interrupted by SIGKILL completes after restart, each job once', () => interruptedBatch('SIGKILL'));

test('a batch interrupted by SIGTERM stops cleanly and completes after restart, each job once', () => interruptedBatch('SIGTERM'));
