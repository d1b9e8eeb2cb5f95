// Every search the desk and the API make is answered by an index in the database of the run (SQLite;
// PostgreSQL in the PostgreSQL suite): a term few documents hold is looked up in the trigram index,
// one most documents hold is found by reading the business's newest rows through its index. Checked
// on the plan the database makes for the very query the documents repository sent.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { deskSearchTerms } from '../../src/documents/desk-search.js';
import { openDatabase, type Database } from '../../src/storage/database.js';
import { DocumentsRepository, type ListPage } from '../../src/storage/repositories/documents.repository.js';
import type { Tables } from '../../src/storage/tables.js';
import { postgresSchemaForTest } from '../helpers/server.js';

const DOCUMENTS = 3000;
const BUSINESS = 'biz_search';

/** The repository over a connection that records what it sends, and the database's plan for a recorded query. */
interface Planned {
  repository: DocumentsRepository;
  sent: CompiledQuery[];
  plan(query: CompiledQuery): Promise<string>;
  close(): Promise<void>;
}

async function openPlanned(): Promise<Planned> {
  const sent: CompiledQuery[] = [];
  const log = (event: { query: CompiledQuery }) => void sent.push(event.query);
  const postgres = await postgresSchemaForTest();
  if (postgres) {
    const database = await openDatabase({ dataDir: '', databaseUrl: postgres.url });
    await seed(database);
    // As autovacuum would: statistics, and the GIN index's pending list merged (while it is long the
    // planner rightly prefers reading a small table whole).
    await sql`vacuum analyze documents`.execute(database.db);
    const pool = new pg.Pool({ connectionString: postgres.url, max: 1 });
    const logged = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log });
    return {
      repository: new DocumentsRepository(logged, database.profile),
      sent,
      plan: async (query) => (await pool.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, [...query.parameters])).rows.map((r) => r['QUERY PLAN']).join('\n'),
      close: async () => {
        await logged.destroy();
        await database.close();
        await postgres.drop();
      },
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'll-search-indexes-'));
  const database = await openDatabase({ dataDir, databaseUrl: null });
  await seed(database);
  const file = new SQLite(join(dataDir, 'ledgerlens.db'));
  const logged = new Kysely<Tables>({ dialect: new SqliteDialect({ database: file }), log });
  return {
    repository: new DocumentsRepository(logged, database.profile),
    sent,
    plan: async (query) => (file.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as { detail: string }[]).map((r) => r.detail).join('\n'),
    close: async () => {
      await logged.destroy();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Documents of one business: each with its own number and total, every one a GmbH's. */
async function seed(database: Database): Promise<void> {
  await database.db.insertInto('businesses').values({ id: BUSINESS, name: 'Search', created_at: '2026-01-01T00:00:00.000Z' }).execute();
  for (let from = 0; from < DOCUMENTS; from += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = from + k;
      const filename = `scan_${String(i).padStart(5, '0')}.pdf`;
      const total = (1000 + i * 7.31).toFixed(2);
      return {
        id: `doc_${String(i).padStart(20, '0')}`, business_id: BUSINESS, filename, filename_search: filename, content_type: 'application/pdf', size_bytes: 1,
        status: 'processed' as const, pages: 1, confidence: 0.9, created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), processing_ms: 1,
        needs_review: i % 3 === 0 ? 1 : 0, has_duplicates: 0, source_channel: 'api' as const, email_id: null, file_sha256: 'x', outcome_json: '{}',
        approved_at: null, approved_by: null, desk_search: `${filename}\nsupplier ${i % 500} gmbh\ninv-${i}\n${total}`,
      };
    });
    await database.db.insertInto('documents').values(rows).execute();
  }
}

describe('searches are answered by indexes', () => {
  let planned: Planned;
  before(async () => {
    planned = await openPlanned();
  });
  after(() => planned.close());

  /** The plan of the page query the repository sent for the search, and the files it listed. */
  async function searched(search: Pick<ListPage, 'q' | 'deskTerms' | 'filter'>): Promise<{ plan: string; files: string[] }> {
    planned.sent.length = 0;
    const rows = await planned.repository.listWholePage({ businessId: BUSINESS, limit: 25, after: null, ...search });
    const page = planned.sent.filter((query) => /from "documents"/u.test(query.sql)).at(-1);
    assert.ok(page, planned.sent.map((query) => query.sql).join('\n'));
    return { plan: await planned.plan(page), files: rows.map((row) => row.filename) };
  }

  /** Looked up in the trigram index (pg_trgm's, or FTS5's driving the query by rowid), not found by reading rows. */
  function assertTrigramLookup(plan: string, index: { postgres: string; sqlite: string }): void {
    if (process.env.LEDGERLENS_TEST_DATABASE_URL) {
      assert.match(plan, new RegExp(`Bitmap Index Scan on ${index.postgres}`, 'u'), plan);
    } else {
      assert.match(plan, new RegExp(`SCAN ${index.sqlite} VIRTUAL TABLE`, 'u'), plan);
      assert.match(plan, /SEARCH documents USING INTEGER PRIMARY KEY \(rowid=\?\)/u, plan);
      assert.doesNotMatch(plan, /documents_business_/u, plan);
    }
    assert.doesNotMatch(plan, /Seq Scan|SCAN documents\b/u, plan);
  }

  const desk = { postgres: 'documents_desk_search_trigrams', sqlite: 'documents_desk_search' };
  const filename = { postgres: 'documents_filename_trigrams', sqlite: 'documents_search' };

  test("the desk's search for a vendor, a number or an amount few documents hold uses the trigram index", async () => {
    for (const [q, expected] of [['inv-2345', ['scan_02345.pdf']], ['SUPPLIER 123 GMBH', ['scan_02623.pdf', 'scan_02123.pdf', 'scan_01623.pdf', 'scan_01123.pdf', 'scan_00623.pdf', 'scan_00123.pdf']], ['18 266,22', ['scan_02362.pdf']], ['zebra crossing', []]] as const) {
      const { plan, files } = await searched({ q, deskTerms: deskSearchTerms(q), filter: 'all' });
      assertTrigramLookup(plan, desk);
      assert.deepEqual(files, expected, q);
    }
    // Filtered to review, the same index.
    const { plan, files } = await searched({ q: 'supplier 123 gmbh', deskTerms: deskSearchTerms('supplier 123 gmbh'), filter: 'review' });
    assertTrigramLookup(plan, desk);
    assert.deepEqual(files, ['scan_01623.pdf', 'scan_00123.pdf']);
  });

  test("the API's q for a file name few documents have uses the trigram index", async () => {
    const { plan, files } = await searched({ q: 'SCAN_0234', filter: 'all' });
    assertTrigramLookup(plan, filename);
    assert.deepEqual(files, Array.from({ length: 10 }, (_, k) => `scan_0234${9 - k}.pdf`));
  });

  test('a term most documents hold reads the newest rows through the business index, in its order', async () => {
    for (const search of [{ q: 'gmbh', deskTerms: ['gmbh'] }, { q: 'scan_', deskTerms: [] }]) {
      const { plan, files } = await searched({ ...search, filter: 'all' });
      assert.match(plan, process.env.LEDGERLENS_TEST_DATABASE_URL ? /Index Scan Backward using documents_business_created/u : /SEARCH documents USING INDEX documents_business_created/u, plan);
      assert.doesNotMatch(plan, /Sort|TEMP B-TREE|Seq Scan/u, plan);
      assert.equal(files[0], `scan_0${DOCUMENTS - 1}.pdf`);
    }
  });
});
