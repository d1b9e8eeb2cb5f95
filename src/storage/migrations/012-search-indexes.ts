// The desk's search (desk_search) and the API's `q` (filename_search) are substring searches, a
// LIKE '%term%' no b-tree answers: at 100,000 documents a term found in few documents read the
// business's whole history (desk p95 160 ms on SQLite, 186 ms on PostgreSQL). Trigram indexes answer
// them: on SQLite an FTS5 trigram table over desk_search, beside migration 003's over filename_search;
// on PostgreSQL pg_trgm's GIN indexes over both, which the planner uses for LIKE itself. The LIKE stays
// in every query, so an index only narrows the rows and the answers are the same with it or without.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectProfile } from '../dialect.js';

export const searchIndexes = (profile: DialectProfile): Migration => ({
  async up(db: Kysely<unknown>) {
    if (profile.substringIndex === 'fts5-trigram') await deskSearchTable(db);
    else await trigramIndexes(db);
  },
});

/** Kept in step by triggers; desk_search changes at each correction, so an update re-indexes the row. */
async function deskSearchTable(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table documents_desk_search using fts5(desk_search, content='documents', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`create trigger documents_desk_search_insert after insert on documents begin
    insert into documents_desk_search(rowid, desk_search) values (new.rowid, new.desk_search);
  end`.execute(db);
  await sql`create trigger documents_desk_search_delete after delete on documents begin
    insert into documents_desk_search(documents_desk_search, rowid, desk_search) values ('delete', old.rowid, old.desk_search);
  end`.execute(db);
  await sql`create trigger documents_desk_search_update after update of desk_search on documents begin
    insert into documents_desk_search(documents_desk_search, rowid, desk_search) values ('delete', old.rowid, old.desk_search);
    insert into documents_desk_search(rowid, desk_search) values (new.rowid, new.desk_search);
  end`.execute(db);
  await sql`insert into documents_desk_search(documents_desk_search) values ('rebuild')`.execute(db);
}

/**
 * pg_trgm ships with PostgreSQL's contrib package and is a trusted extension (any role that may create
 * objects in the database may add it). A server without it, or a role refused it, keeps the LIKE scans
 * rather than failing to start: docs/scaling.md says how to add the indexes later. An extension
 * already there, in whatever schema, is used where it is; a new one goes into this store's schema.
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  const { rows: available } = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.length) return;
  // The extension is the database's, not the schema's: stores of other schemas may be adding it at
  // the same moment, and the loser of that race would fail on the catalogue's unique key.
  await sql`select pg_advisory_xact_lock(hashtext('ledgerlens pg_trgm'))`.execute(db);
  // Migrations run in one transaction: a refused CREATE EXTENSION must not abort it.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const operators = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
  await sql`create index documents_filename_trigrams on documents using gin (filename_search ${operators})`.execute(db);
  await sql`create index documents_desk_search_trigrams on documents using gin (desk_search ${operators})`.execute(db);
}
