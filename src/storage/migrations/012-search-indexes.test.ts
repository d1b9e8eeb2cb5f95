// A store made before the desk's trigram table: its documents are in the table once the service next
// opens it, and the table follows each document's desk text as corrections rewrite it and as documents go.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { migrations, openDatabase, type Db } from '../database.js';
import { DIALECT_PROFILES } from '../dialect.js';

const matching = async (db: Db, phrase: string) =>
  (await sql<{ id: string }>`select d.id from documents_desk_search f join documents d on d.rowid = f.rowid where documents_desk_search match ${`"${phrase}"`} order by d.id`.execute(db)).rows.map((r) => r.id);

test('documents stored before migration 012 are in the desk trigram table, which follows corrections and deletions', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'll-search-indexes-'));
  try {
    const earlier = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(join(dataDir, 'ledgerlens.db')) }) });
    const { error } = await new Migrator({ db: earlier, provider: { getMigrations: async () => migrations(DIALECT_PROFILES.sqlite) } }).migrateTo('011_installation_settings');
    assert.equal(error, undefined);
    await sql`insert into businesses (id, name, created_at) values ('biz_1', 'B', '2026-01-01T00:00:00Z')`.execute(earlier);
    for (const [id, text] of [['doc_a', 'scan-a.pdf\nnordic oy\ninv-77\n1234.50'], ['doc_b', 'scan-b.pdf\nmüller gmbh\ninv-78']]) {
      await sql`insert into documents (id, business_id, filename, filename_search, content_type, size_bytes, status, pages, confidence, created_at, processing_ms, needs_review, has_duplicates, source_channel, file_sha256, outcome_json, desk_search)
          values (${id}, 'biz_1', 'f.pdf', 'f.pdf', 'application/pdf', 1, 'processed', 1, 0.5, '2026-01-01T00:00:00Z', 1, 1, 0, 'api', 'x', '{}', ${text})`.execute(earlier);
    }
    await earlier.destroy();

    const store = await openDatabase({ dataDir, databaseUrl: null });
    try {
      assert.deepEqual(await matching(store.db, 'inv-7'), ['doc_a', 'doc_b']);
      assert.deepEqual(await matching(store.db, 'müller'), ['doc_b']);
      await store.db.updateTable('documents').set({ desk_search: 'scan-b.pdf\nbaltic timber as\ninv-78' }).where('id', '=', 'doc_b').execute();
      assert.deepEqual(await matching(store.db, 'müller'), []);
      assert.deepEqual(await matching(store.db, 'baltic timber'), ['doc_b']);
      await store.db.deleteFrom('documents').where('id', '=', 'doc_a').execute();
      assert.deepEqual(await matching(store.db, 'inv-7'), ['doc_b']);
      // The table agrees with the documents it indexes (rank 1: FTS5 checks the index against the content too).
      await sql`insert into documents_desk_search(documents_desk_search, rank) values ('integrity-check', 1)`.execute(store.db);
    } finally {
      await store.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
