#!/usr/bin/env node
// `npm run bench:load`: sustained mixed traffic against a real `ledgerlens serve` on loopback, with
// zero 5xx allowed, latency per endpoint and the server's memory before and after; then one
// business's uploads while another's batch runs (bench/tenant-load.mjs).
//
//   node bench/load-bench.mjs [--parts mixed,tenants] [--duration 60] [--warmup 20]
//                             [--slow-documents 200] [--idle-seconds 30] [--load-seconds 90]
//
// The server is a child process (the built CLI) with a temporary data folder and default settings
// (extraction threads = cores, no rate limit). One autocannon instance per kind of request runs at
// the same time, so the traffic is mixed:
//   upload      POST /api/v1/documents, one-page text invoices (400 different ones, reused in turn)
//   list        GET /api/v1/documents?limit=25
//   search      GET /api/v1/documents?limit=25&q=bench&filter=review
//   get         GET /api/v1/documents/{id} over 20 stored documents
//   usage       GET /api/v1/usage
//   bad         an unknown id, no key, a limit out of range, a text/plain body, bad base64: 4xx expected
//   malformed   a JSON body cut short: 400 expected (answered with Connection: close; sent by a fetch loop)
// First a warm-up of --warmup seconds with the same mix (JIT, thread pool, SQLite cache and
// allocator reach their working size), then the server's VmRSS is read from /proc/<pid>/status
// ("before"), then --duration seconds of measured traffic, then VmRSS again ("after", after two
// seconds of quiet). Fails (exit 1) on any 5xx or connection error, or on RSS growth over 10 %.
// Latency percentiles are computed from every response's time (autocannon's 'response' events).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CLI, runCli, stopServer, waitForHealth } from './ledgerlens-cli.mjs';
import { measureTenantLoad, printTenantLoad } from './tenant-load.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { freePort } = await import(join(root, 'dist/tests/helpers/process.js'));
const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'mixed,tenants' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '20' },
    'slow-documents': { type: 'string', default: '200' },
    'idle-seconds': { type: 'string', default: '30' },
    'load-seconds': { type: 'string', default: '90' },
  },
});
const parts = values.parts.split(',');
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const MAX_RSS_GROWTH = 0.1;

let server;

if (parts.includes('mixed')) await mixed();
if (parts.includes('tenants')) {
  const options = { slowDocuments: Number(values['slow-documents']), idleSeconds: Number(values['idle-seconds']), loadSeconds: Number(values['load-seconds']) };
  printTenantLoad(options, await measureTenantLoad(options));
}

