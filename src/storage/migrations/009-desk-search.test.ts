// A store made before the desk's search: its documents become findable by vendor, number and total,
// as corrected, when the service next opens it.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { migrations, openDatabase } from '../database.js';
import { DIALECT_PROFILES } from '../dialect.js';

test('documents stored before migration 009 get their desk search text from the outcome and its corrections', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'll-desk-search-'));
  try {
    const earlier = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(join(dataDir, 'ledgerlens.db')) }) });
    const { error } = await new Migrator({ db: earlier, provider: { getMigrations: async () => migrations(DIALECT_PROFILES.sqlite) } }).migrateTo('008_review_desk');
    assert.equal(error, undefined);
    await sql`insert into businesses (id, name, created_at) values ('biz_1', 'B', '2026-01-01T00:00:00Z')`.execute(earlier);
    const outcome = (vendor: string | null, total: number | null) => JSON.stringify({ is_document: true, extraction: { vendor: vendor ? { name: vendor } : null, document_number: 'INV-77', total }, field_confidence: {}, field_status: {}, review_fields: [], warnings: [] });
    const insert = (id: string, filename: string, json: string) =>
      sql`insert into documents (id, business_id, filename, filename_search, content_type, size_bytes, status, pages, confidence, created_at, processing_ms, needs_review, has_duplicates, source_channel, file_sha256, outcome_json)
          values (${id}, 'biz_1', ${filename}, ${filename.toLowerCase()}, 'application/pdf', 1, 'processed', 1, 0.5, '2026-01-01T00:00:00Z', 1, 1, 0, 'api', 'x', ${json})`.execute(earlier);
    await insert('doc_a', 'Scan-A.pdf', outcome('Nordic Oy', 1234.5));
    await insert('doc_b', 'scan-b.pdf', outcome(null, null));
    await sql`insert into corrections (id, document_id, path, before_json, after_json, corrected_by, corrected_at)
        values ('cor_1', 'doc_b', 'vendor.name', 'null', '"Fixed GmbH"', 'me', '2026-01-02T00:00:00Z')`.execute(earlier);
    await earlier.destroy();

    const store = await openDatabase({ dataDir, databaseUrl: null });
    const rows = await store.db.selectFrom('documents').select(['id', 'desk_search']).orderBy('id').execute();
    await store.close();
    assert.deepEqual(rows, [
      { id: 'doc_a', desk_search: 'scan-a.pdf\nnordic oy\ninv-77\n1234.50' },
      { id: 'doc_b', desk_search: 'scan-b.pdf\nfixed gmbh\ninv-77' },
    ]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
