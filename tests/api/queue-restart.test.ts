// The batch queue survives a crash: the server is killed with SIGKILL in the middle of a batch and
// started again on the same data; every job then ends exactly once and usage counts each document once.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess } from '../helpers/process.js';

const BATCH = 24;

test('a batch interrupted by SIGKILL completes after restart, each job once', async () => {
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
    const pages = Array.from({ length: 8 }, (_, i) => Array.from({ length: 40 }, (_, j) => `Line ${i}.${j} Kuupäev 05.01.2024 Summa 12,50 €`));
    const pdf = (await textPdf(pages)).toString('base64');

    let serve = await startServeProcess(env);
    const submitted = await fetch(`${serve.baseUrl}/api/v1/documents/batch`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ pages: Array.from({ length: BATCH }, (_, i) => ({ content: pdf, filename: `doc-${i}.pdf` })) }),
    });
    assert.equal(submitted.status, 202);
    const batch = ((await submitted.json()) as any).data;

    const jobStatus = async (base: string, id: string) =>
      ((await (await fetch(`${base}/api/v1/jobs/${id}`, { headers })).json()) as any).data;
    // Kill as soon as some, but not all, jobs are done.
    for (;;) {
      const statuses = await Promise.all(batch.job_ids.slice(0, 3).map((id: string) => jobStatus(serve.baseUrl, id)));
      if (statuses.some((s) => s.status === 'succeeded')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await serve.stop('SIGKILL');

    serve = await startServeProcess(env);
    try {
      const deadline = Date.now() + 120_000;
      let jobs: any[] = [];
      do {
        await new Promise((resolve) => setTimeout(resolve, 250));
        jobs = await Promise.all(batch.job_ids.map((id: string) => jobStatus(serve.baseUrl, id)));
      } while (jobs.some((j) => j.status === 'queued' || j.status === 'processing') && Date.now() < deadline);

      assert.deepEqual(jobs.map((j) => j.status), Array(BATCH).fill('succeeded'));
      assert.deepEqual(jobs.map((j) => j.document_id), batch.document_ids);
      const list = ((await (await fetch(`${serve.baseUrl}/api/v1/documents?limit=100`, { headers })).json()) as any).data;
      assert.equal(list.count, BATCH);
      assert.deepEqual(new Set(list.items.map((d: { id: string }) => d.id)), new Set(batch.document_ids));
      const usage = ((await (await fetch(`${serve.baseUrl}/api/v1/usage`, { headers })).json()) as any).data;
      assert.equal(usage.documents, BATCH, 'each document counted exactly once');
      assert.equal(usage.pages, BATCH * 8);
    } finally {
      await serve.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
