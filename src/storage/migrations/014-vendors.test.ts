// A store made before the vendor directory gets its tables; a document's facts and link go with the
// document, a vendor nothing supports any more can be swept, a typed fact keeps its vendor, and a
// lookup never crosses businesses. On SQLite always; on PostgreSQL too with LEDGERLENS_TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { postgresSchemaForTest } from '../../../tests/helpers/server.js';
import { migrations, openDatabase } from '../database.js';
import { DIALECT_PROFILES, type DialectProfile } from '../dialect.js';
import { Store } from '../store.js';
import { localWakeUps } from '../wake-ups.js';

const AT = '2026-01-01T00:00:00.000Z';

async function beforeVendors(db: Kysely<unknown>, profile: DialectProfile, schema?: string): Promise<void> {
  const { error } = await new Migrator({ db, ...(schema ? { migrationTableSchema: schema } : {}), provider: { getMigrations: async () => migrations(profile) } }).migrateTo('013_job_turns');
  assert.equal(error, undefined);
  for (const business of ['biz_a', 'biz_b']) await sql`insert into businesses (id, name, created_at) values (${business}, ${business}, ${AT})`.execute(db);
  for (const [id, business] of [['doc_1', 'biz_a'], ['doc_2', 'biz_a'], ['doc_3', 'biz_b']]) {
    await sql`insert into documents (id, business_id, filename, filename_search, content_type, size_bytes, status, pages, confidence, created_at, processing_ms, needs_review, has_duplicates, source_channel, file_sha256, outcome_json, desk_search)
        values (${id}, ${business}, 'f.pdf', 'f.pdf', 'application/pdf', 1, 'processed', 1, 0.5, ${AT}, 1, 0, 0, 'api', 'x', '{}', '')`.execute(db);
  }
}

async function exercise(store: Store): Promise<void> {
  const { vendors } = store;
  const fact = (id: string, vendor: string, business: string, kind: 'iban' | 'vat_id', value: string, document: string | null) =>
    ({ id, vendor_id: vendor, business_id: business, kind, value, document_id: document, created_at: AT });
  await vendors.insert({ id: 'vnd_a', business_id: 'biz_a', name: 'Alpen GmbH', name_key: 'alpen gmbh', created_at: AT, updated_at: AT });
  await vendors.insert({ id: 'vnd_typed', business_id: 'biz_a', name: 'Typed Oy', name_key: 'typed oy', created_at: AT, updated_at: AT });
  await vendors.insert({ id: 'vnd_b', business_id: 'biz_b', name: 'Alpen GmbH', name_key: 'alpen gmbh', created_at: AT, updated_at: AT });
  await vendors.addFacts([
    fact('f1', 'vnd_a', 'biz_a', 'iban', 'DE62500400002953999688', 'doc_1'),
    fact('f2', 'vnd_a', 'biz_a', 'iban', 'DE62500400002953999688', 'doc_2'),
    fact('f3', 'vnd_a', 'biz_a', 'vat_id', 'DE850578223', 'doc_2'),
    fact('f4', 'vnd_typed', 'biz_a', 'vat_id', 'FI30781346', null),
    fact('f5', 'vnd_b', 'biz_b', 'iban', 'DE62500400002953999688', 'doc_3'),
  ]);
  for (const document of ['doc_1', 'doc_2']) await vendors.link({ document_id: document, vendor_id: 'vnd_a', business_id: 'biz_a', layout_json: '{"labels":[]}', anchors_json: '{}', linked_at: AT });

  assert.deepEqual(await vendors.findByFacts('biz_a', 'iban', ['DE62500400002953999688']), ['vnd_a']);
  assert.deepEqual(await vendors.findByFacts('biz_b', 'iban', ['DE62500400002953999688']), ['vnd_b']);
  assert.equal((await vendors.documentCounts('biz_a')).get('vnd_a'), 2);

  // One of two supporting documents goes: the IBAN stays, the VAT id only it showed goes.
  await store.db.deleteFrom('documents').where('id', '=', 'doc_2').execute();
  assert.deepEqual((await vendors.facts('biz_a', ['vnd_a'])).map((f) => `${f.kind} ${f.document_id}`), ['iban doc_1']);
  await vendors.deleteUnsupported('biz_a');
  assert.ok(await vendors.find('biz_a', 'vnd_a'));

  await store.db.deleteFrom('documents').where('id', '=', 'doc_1').execute();
  await vendors.deleteUnsupported('biz_a');
  assert.equal(await vendors.find('biz_a', 'vnd_a'), undefined, 'nothing supports the vendor any more');
  assert.ok(await vendors.find('biz_a', 'vnd_typed'), 'a typed fact keeps its vendor');
  assert.ok(await vendors.find('biz_b', 'vnd_b'), "the other business's vendor is its own");
  assert.equal(await vendors.find('biz_a', 'vnd_b'), undefined);
}

test('SQLite: a store made before migration 014 gets the vendor directory, whose rows follow their documents', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'll-vendors-'));
  try {
    const sqlite = new SQLite(join(dataDir, 'ledgerlens.db'));
    sqlite.pragma('foreign_keys = ON');
    const earlier = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    await beforeVendors(earlier, DIALECT_PROFILES.sqlite);
    await earlier.destroy();
    const database = await openDatabase({ dataDir, databaseUrl: null });
    try {
      await exercise(new Store(database.db, database.profile, localWakeUps()));
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('PostgreSQL: the same', { skip: !process.env.LEDGERLENS_TEST_DATABASE_URL && 'runs with LEDGERLENS_TEST_DATABASE_URL' }, async () => {
  const schema = (await postgresSchemaForTest())!;
  try {
    const name = new URL(schema.url).searchParams.get('options')!.split('=').at(-1)!;
    const earlier = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 1 }) }) });
    await beforeVendors(earlier, DIALECT_PROFILES.postgres, name);
    await earlier.destroy();
    const database = await openDatabase({ dataDir: '', databaseUrl: schema.url });
    try {
      await exercise(new Store(database.db, database.profile, localWakeUps()));
    } finally {
      await database.close();
    }
  } finally {
    await schema.drop();
  }
});
