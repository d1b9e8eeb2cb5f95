// Several processes starting at once on a fresh PostgreSQL schema: one migrates, the others wait and
// find the schema ready. Runs with the PostgreSQL suite only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrations as allMigrations, openDatabase } from '../../src/storage/database.js';
import { DIALECT_PROFILES } from '../../src/storage/dialect.js';
import { postgresSchemaForTest } from '../helpers/server.js';

test('six stores opened at once on an empty schema all come up migrated', { skip: !process.env.LEDGERLENS_TEST_DATABASE_URL && 'runs with the PostgreSQL suite (LEDGERLENS_TEST_DATABASE_URL)' }, async () => {
  const schema = (await postgresSchemaForTest())!;
  try {
    const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ dataDir: '', databaseUrl: schema.url })));
    assert.deepEqual(opened.map((o) => o.status), Array(6).fill('fulfilled'), JSON.stringify(opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))));
    const [first] = opened as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>[];
    const migrations = await first!.value.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    assert.deepEqual(migrations.map((m) => (m as { name: string }).name).sort(), Object.keys(allMigrations(DIALECT_PROFILES.postgres)).sort(), 'each migration ran once');
    await Promise.all((opened as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>[]).map((o) => o.value.close()));
  } finally {
    await schema.drop();
  }
});

test('a store comes up migrated while other schemas of the database are being dropped', { skip: !process.env.LEDGERLENS_TEST_DATABASE_URL && 'runs with the PostgreSQL suite (LEDGERLENS_TEST_DATABASE_URL)' }, async () => {
  // Other tenants' or tests' schemas, with tables, dropped one after another while ours migrates:
  // the migrator's catalogue read spans every schema and must not fail for theirs.
  const others = await Promise.all(Array.from({ length: 12 }, () => postgresSchemaForTest()));
  for (const other of others) {
    const store = await openDatabase({ dataDir: '', databaseUrl: other!.url });
    await store.close();
  }
  const dropping = (async () => {
    for (const other of others) await other!.drop();
  })();
  const ours = await Promise.all(Array.from({ length: 6 }, () => postgresSchemaForTest()));
  try {
    const opened = await Promise.allSettled(ours.map((schema) => openDatabase({ dataDir: '', databaseUrl: schema!.url })));
    await dropping;
    assert.deepEqual(opened.map((o) => o.status), Array(6).fill('fulfilled'), JSON.stringify(opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))));
    await Promise.all((opened as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>[]).map((o) => o.value.close()));
  } finally {
    await dropping.catch(() => undefined);
    await Promise.all(ours.map((schema) => schema!.drop()));
  }
});
