// Opens the store the configuration names and brings its schema up to date. The embedded default
// is one SQLite file in the data folder; the rest of the code sees only Kysely<Tables>.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config.js';
import { DIALECT_PROFILES, type DialectProfile } from './dialect.js';
import { initial } from './migrations/001-initial.js';
import { duplicates } from './migrations/002-duplicates.js';
import { filenameSearch } from './migrations/003-filename-search.js';
import { rateWindows } from './migrations/004-rate-windows.js';
import { email } from './migrations/005-email.js';
import { owners } from './migrations/006-owners.js';
import { eraseDeliveries } from './migrations/007-erase-deliveries.js';
import { reviewDesk } from './migrations/008-review-desk.js';
import { deskSearch } from './migrations/009-desk-search.js';
import { learnedModels } from './migrations/010-learned-models.js';
import { installationSettings } from './migrations/011-installation-settings.js';
import { searchIndexes } from './migrations/012-search-indexes.js';
import { jobTurns } from './migrations/013-job-turns.js';
import { vendors } from './migrations/014-vendors.js';
import { ensurePrivateFile, ensurePrivateFolder, tightenFile } from '../security/private-files.js';
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;

export interface Database {
  readonly db: Db;
  readonly profile: DialectProfile;
  close(): Promise<void>;
}

/** Every migration by name, in the order they run; a test checks each ran exactly once. */
export function migrations(profile: DialectProfile): Record<string, Migration> {
  return {
    '001_initial': initial(profile), '002_duplicates': duplicates, '003_filename_search': filenameSearch(profile), '004_rate_windows': rateWindows,
    '005_email': email(profile), '006_owners': owners, '007_erase_deliveries': eraseDeliveries, '008_review_desk': reviewDesk,
    '009_desk_search': deskSearch, '010_learned_models': learnedModels, '011_installation_settings': installationSettings,
    '012_search_indexes': searchIndexes(profile), '013_job_turns': jobTurns, '014_vendors': vendors,
  };
}

export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  ensurePrivateFolder(config.dataDir);
  const file = join(config.dataDir, 'ledgerlens.db');
  // SQLite creates its -wal and -shm files with the database file's mode, so 0600 here covers all three.
  ensurePrivateFile(file);
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while a writer commits; a busy timeout covers a second process
  // (the CLI) touching the same file.
  sqlite.pragma('journal_mode = WAL');
  // Ones left by an earlier version that created the database with the umask's mode.
  for (const suffix of ['-wal', '-shm']) tightenFile(file + suffix);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A deleted document is removed for good: freed space is zeroed rather than left holding its text.
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  const profile = DIALECT_PROFILES.sqlite;
  await migrate(db, profile);
  return { db, profile, close: () => db.destroy() };
}

/**
 * PostgreSQL for several processes sharing one store. Migrations may start in many processes at once:
 * a session advisory lock (per schema) lets one process migrate while the others wait and then find
 * nothing left to do; without it two processes creating the same table at once can collide in the
 * catalogue even with IF NOT EXISTS.
 */
async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  const profile = DIALECT_PROFILES.postgres;
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ schema: string }>("select current_schema() as schema, pg_advisory_lock(hashtext('ledgerlens migrations ' || current_schema()))");
    // Kysely looks for its migration tables in any schema unless told which: name the connection's own
    // (search_path may point elsewhere than public, as each test's schema does).
    await migrateDespiteDroppedSchemas(db, profile, rows[0]?.schema);
  } finally {
    await lock.query("select pg_advisory_unlock(hashtext('ledgerlens migrations ' || current_schema()))").catch(() => undefined);
    lock.release();
  }
  return { db, profile, close: () => db.destroy() };
}

/**
 * Kysely's migrator looks for its table by reading the columns of every schema in the database; a
 * schema another client drops meanwhile (another tenant's, a test's) fails that catalogue query with
 * 3F000 "schema … does not exist". Nothing of ours is wrong then: look again.
 */
async function migrateDespiteDroppedSchemas(db: Db, profile: DialectProfile, schema: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(db, profile, schema);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const otherSchemaDropped = cause?.code === '3F000' && schema !== undefined && !cause.message?.includes(`"${schema}"`);
      if (!otherSchemaDropped || attempt === 5) throw error;
    }
  }
}

async function migrate(db: Db, profile: DialectProfile, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrations(profile) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
