// A process killed (SIGKILL) or stopped (SIGTERM) in the middle of synchronous uploads: after a
// restart on the same data, every upload that was answered 200 is stored exactly once, an upload that
// got no answer is either wholly there (document, file, usage entry) or wholly absent, and the usage
// ledger is exact. A graceful stop answers the uploads it had already started.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess } from '../helpers/process.js';
import { formData } from '../helpers/server.js';

const CLIENTS = 4;
const ANSWERED_BEFORE_KILL = 6;

async function interruptedUploads(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-sync-crash-'));
  const env = { LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1' };
  try {
    const key = (await runCli(['keys', 'create', '--business', 'Crash'], env)).stdout.trim().split('\n').at(-1)!;
    const headers = { 'x-api-key': key };
    // Every upload is a different file (no duplicates to blur the count), of one to three pages.
    const uploads = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => ({ filename: `upload-${i}.pdf`, pages: 1 + (i % 3), bytes: await textPdf(Array.from({ length: 1 + (i % 3) }, (_, p) => [`Invoice C-${i}`, `Page ${p + 1}`, 'Total 12.50 EUR'])) })),
    );
    const answered = new Map<string, string>();
    const unanswered = new Set<string>();
    let next = 0;

    const serve = await startServeProcess(env);
    let killed: Promise<void> | null = null;
    /** Uploads under way when the signal was sent. */
    let inFlightAtSignal = new Set<string>();
    const inFlight = new Set<string>();
    const client = async () => {
      while (next < uploads.length && !killed) {
        const upload = uploads[next++]!;
        inFlight.add(upload.filename);
        try {
          const res = await fetch(`${serve.baseUrl}/api/v1/documents`, { method: 'POST', headers, body: formData([{ field: 'file', name: upload.filename, bytes: upload.bytes }]) });
          const body = (await res.json()) as { data: { id: string } };
          assert.equal(res.status, 200, JSON.stringify(body));
          answered.set(upload.filename, body.data.id);
          if (answered.size >= ANSWERED_BEFORE_KILL && !killed) {
            inFlightAtSignal = new Set([...inFlight].filter((name) => name !== upload.filename));
            killed = serve.stop(signal);
          }
        } catch (error) {
          if (!killed) throw error;
          unanswered.add(upload.filename);
        } finally {
          inFlight.delete(upload.filename);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await killed;
    assert.ok(answered.size >= ANSWERED_BEFORE_KILL);
    assert.ok(inFlightAtSignal.size >= 1, 'some uploads were under way when the signal came');
    if (signal === 'SIGKILL') assert.ok(unanswered.size >= 1, 'some uploads were cut off');
    else {
      assert.equal(serve.child.exitCode, 0, serve.output());
    }

    const restarted = await startServeProcess(env);
    try {
      const get = async (path: string) => ((await (await fetch(restarted.baseUrl + path, { headers })).json()) as any).data;
      const list = await get('/api/v1/documents?limit=100');
      const stored = list.items as { id: string; filename: string; pages: number }[];
      const byName = new Map<string, { id: string; pages: number }[]>();
      for (const d of stored) byName.set(d.filename, [...(byName.get(d.filename) ?? []), d]);

      for (const [filename, id] of answered) assert.deepEqual(byName.get(filename)?.map((d) => d.id), [id], `${filename} answered 200: stored once under its id`);
      if (signal === 'SIGTERM') {
        // A graceful stop answers every upload it had taken in. The client may count as under way a
        // request the server never took in: sent on a kept-alive connection the stop was closing,
        // or refused with 503 while closing (a busy machine widens that window). Such an upload
        // must have left nothing behind; one that was stored must have been answered.
        assert.ok([...inFlightAtSignal].some((name) => answered.has(name)), 'an upload under way at SIGTERM was answered');
        for (const name of inFlightAtSignal) assert.ok(answered.has(name) || !byName.has(name), `${name} was under way at SIGTERM and stored, but not answered`);
      }
      for (const [filename, documents] of byName) {
        assert.equal(documents.length, 1, `${filename} stored once`);
        assert.ok(answered.has(filename) || unanswered.has(filename), `${filename} was sent`);
      }
      const usage = await get('/api/v1/usage');
      assert.equal(usage.documents, stored.length, 'one usage entry per stored document');
      assert.equal(usage.pages, stored.reduce((sum, d) => sum + d.pages, 0));
      for (const d of stored) assert.equal(d.pages, uploads.find((u) => u.filename === d.filename)!.pages);
    } finally {
      await restarted.stop();
    }
    // Whole or absent at the row level too: every document has its file and its ledger entry, and nothing else is left.
    const db = new SQLite(join(dataDir, 'ledgerlens.db'), { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      const documents = count('select count(*) as n from documents');
      assert.equal(count('select count(*) as n from files'), documents);
      assert.equal(count('select count(*) as n from usage_ledger'), documents);
      assert.equal(count('select count(*) as n from usage_ledger u where not exists (select 1 from documents d where d.id = u.document_id)'), 0);
      assert.equal((db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
    } finally {
      db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

test('SIGKILL during synchronous uploads: answered uploads stored once, unanswered all or nothing, usage exact', () => interruptedUploads('SIGKILL'));

test('SIGTERM during synchronous uploads: the uploads under way are answered and stored, then the process exits 0', () => interruptedUploads('SIGTERM'));
