// The review desk searches documents by vendor, number and amount as well as file name. Those live in
// the stored outcome and its corrections, so each document keeps them as one lower-cased text
// (src/documents/desk-search.ts) written when it is stored or corrected; documents stored before this
// migration get theirs here, a page of rows at a time. A migration is frozen: it carries its own copy
// of the few rules it applies (the latest correction of a path wins; a total is kept as "1234.50"), so
// a later change to how corrections apply or how the desk searches never changes what it did.
import { sql, type Kysely, type Migration } from 'kysely';

const BACKFILL_ROWS = 500;

interface Searched {
  vendor?: { name?: unknown } | null;
  document_number?: unknown;
  total?: unknown;
}

export const deskSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('documents').addColumn('desk_search', 'text', (c) => c.notNull().defaultTo('')).execute();
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; filename: string; outcome_json: string }>`select id, filename, outcome_json from documents where id > ${after} order by id limit ${BACKFILL_ROWS}`.execute(db);
      if (!rows.length) return;
      const ids = rows.map((row) => row.id);
      const { rows: corrections } = await sql<{ document_id: string; path: string; after_json: string }>`select document_id, path, after_json from corrections where document_id in (${sql.join(ids)}) order by corrected_at, id`.execute(db);
      for (const row of rows) {
        const extraction = corrected((JSON.parse(row.outcome_json) as { extraction?: Searched }).extraction ?? {}, corrections.filter((c) => c.document_id === row.id));
        await sql`update documents set desk_search = ${searchText(row.filename, extraction)} where id = ${row.id}`.execute(db);
      }
      after = rows.at(-1)!.id;
    }
  },
};

/** The searched fields with the latest correction of each applied (a whole vendor, or its name). */
function corrected(extraction: Searched, corrections: readonly { path: string; after_json: string }[]): Searched {
  const latest = new Map(corrections.map((c) => [c.path, JSON.parse(c.after_json) as unknown]));
  const out: Searched = { vendor: extraction.vendor ?? null, document_number: extraction.document_number, total: extraction.total };
  if (latest.has('vendor')) out.vendor = latest.get('vendor') as Searched['vendor'];
  if (latest.has('vendor.name')) out.vendor = { ...(out.vendor ?? {}), name: latest.get('vendor.name') };
  if (latest.has('document_number')) out.document_number = latest.get('document_number');
  if (latest.has('total')) out.total = latest.get('total');
  return out;
}

function searchText(filename: string, e: Searched): string {
  const parts = [filename, e.vendor?.name, e.document_number, typeof e.total === 'number' ? e.total.toFixed(2) : null];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('\n').toLowerCase();
}
