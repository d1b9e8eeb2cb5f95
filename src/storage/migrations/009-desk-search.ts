// The review desk searches documents by vendor, number and amount as well as file name (issue 22).
// Those live in the stored outcome and its corrections, so each document keeps them as one
// lower-cased text (src/documents/desk-search.ts) written when it is stored or corrected; documents
// stored before this migration get theirs here, a page of rows at a time.
import { sql, type Kysely, type Migration } from 'kysely';
import { withCorrections } from '../../documents/apply-corrections.js';
import { deskSearchText } from '../../documents/desk-search.js';
import type { StoredOutcome } from '../../documents/present-document.js';
import type { CorrectionRow } from '../repositories/corrections.repository.js';

const BACKFILL_ROWS = 500;

export const deskSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('documents').addColumn('desk_search', 'text', (c) => c.notNull().defaultTo('')).execute();
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; filename: string; outcome_json: string }>`select id, filename, outcome_json from documents where id > ${after} order by id limit ${BACKFILL_ROWS}`.execute(db);
      if (!rows.length) return;
      const ids = rows.map((row) => row.id);
      const { rows: corrections } = await sql<CorrectionRow>`select * from corrections where document_id in (${sql.join(ids)}) order by corrected_at, id`.execute(db);
      for (const row of rows) {
        const outcome = withCorrections(JSON.parse(row.outcome_json) as StoredOutcome, corrections.filter((c) => c.document_id === row.id));
        await sql`update documents set desk_search = ${deskSearchText(row.filename, outcome.extraction)} where id = ${row.id}`.execute(db);
      }
      after = rows.at(-1)!.id;
    }
  },
};
