#!/usr/bin/env node
// `npm run bench:duplicates`: duplicate lookups and filtered list pages with 100,000 stored documents.
//
//   node bench/duplicates-bench.mjs [--documents 100000] [--samples 500]
//
// Fills a fresh embedded store (a temporary folder) with documents of one business, each with the
// fingerprints an upload stores (file hash, image bands, data keys); 1 % are copies of an earlier
// document, 20 % need review. Then times, p50/p95 over --samples runs:
//  - the duplicate lookup of a new upload (linkDuplicates: every candidate query, confirmation, links),
//  - a page of 50 with filter=duplicates and with filter=review, from the top and from deep cursors,
//    with and without q, including the duplicates of the listed documents (what GET /documents reads).
// Image hashes are random 64-bit values: real thumbnails cluster more, so this is the index's best case
// for selectivity; the probe keys still touch 68 exact keys per lookup.
import { mkdtempSync, rmSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { documents: { type: 'string', default: '100000' }, samples: { type: 'string', default: '500' } } });
const total = Number(values.documents);
const samples = Number(values.samples);
const { openDatabase } = await import(join(root, 'dist/src/storage/database.js'));
const { Store } = await import(join(root, 'dist/src/storage/store.js'));
const { localWakeUps } = await import(join(root, 'dist/src/storage/wake-ups.js'));
const { fingerprintsOf } = await import(join(root, 'dist/src/duplicates/fingerprints.js'));
const { linkDuplicates } = await import(join(root, 'dist/src/duplicates/find-duplicates.js'));

const dataDir = mkdtempSync(join(tmpdir(), 'ledgerlens-dup-bench-'));
const database = await openDatabase({ dataDir, databaseUrl: null });
const store = new Store(database.db, database.profile, localWakeUps());
const business = 'biz_bench';
await store.businesses.insert({ id: business, name: 'Bench', created_at: new Date().toISOString() });

const vendors = Array.from({ length: 2000 }, (_, i) => ({ name: `Vendor ${i} OÜ`, vat_id: `EE${String(100000000 + i * 7)}` }));
const made = [];
function makeDocument(i) {
  const copyOf = i > 100 && i % 100 === 0 ? made[Math.floor(Math.random() * made.length)] : null;
  const vendor = copyOf?.vendor ?? vendors[i % vendors.length];
  const fields = copyOf?.fields ?? { line_items: [], document_number: `INV-${i}`, total: Math.round(Math.random() * 1e6) / 100, issue_date: '2026-01-05', vendor };
  const doc = {
    id: `doc_${String(i).padStart(8, '0')}`,
    sha: copyOf?.sha ?? createHash('sha256').update(String(i)).digest('hex'),
    pageHash: copyOf?.pageHash ?? randomBytes(8).toString('hex'),
    fields,
    vendor,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
  if (made.length < 5000) made.push(doc);
  return doc;
}
const row = (doc) => ({
  id: doc.id, business_id: business, filename: `${doc.id}.pdf`, filename_search: `${doc.id}.pdf`, content_type: 'application/pdf', size_bytes: 1000,
  status: 'processed', pages: 1, confidence: 0.9, created_at: doc.created_at, processing_ms: 100, needs_review: Math.random() < 0.2 ? 1 : 0,
  has_duplicates: 0, source_channel: 'api', file_sha256: doc.sha, outcome_json: JSON.stringify({ extraction: doc.fields }),
});
const fingerprints = (doc) => fingerprintsOf({ documentId: doc.id, businessId: business, fileSha256: doc.sha, pageHash: doc.pageHash, extraction: doc.fields });

const started = performance.now();
const BATCH = 2000;
for (let i = 0; i < total; i += BATCH) {
  await store.transaction(async (tx) => {
    for (let j = i; j < Math.min(total, i + BATCH); j++) {
      const doc = makeDocument(j);
      await tx.documents.insert(row(doc), Buffer.alloc(0));
      await linkDuplicates(tx, doc.id, business, fingerprints(doc));
    }
  });
}
console.log(`stored ${total} documents with fingerprints in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const lookups = [];
for (let i = 0; i < samples; i++) {
  const doc = makeDocument(total + i);
  await store.transaction(async (tx) => {
    await tx.documents.insert(row(doc), Buffer.alloc(0));
    const t0 = performance.now();
    await linkDuplicates(tx, doc.id, business, fingerprints(doc));
    lookups.push(performance.now() - t0);
  });
}

async function page(filter, q, after) {
  const t0 = performance.now();
  const rows = await store.documents.listPage({ businessId: business, limit: 50, after, q, filter });
  await store.duplicates.listFor(rows.slice(0, 50).map((r) => r.id));
  return { ms: performance.now() - t0, last: rows[49] };
}
const lists = { duplicates: [], review: [], 'review+q': [], 'duplicates+q': [] };
for (let i = 0; i < samples; i++) {
  // A cursor somewhere in the history: a random document's position.
  const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * total) * 1000).toISOString();
  const after = i % 5 === 0 ? null : { createdAt: at, id: 'doc_~' };
  lists.duplicates.push((await page('duplicates', '', after)).ms);
  lists.review.push((await page('review', '', after)).ms);
  lists['review+q'].push((await page('review', '00001', after)).ms);
  lists['duplicates+q'].push((await page('duplicates', 'doc_', after)).ms);
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))];
const line = (name, xs) => console.log(`| ${name} | ${pct(xs, 0.5).toFixed(2)} | ${pct(xs, 0.95).toFixed(2)} |`);
const flagged = await database.db.selectFrom('documents').select(({ fn }) => fn.countAll().as('n')).where('has_duplicates', '=', 1).executeTakeFirst();
console.log(`\n${total} documents, ${flagged.n} with duplicates; ${samples} samples each; times in ms\n`);
console.log('| operation | p50 | p95 |\n|---|---:|---:|');
line('duplicate lookup of an upload', lookups);
for (const [name, xs] of Object.entries(lists)) line(`list page of 50, filter=${name}`, xs);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
