#!/usr/bin/env node
// `npm run bench:scale`: throughput of batch extraction with 1, 2 and 4 workers sharing one
// PostgreSQL, the latency of GET /documents while the workers are busy, and the searches at
// 100,000 documents on SQLite and on PostgreSQL (bench/search-scale.mjs).
//
//   node bench/scale-bench.mjs [--parts throughput,search] [--documents 120] [--workers 1,2,4] [--seconds 10]
//                              [--search-documents 100000] [--search-samples 10]
//
// Needs PostgreSQL: LEDGERLENS_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test (a fresh
// schema per run, dropped afterwards). Per worker count: one `serve --no-workers` and N `worker`
// processes (one extraction thread and one job at a time each), --documents generated one-page text
// invoices submitted as batches, documents per minute from the first submission until every job has
// ended. Then, with the largest worker count busy on another round, autocannon drives
// GET /api/v1/documents?limit=25 for --seconds over 10 connections: p50/p90/p97.5/p99 (autocannon's
// percentiles; p95 lies between p90 and p97.5) and non-2xx answers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CLI, runCli } from './ledgerlens-cli.mjs';
import { measureSearch, printSearch } from './search-scale.mjs';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { freePort } = await import(join(root, 'dist/tests/helpers/process.js'));
const { sharePgTrgm } = await import(join(root, 'dist/tests/helpers/server.js'));
const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'throughput,search' },
    documents: { type: 'string', default: '120' },
    workers: { type: 'string', default: '1,2,4' },
    seconds: { type: 'string', default: '10' },
    'search-documents': { type: 'string', default: '100000' },
    'search-samples': { type: 'string', default: '10' },
  },
});
const parts = values.parts.split(',');
const documents = Number(values.documents);
const workerCounts = values.workers.split(',').map(Number);
const base = process.env.LEDGERLENS_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const admin = new pg.Client({ connectionString: base });
await admin.connect();
// As the tests do: the extension outside the schema the bench drops, which would take it along.
await sharePgTrgm(admin);
const schema = `bench_${randomBytes(4).toString('hex')}`;
await admin.query(`create schema ${schema}`);
const url = new URL(base);
url.searchParams.set('options', `-c search_path=${schema}`);
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerlens-scale-bench-'));
const env = { ...process.env, DATABASE_URL: url.toString(), LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_JOB_CONCURRENCY: '1', LOG_LEVEL: 'warn' };
const db = new pg.Client({ connectionString: url.toString() });

try {
  if (parts.includes('throughput')) await throughput();
  if (parts.includes('search')) await search();
} finally {
  await db.end().catch(() => undefined);
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The searches on a fresh embedded store and on a fresh schema of their own. */
async function search() {
  const documents = Number(values['search-documents']);
  const samples = Number(values['search-samples']);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'ledgerlens-search-bench-'));
  try {
    const sqliteEnv = { ...process.env, LEDGERLENS_DATA_DIR: sqliteDir, LOG_LEVEL: 'warn' };
    delete sqliteEnv.DATABASE_URL;
    printSearch('SQLite', documents, samples, await measureSearch({ label: 'SQLite', env: sqliteEnv, documents, samples }));
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
  const searchSchema = `${schema}_search`;
  await admin.query(`create schema ${searchSchema}`);
  const searchUrl = new URL(base);
  searchUrl.searchParams.set('options', `-c search_path=${searchSchema}`);
  const postgresDir = mkdtempSync(join(tmpdir(), 'ledgerlens-search-bench-'));
  try {
    const postgresEnv = { ...process.env, DATABASE_URL: searchUrl.toString(), LEDGERLENS_DATA_DIR: postgresDir, LOG_LEVEL: 'warn' };
    const vacuum = (database) => sql`vacuum analyze documents`.execute(database.db);
    printSearch('PostgreSQL', documents, samples, await measureSearch({ label: 'PostgreSQL', env: postgresEnv, documents, samples, afterLoad: vacuum }));
  } finally {
    rmSync(postgresDir, { recursive: true, force: true });
    await admin.query(`drop schema ${searchSchema} cascade`);
  }
}

/** Documents per minute with each worker count, and the list's latency while the most workers extract. */
async function throughput() {
  const key = (await runCli(env, ['keys', 'create', '--business', 'Bench'])).trim().split('\n').at(-1);
  await db.connect();
  const pages = await invoices(documents);
  const results = [];
  for (const count of workerCounts) {
    await db.query('delete from jobs');
    const { api, stop } = await cluster(count);
    const t0 = performance.now();
    await submit(api, key, pages);
    await drained();
    const minutes = (performance.now() - t0) / 60_000;
    results.push({ count, perMinute: documents / minutes });
    console.error(`${count} worker(s): ${(documents / minutes).toFixed(0)} documents/min`);
    await stop();
  }
  const largest = Math.max(...workerCounts);
  const { api, stop } = await cluster(largest);
  await db.query('delete from jobs');
  const busy = submit(api, key, pages);
  const load = await autocannon({ url: `${api}/api/v1/documents?limit=25`, headers: { 'x-api-key': key }, connections: 10, duration: Number(values.seconds) });
  await busy;
  await drained();
  await stop();

  console.log(`\n| workers | documents/min |\n|---:|---:|`);
  for (const r of results) console.log(`| ${r.count} | ${r.perMinute.toFixed(0)} |`);
  console.log(`\nGET /api/v1/documents?limit=25 while ${largest} workers extract, ${values.seconds} s, 10 connections:`);
  const { p50, p90, p97_5: p975, p99 } = load.latency;
  console.log(`p50 ${p50} ms, p90 ${p90} ms, p97.5 ${p975} ms, p99 ${p99} ms; ${load.requests.total} requests, ${load.non2xx} non-2xx, ${load.errors} errors`);
}

async function cluster(workers) {
  const port = await freePort();
  const processes = [spawn(process.execPath, [CLI, 'serve', '--no-workers'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' })];
  for (let i = 0; i < workers; i++) processes.push(spawn(process.execPath, [CLI, 'worker'], { env, stdio: 'ignore' }));
  const api = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${api}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    api,
    stop: () => Promise.all(processes.map((p) => new Promise((done) => (p.exitCode !== null ? done() : (p.once('exit', done), p.kill('SIGTERM')))))),
  };
}

async function submit(api, key, pages) {
  for (let i = 0; i < pages.length; i += 100) {
    const res = await fetch(`${api}/api/v1/documents/batch`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ pages: pages.slice(i, i + 100) }) });
    if (res.status !== 202) throw new Error(`batch: HTTP ${res.status} ${await res.text()}`);
  }
}

async function drained() {
  for (;;) {
    const { rows } = await db.query("select count(*) as n from jobs where status in ('queued', 'processing')");
    if (Number(rows[0].n) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function invoices(n) {
  return Promise.all(Array.from({ length: n }, async (_, i) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const lines = [`Supplier ${i % 17} Ltd`, '1 High Street, London SW1A 1AA', `Invoice no: B-${i}`, 'Date: 05/01/2024', 'Description        Qty   Price    Amount', ...Array.from({ length: 8 }, (_, j) => `Item ${j + 1}            ${j + 1}     10.00    ${(j + 1) * 10}.00`), 'Subtotal: 360.00', 'VAT 20%: 72.00', 'Total: 432.00 GBP'];
    lines.forEach((line, j) => page.drawText(line, { x: 50, y: 790 - j * 18, size: 11, font }));
    return { content: Buffer.from(await doc.save()).toString('base64'), filename: `bench-${i}.pdf` };
  }));
}

