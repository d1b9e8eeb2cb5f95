// The search half of `npm run bench:scale`: the review desk's search (GET /dashboard/api/business/desk?q=)
// and the API's file-name search (GET /api/v1/documents?q=) over real HTTP, against a `ledgerlens serve`
// whose store holds --search-documents documents of one business, on SQLite and on PostgreSQL.
//
// The documents are written straight into the store (an extraction each would take hours), each a copy
// of one real upload's stored outcome with its own vendor, number, total, file name and date; 2,000
// vendors, some with accented names. The queries are what people type: a vendor name in any case, part
// of one, a document number whole and in part, an amount in four printed forms, part of a file name, a
// word most documents hold, and a text no document holds. Requests go one at a time (a person at the
// desk), --search-samples rounds over every query; p50 and p95 per search and per query.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CLI, runCli, stopServer, waitForHealth } from './ledgerlens-cli.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { freePort, runCli: runCliWithInput } = await import(join(root, 'dist/tests/helpers/process.js'));
const { openDatabase } = await import(join(root, 'dist/src/storage/database.js'));
const { deskSearchText } = await import(join(root, 'dist/src/documents/desk-search.js'));

const OWNER = { email: 'bench@example.com', password: 'a long enough bench password' };
const FIRST = ['Nordic', 'Baltic', 'Müller', 'Société', 'Łódź', 'Škoda', 'Øresund', 'Café', 'Alpine', 'Atlantic', 'Hanseatic', 'Iberia', 'Dvořák', 'Söderberg', 'Vilnius', 'Tallinn', 'Riga', 'Kraków', 'Zürich', 'Malmö', 'Porto', 'Lyon', 'Gent', 'Aarhus', 'Tartu', 'Kaunas', 'Bergen', 'Turku', 'Graz', 'Brno'];
const SECOND = ['Timber', 'Paper', 'Consulting', 'Logistics', 'Bau', 'Électricité', 'Print', 'Foods', 'Hotel', 'Software', 'Transport', 'Energy', 'Textiles', 'Café', 'Office', 'Garage', 'Apteek', 'Kiosk', 'Marine', 'Glass'];
const FORMS = ['OÜ', 'GmbH', 'SARL', 'AS', 'Oy', 'AB', 'Sp. z o.o.', 'Ltd', 'UAB', 'SIA'];

/** A deterministic sequence of fractions for a seed (mulberry32), so every run stores and searches the same documents. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The vendor (one of 2,000), number, total and file name of document i, the same on every run. */
function documentFields(i) {
  const next = random(i + 1);
  const v = Math.floor(next() * 2000);
  const name = `${FIRST[v % FIRST.length]} ${SECOND[Math.floor(v / FIRST.length) % SECOND.length]} ${FORMS[Math.floor(v / (FIRST.length * SECOND.length))]}`;
  const number = `${['INV-', 'RE-', 'F', 'No ', ''][v % 5]}${2024 + (i % 3)}-${String(Math.floor(next() * 1_000_000)).padStart(6, '0')}`;
  const total = Math.round(next() * 2_000_000) / 100;
  const filename = `${['scan_', 'invoice-', 'IMG_', 'receipt ', ''][i % 5]}${String(i).padStart(6, '0')}${i % 4 ? '.pdf' : '.jpg'}`;
  return { name, number, total, filename };
}

/** The store's rows for documents [from, to) of the business, each a copy of the template with its own fields. */
function rows(businessId, template, from, to) {
  const out = [];
  for (let i = from; i < to; i++) {
    const f = documentFields(i);
    const extraction = { ...template.extraction, vendor: { ...(template.extraction.vendor ?? {}), name: f.name }, document_number: f.number, total: f.total };
    out.push({
      id: `doc_bench${String(i).padStart(12, '0')}`,
      business_id: businessId, filename: f.filename, filename_search: f.filename.toLowerCase(), content_type: 'application/pdf', size_bytes: 1000,
      status: 'processed', pages: 1, confidence: 0.9, created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(), processing_ms: 100,
      needs_review: i % 5 === 0 ? 1 : 0, has_duplicates: 0, source_channel: 'api', email_id: null, file_sha256: String(i).padStart(64, '0'),
      outcome_json: JSON.stringify({ ...template, extraction }), approved_at: null, approved_by: null, desk_search: deskSearchText(f.filename, extraction),
    });
  }
  return out;
}

/** What people type: found in the stored documents (one of the last ten thousand, one in the middle), or in none. */
function queries(documents) {
  const recent = documentFields(documents - 1234);
  const middle = documentFields(Math.floor(documents / 2) + 17);
  const amount = middle.total;
  const [whole, cents] = amount.toFixed(2).split('.');
  const grouped = (sep) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [
    ['vendor name', recent.name],
    ['vendor name, upper case', middle.name.toUpperCase()],
    ['part of a vendor name', middle.name.split(' ')[0].slice(0, 5).toLowerCase()],
    ['document number', recent.number],
    ['part of a number', middle.number.slice(-6)],
    ['amount as stored', amount.toFixed(2)],
    ['amount, comma decimal', `${grouped(' ')},${cents}`],
    ['amount, grouped', `${grouped(',')}.${cents}`],
    ['amount with currency', `€${grouped('.')},${cents}`],
    ['part of a file name', middle.filename.slice(0, -4)],
    ['a legal form most hold', 'gmbh'],
    ['found in no document', 'zebra crossing'],
  ];
}

