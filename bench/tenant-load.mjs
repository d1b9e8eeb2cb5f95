// The tenants half of `npm run bench:load`: does one business's batch starve another business's
// uploads? A `ledgerlens serve` with default settings (extraction threads and batch jobs = cores) on
// loopback; business B uploads one text invoice a second (POST /api/v1/documents, answered when
// extracted) for --idle-seconds with nothing else running, then business A sends --slow-documents
// scanned invoices (OCR, seconds each) as batches of 50 and B goes on uploading one a second for
// --load-seconds. B's latencies idle and under A's load, p50/p95/max, and how many of A's documents
// were extracted meanwhile (A's batch is left unfinished when the server stops).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { CLI, runCli, stopServer, waitForHealth } from './ledgerlens-cli.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { freePort } = await import(join(root, 'dist/tests/helpers/process.js'));

export async function measureTenantLoad({ slowDocuments, idleSeconds, loadSeconds }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerlens-tenant-bench-'));
  const env = { ...process.env, LEDGERLENS_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  let server;
  try {
    const keyA = (await runCli(env, ['keys', 'create', '--business', 'A'])).trim().split('\n').at(-1);
    const keyB = (await runCli(env, ['keys', 'create', '--business', 'B'])).trim().split('\n').at(-1);
    const port = await freePort();
    server = spawn(process.execPath, [CLI, 'serve'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server);
    let sent = 0;
    const uploadB = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: { 'x-api-key': keyB, 'content-type': 'application/json' }, body: JSON.stringify({ content: (await invoicePdf(sent++)).toString('base64'), filename: `b-${sent}.pdf` }) });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`B's upload: HTTP ${res.status}`);
      return { ms: performance.now() - started, processingMs: body.data.processing_ms };
    };
    // Every extraction thread reads a document before anything is timed (its models load on first use).
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 4 }, uploadB));

    const scans = await Promise.all(Array.from({ length: slowDocuments }, (_, i) => scannedInvoice(i)));
    const loadBefore = loadavg()[0];
    console.error(`B alone: one upload a second for ${idleSeconds} s`);
    const idle = await everySecond(idleSeconds, uploadB);

    const t0 = performance.now();
    for (let i = 0; i < slowDocuments; i += 50) {
      const pages = scans.slice(i, i + 50).map((scan, j) => ({ content: scan.toString('base64'), filename: `a-${i + j}.png` }));
      const res = await fetch(`${base}/api/v1/documents/batch`, { method: 'POST', headers: { 'x-api-key': keyA, 'content-type': 'application/json' }, body: JSON.stringify({ pages }) });
      if (res.status !== 202) throw new Error(`A's batch: HTTP ${res.status} ${await res.text()}`);
    }
    console.error(`A's ${slowDocuments} scans queued in ${((performance.now() - t0) / 1000).toFixed(1)} s; B: one upload a second for ${loadSeconds} s`);
    const loaded = await everySecond(loadSeconds, uploadB);
    const extractedA = (await (await fetch(`${base}/api/v1/usage`, { headers: { 'x-api-key': keyA } })).json()).data.documents;
    return { idle, loaded, extractedA, loadBefore, loadAfter: loadavg()[0] };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printTenantLoad({ slowDocuments, idleSeconds, loadSeconds }, { idle, loaded, extractedA, loadBefore, loadAfter }) {
  const row = (name, uploads) => {
    const [ms, processing] = [uploads.map((u) => u.ms), uploads.map((u) => u.processingMs)];
    return `| ${name} | ${uploads.length} | ${percentile(ms, 0.5)} | ${percentile(ms, 0.95)} | ${percentile(ms, 1)} | ${percentile(processing, 0.5)} | ${percentile(processing, 0.95)} |`;
  };
  console.log(`\nBusiness B uploads one text invoice a second; business A sends ${slowDocuments} scanned invoices as batches of 50 (ledgerlens serve, default settings); ms:\n`);
  console.log("| B's uploads | requests | p50 | p95 | max | processing_ms p50 | processing_ms p95 |\n|---|---:|---:|---:|---:|---:|---:|");
  console.log(row(`alone, ${idleSeconds} s`, idle));
  console.log(row(`while A's batch runs, ${loadSeconds} s`, loaded));
  const ratio = percentile(loaded.map((u) => u.ms), 0.95) / percentile(idle.map((u) => u.ms), 0.95);
  console.log(`\nB's p95 under A's load is ${ratio.toFixed(2)}× its p95 alone; A's documents extracted by the end: ${extractedA}. Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`);
}

/** Calls `request` once a second for `seconds` (not waiting for the last to end); their results. */
async function everySecond(seconds, request) {
  const pending = [];
  const start = performance.now();
  for (let i = 0; i < seconds; i++) {
    const wait = start + i * 1000 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(request());
  }
  return Promise.all(pending);
}

function percentile(values, q) {
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
}

/** A one-page text invoice, its number and total varied by `i`. */
async function invoicePdf(i) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [`Supplier ${i % 17} Ltd`, '1 High Street, London SW1A 1AA', `Invoice no: T-${i}`, 'Date: 05/01/2024', 'Consulting 1 100.00 100.00', `Total: ${100 + i}.00 GBP`];
  lines.forEach((line, j) => page.drawText(line, { x: 50, y: 790 - j * 18, size: 11, font }));
  return Buffer.from(await doc.save());
}

/** An A4 invoice as a 150 dpi greyscale scan, numbered `i`: no text layer, so every page is read by OCR. */
async function scannedInvoice(i) {
  const lines = ['ACME Paper Supplies Ltd', '12 Harbour Road, Leeds LS1 4AB', 'VAT GB 123 4567 89', 'INVOICE', `Invoice no: S-${1000 + i}`, 'Date: 05/01/2024', 'Description              Qty   Price   Amount',
    ...Array.from({ length: 10 }, (_, j) => `Copier paper A4 box ${j + 1}      ${j + 1}   12.50   ${((j + 1) * 12.5).toFixed(2)}`), 'Subtotal 687.50', 'VAT 20% 137.50', 'Total 825.00 GBP'];
  const text = lines.map((line, i) => `<text x="80" y="${120 + i * 42}" font-family="DejaVu Sans" font-size="24" xml:space="preserve">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}