/** Every kind of request at once against one server, warm-up then measured run, with its memory before and after. */
async function mixed() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerlens-load-bench-'));
  const env = { ...process.env, LEDGERLENS_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;

  try {
    const key = (await runCli(env, ['keys', 'create', '--business', 'Load'])).trim().split('\n').at(-1);
    const invoices = await invoicePdfs(400);
    const port = await freePort();
    server = spawn(process.execPath, [CLI, 'serve'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server, 30_000);
    const ids = [];
    for (let i = 0; i < 20; i++) {
      const { body, contentType } = multipart(invoices[i]);
      const res = await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': contentType }, body });
      if (res.status !== 200) throw new Error(`seeding: HTTP ${res.status} ${await res.text()}`);
      ids.push((await res.json()).data.id);
    }

    console.error(`warm-up: ${warmup} s of mixed traffic`);
    await mixedTraffic(base, key, invoices, ids, warmup);
    const before = rssKb(server.pid);
    console.error(`measured run: ${duration} s (server RSS ${mb(before)} MB after warm-up)`);
    const peak = { kb: before };
    const sampler = setInterval(() => (peak.kb = Math.max(peak.kb, rssKb(server.pid))), 1000);
    const results = await mixedTraffic(base, key, invoices, ids, duration);
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssKb(server.pid);
    const stored = (await (await fetch(`${base}/api/v1/usage`, { headers: { 'x-api-key': key } })).json()).data.documents;

    console.log(`\nMixed traffic for ${duration} s after a ${warmup} s warm-up, ledgerlens serve on loopback (${results.reduce((n, r) => n + r.connections, 0)} connections):\n`);
    console.log('| endpoint | connections | requests | req/s | p50 ms | p95 ms | p99 ms | statuses | 5xx | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|---:|');
    for (const r of results) {
      const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => percentile(r.latencies, q));
      const statuses = Object.entries(r.statuses).map(([s, n]) => `${s}×${n}`).join(' ');
      console.log(`| ${r.name} | ${r.connections} | ${r.latencies.length} | ${(r.latencies.length / duration).toFixed(1)} | ${p50} | ${p95} | ${p99} | ${statuses} | ${r.fivexx} | ${r.errors} |`);
    }
    const growth = (after - before) / before;
    console.log(`\nServer RSS: ${mb(before)} MB after warm-up, ${mb(after)} MB after the run (${(growth * 100).toFixed(1)} %), peak ${mb(peak.kb)} MB; ${stored} documents stored.`);

    const failures = [];
    for (const r of results) {
      if (r.fivexx) failures.push(`${r.name}: ${r.fivexx} responses with 5xx`);
      if (r.errors) failures.push(`${r.name}: ${r.errors} connection errors or timeouts`);
      const wrong = Object.entries(r.statuses).filter(([s]) => !r.expect(Number(s)));
      if (wrong.length) failures.push(`${r.name}: unexpected statuses ${wrong.map(([s, n]) => `${s}×${n}`).join(' ')}`);
    }
    if (growth > MAX_RSS_GROWTH) failures.push(`RSS grew ${(growth * 100).toFixed(1)} %, more than ${MAX_RSS_GROWTH * 100} %`);
    if (failures.length) {
      console.log(`\nFAILED:\n- ${failures.join('\n- ')}`);
      process.exitCode = 1;
    } else console.log('\nOK: no 5xx, no errors, RSS growth within 10 %.');
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every kind of request at once for `seconds`; per kind the latencies, statuses and errors. */
async function mixedTraffic(base, key, invoices, ids, seconds) {
  let nextInvoice = 0;
  let nextId = 0;
  const auth = { 'x-api-key': key };
  const kinds = [
    {
      name: 'POST /documents (upload)',
      connections: 2,
      expect: (s) => s === 200,
      requests: [{ method: 'POST', path: '/api/v1/documents', setupRequest: (req) => {
        const { body, contentType } = multipart(invoices[nextInvoice++ % invoices.length]);
        return { ...req, body, headers: { ...auth, 'content-type': contentType } };
      } }],
    },
    { name: 'GET /documents', connections: 2, expect: (s) => s === 200, requests: [{ method: 'GET', path: '/api/v1/documents?limit=25', headers: auth }] },
    { name: 'GET /documents?q&filter', connections: 2, expect: (s) => s === 200, requests: [{ method: 'GET', path: '/api/v1/documents?limit=25&q=bench&filter=review', headers: auth }] },
    { name: 'GET /documents/{id}', connections: 2, expect: (s) => s === 200, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/documents/${ids[nextId++ % ids.length]}`, headers: auth }) }] },
    { name: 'GET /usage', connections: 1, expect: (s) => s === 200, requests: [{ method: 'GET', path: '/api/v1/usage', headers: auth }] },
    {
      name: 'bad requests',
      connections: 1,
      expect: (s) => s >= 400 && s < 500,
      requests: [
        { method: 'GET', path: '/api/v1/documents/doc_aaaaaaaaaaaaaaaaaaaa', headers: auth },
        { method: 'GET', path: '/api/v1/usage' },
        { method: 'GET', path: '/api/v1/documents?limit=0', headers: auth },
        { method: 'POST', path: '/api/v1/documents', headers: { ...auth, 'content-type': 'text/plain' }, body: 'hello' },
        { method: 'POST', path: '/api/v1/documents', headers: { ...auth, 'content-type': 'application/json' }, body: '{"content":"not base64!"}' },
      ],
    },
    {
      // Fastify answers a body it cannot parse with Connection: close. autocannon does not restart
      // its clock when it reconnects, so these are sent by a plain fetch loop and timed one by one.
      name: 'malformed JSON body',
      connections: 1,
      expect: (s) => s === 400,
      loop: { method: 'POST', path: '/api/v1/documents', headers: { ...auth, 'content-type': 'application/json' }, body: '{"content": ' },
    },
  ];
  return Promise.all(
    kinds.map((kind) =>
      kind.loop
        ? fetchLoop(base, kind, seconds)
        : new Promise((done, fail) => {
          const latencies = [];
          const statuses = {};
          const instance = autocannon({ url: base, connections: kind.connections, duration: seconds, requests: kind.requests, timeout: 30 }, (error, result) => {
            if (error) return fail(error);
            done({ name: kind.name, connections: kind.connections, expect: kind.expect, latencies, statuses, fivexx: result['5xx'], errors: result.errors + result.timeouts });
          });
          instance.on('response', (_client, status, _bytes, ms) => {
            latencies.push(ms);
            statuses[status] = (statuses[status] ?? 0) + 1;
          });
        }),
    ),
  );
}

/** One request after another for `seconds`, each on whatever connection fetch has (a new one after a close). */
async function fetchLoop(base, kind, seconds) {
  const latencies = [];
  const statuses = {};
  let fivexx = 0;
  let errors = 0;
  const { path, ...init } = kind.loop;
  for (const end = Date.now() + seconds * 1000; Date.now() < end; ) {
    const started = performance.now();
    try {
      const res = await fetch(base + path, init);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status >= 500) fivexx++;
    } catch {
      errors++;
    }
  }
  return { name: kind.name, connections: kind.connections, expect: kind.expect, latencies, statuses, fivexx, errors };
}

function percentile(values, q) {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10;
}

function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

function mb(kb) {
  return (kb / 1024).toFixed(0);
}

function multipart(invoice) {
  const boundary = `----loadbench${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${invoice.filename}"\r\nContent-Type: application/pdf\r\n\r\n`),
    invoice.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function invoicePdfs(n) {
  return Promise.all(Array.from({ length: n }, async (_, i) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const lines = [`Supplier ${i % 17} Ltd`, '1 High Street, London SW1A 1AA', `Invoice no: L-${i}`, `Date: ${String(1 + (i % 28)).padStart(2, '0')}/01/2024`, 'Description        Qty   Price    Amount', ...Array.from({ length: 1 + (i % 6) }, (_, j) => `Item ${j + 1}            ${j + 1}     10.00    ${(j + 1) * 10}.00`), `Total: ${100 + i}.00 GBP`];
    lines.forEach((line, j) => page.drawText(line, { x: 50 + (i % 5) * 10, y: 790 - j * 18, size: 11, font }));
    return { bytes: Buffer.from(await doc.save()), filename: `bench-${i}.pdf` };
  }));
}