/**
 * Stores `documents` documents in a fresh store (env names it), serves it, and times the searches.
 * `afterLoad(database)` may ready the store after the bulk load (PostgreSQL: statistics and the GIN
 * indexes' pending lists merged, as autovacuum would).
 */
export async function measureSearch({ label, env, documents, samples, afterLoad = async () => {} }) {
  const key = (await runCli(env, ['keys', 'create', '--business', 'Search'])).trim().split('\n').at(-1);
  const created = await runCliWithInput(['owners', 'create', '--email', OWNER.email, '--password-stdin'], env, OWNER.password);
  if (created.code !== 0) throw new Error(`owners create: ${created.stderr}`);
  const port = await freePort();
  const server = spawn(process.execPath, [CLI, 'serve'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, server, 600_000);
    const template = await uploadTemplate(base, key);
    const database = await openDatabase({ dataDir: env.LEDGERLENS_DATA_DIR, databaseUrl: env.DATABASE_URL ?? null });
    const { business_id: businessId } = await database.db.selectFrom('documents').select('business_id').where('id', '=', template.id).executeTakeFirstOrThrow();
    const t0 = performance.now();
    // 500 rows a statement: PostgreSQL takes at most 65,535 parameters in one.
    for (let from = 0; from < documents; from += 500) {
      await database.db.insertInto('documents').values(rows(businessId, template.outcome, from, Math.min(documents, from + 500))).execute();
    }
    await afterLoad(database);
    await database.close();
    console.error(`${label}: stored ${documents} documents in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const desk = await signIn(base, businessId);
    const asked = queries(documents);
    const searches = [
      { name: 'desk', url: (q) => `${base}/dashboard/api/business/desk?limit=25&q=${encodeURIComponent(q)}`, headers: desk },
      { name: 'API q', url: (q) => `${base}/api/v1/documents?limit=25&q=${encodeURIComponent(q)}`, headers: { 'x-api-key': key } },
    ];
    const results = [];
    for (const search of searches) {
      const perQuery = new Map(asked.map(([name]) => [name, []]));
      const found = new Map();
      for (let round = -1; round < samples; round++) {
        for (const [name, q] of asked) {
          const started = performance.now();
          const res = await fetch(search.url(q), { headers: search.headers });
          const body = await res.json();
          const ms = performance.now() - started;
          if (res.status !== 200) throw new Error(`${search.name} ${q}: HTTP ${res.status} ${JSON.stringify(body)}`);
          found.set(name, body.data.count);
          // The first round warms the caches and is not counted.
          if (round >= 0) perQuery.get(name).push(ms);
        }
      }
      results.push({ search: search.name, all: [...perQuery.values()].flat(), perQuery: [...perQuery].map(([name, ms]) => ({ name, q: asked.find(([n]) => n === name)[1], found: found.get(name), ms })) });
    }
    return results;
  } finally {
    await stopServer(server);
  }
}

export function printSearch(label, documents, samples, results) {
  console.log(`\n${label}, ${documents} documents of one business, ${samples} rounds of every query, one request at a time; ms:\n`);
  console.log('| search | query | typed | on page 1 | p50 | p95 |\n|---|---|---|---:|---:|---:|');
  for (const r of results) {
    console.log(`| **${r.search}** | all | | | **${percentile(r.all, 0.5)}** | **${percentile(r.all, 0.95)}** |`);
    for (const q of r.perQuery) console.log(`| ${r.search} | ${q.name} | \`${q.q}\` | ${q.found} | ${percentile(q.ms, 0.5)} | ${percentile(q.ms, 0.95)} |`);
  }
}

function percentile(values, q) {
  const sorted = Float64Array.from(values).sort();
  return (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0).toFixed(1);
}

/** One real upload: its stored outcome is the shape every bench document copies. */
async function uploadTemplate(base, key) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  ['Template Supplier Ltd', 'Invoice no: T-1', 'Date: 05/01/2024', 'Consulting 1 100.00 100.00', 'Total: 100.00 EUR'].forEach((line, j) => page.drawText(line, { x: 50, y: 790 - j * 18, size: 11, font }));
  const res = await fetch(`${base}/api/v1/documents`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ content: Buffer.from(await doc.save()).toString('base64'), filename: 'template.pdf' }) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`template upload: HTTP ${res.status} ${JSON.stringify(body)}`);
  const { id, pages, confidence, ...outcome } = body.data;
  return { id, outcome: { is_document: outcome.is_document ?? true, extraction: outcome.extraction, field_confidence: outcome.field_confidence, field_status: outcome.field_status, review_fields: outcome.review_fields, warnings: outcome.warnings } };
}

/** The desk's request headers for a signed-in owner with the business selected. */
async function signIn(base, businessId) {
  const res = await fetch(`${base}/dashboard/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(OWNER) });
  if (res.status !== 200) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  return { cookie: res.headers.getSetCookie()[0].split(';')[0], origin: base, 'x-business-id': businessId };
}
