// `q` searches filenames for a substring. A LIKE '%term%' cannot use an index, so with a rare term
// a filtered page read the whole filtered history (26 ms p50 at 100,000 documents). SQLite's FTS5
// trigram index answers substrings of three or more characters from an index instead. Kept in step
// with documents by triggers; an external-content table stores no second copy of the names.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectProfile } from '../dialect.js';

export const filenameSearch = (profile: DialectProfile): Migration => ({
  async up(db: Kysely<unknown>) {
    if (profile.substringIndex !== 'fts5-trigram') return;
    await sql`create virtual table documents_search using fts5(filename_search, content='documents', content_rowid='rowid', tokenize='trigram')`.execute(db);
    await sql`create trigger documents_search_insert after insert on documents begin
      insert into documents_search(rowid, filename_search) values (new.rowid, new.filename_search);
    end`.execute(db);
    await sql`create trigger documents_search_delete after delete on documents begin
      insert into documents_search(documents_search, rowid, filename_search) values ('delete', old.rowid, old.filename_search);
    end`.execute(db);
    await sql`insert into documents_search(documents_search) values ('rebuild')`.execute(db);
  },
});
