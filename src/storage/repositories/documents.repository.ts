import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../database.js';
import type { DialectProfile } from '../dialect.js';
import type { DocumentsTable } from '../tables.js';

export type DocumentRow = DocumentsTable;
export type DocumentSummaryRow = Omit<DocumentsTable, 'outcome_json' | 'desk_search'>;

/** The public list's filters, and the review desk's `approved`. */
export type ListFilter = 'all' | 'review' | 'duplicates' | 'approved';

export interface ListPage {
  businessId: string;
  limit: number;
  /** Rows strictly older than this position (newest-first order). */
  after: { createdAt: string; id: string } | null;
  q: string;
  filter: ListFilter;
  /** The review desk searches these (any of them) in desk_search instead of `q` in the file name. */
  deskTerms?: readonly string[];
}

const SUMMARY_COLUMNS = [
  'id',
  'business_id',
  'filename',
  'filename_search',
  'content_type',
  'size_bytes',
  'status',
  'pages',
  'confidence',
  'created_at',
  'processing_ms',
  'needs_review',
  'has_duplicates',
  'source_channel',
  'email_id',
  'file_sha256',
  'approved_at',
  'approved_by',
] as const;

/** Up to this many matching rows (of every business), the index beats reading the history newest first (measured at 100,000 documents). */
const RARE_TERM_ROWS = 2000;

interface Searched {
  column: 'filename_search' | 'desk_search';
  /** SQLite's FTS5 trigram table over the column. */
  trigrams: string;
}

/** The API's `q` looks in file names; the review desk's search in desk_search (file name, vendor, number, total). */
const SEARCHED = {
  filename: { column: 'filename_search', trigrams: 'documents_search' },
  desk: { column: 'desk_search', trigrams: 'documents_desk_search' },
} as const satisfies Record<string, Searched>;

/** LIKE treats % and _ as wildcards; a search for "50%_off" means those characters literally. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class DocumentsRepository {
  constructor(
    private readonly db: Db,
    private readonly profile: DialectProfile,
  ) {}

  async insert(row: DocumentRow, content: Buffer): Promise<void> {
    await this.db.insertInto('documents').values(row).execute();
    await this.db.insertInto('files').values({ document_id: row.id, content }).execute();
  }

  find(businessId: string, id: string): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').selectAll().where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  }

  /** The stored upload, scoped to its business. */
  async fileContent(businessId: string, id: string): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom('files')
      .innerJoin('documents', 'documents.id', 'files.document_id')
      .select('files.content')
      .where('documents.business_id', '=', businessId)
      .where('documents.id', '=', id)
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  }

  /** Fetches limit + 1 rows so the caller knows whether another page follows. */
  async listPage(page: ListPage): Promise<DocumentSummaryRow[]> {
    return (await this.pageQuery(page)).select(SUMMARY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit + 1).execute();
  }

  /** The same page as listPage, whole rows (the review desk shows their fields). */
  async listWholePage(page: ListPage): Promise<DocumentRow[]> {
    return (await this.pageQuery(page)).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit + 1).execute();
  }

  /** The business's documents a page may hold: filter, search and position; selection and order are the caller's. */
  private async pageQuery(page: ListPage) {
    const deskTerms = page.deskTerms ?? [];
    const search = deskTerms.length
      ? await this.containsAny(SEARCHED.desk, deskTerms)
      : page.q
        ? await this.containsAny(SEARCHED.filename, [page.q.toLowerCase()])
        : null;
    // SQLite, without statistics, would rather read the business's whole history through its index
    // and test each row than look up the few rows the trigram table named: a unary + keeps the
    // business's indexes out of that query.
    const business = search?.fromTrigramTable ? sql<string>`+business_id` : sql.ref('business_id');
    let query = this.db.selectFrom('documents').where(business, '=', page.businessId);
    if (search) query = query.where(search.condition);
    if (page.filter === 'review') query = query.where('needs_review', '=', 1);
    if (page.filter === 'duplicates') query = query.where('has_duplicates', '=', 1);
    if (page.filter === 'approved') query = query.where('approved_at', 'is not', null);
    if (page.after) {
      const { createdAt, id } = page.after;
      query = query.where(({ eb, or, and }) =>
        or([eb('created_at', '<', createdAt), and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
      );
    }
    return query;
  }

  /**
   * Rows whose searched text holds any of the terms. The LIKE decides, so every path finds the same
   * rows. On PostgreSQL the planner answers it from the pg_trgm index or by reading the newest rows,
   * by its statistics. SQLite has no such statistics, so this asks the trigram table how many rows hold
   * the terms: a few, and the query reads only those; many, and reading the business's newest rows
   * fills a page sooner than the thousands the index would hand back.
   */
  private async containsAny(searched: Searched, terms: readonly string[]): Promise<{ condition: RawBuilder<boolean>; fromTrigramTable: boolean }> {
    const like = sql<boolean>`(${sql.join(terms.map((term) => sql`${sql.ref(searched.column)} like ${likeContains(term)} escape '\\'`), sql` or `)})`;
    const scan = { condition: like, fromTrigramTable: false };
    // The trigram tokenizer finds nothing shorter than three characters.
    if (this.profile.substringIndex !== 'fts5-trigram' || terms.some((term) => [...term].length < 3)) return scan;
    const table = sql.table(searched.trigrams);
    const match = terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from ${table} where ${table} match ${match} limit ${RARE_TERM_ROWS})`.execute(this.db);
    if (Number(rows[0]?.n ?? 0) >= RARE_TERM_ROWS) return scan;
    return { condition: sql<boolean>`rowid in (select rowid from ${table} where ${table} match ${match}) and ${like}`, fromTrigramTable: true };
  }

  /** Whole rows of a business, newest first, `limit` at a time after `after` (the export reads them all). */
  rowsPage(businessId: string, after: { createdAt: string; id: string } | null, limit: number): Promise<DocumentRow[]> {
    let query = this.db.selectFrom('documents').selectAll().where('business_id', '=', businessId);
    if (after) {
      const { createdAt, id } = after;
      query = query.where(({ eb, or, and }) => or([eb('created_at', '<', createdAt), and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Approved documents of every business, by id, `limit` at a time after `afterId` (training on corrections reads them all). */
  approvedPage(afterId: string, limit: number): Promise<DocumentRow[]> {
    return this.db.selectFrom('documents').selectAll().where('approved_at', 'is not', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }

  /** After a correction: whether the document still has fields to review (approval clears it for good), and what the desk finds it by. */
  async afterCorrection(businessId: string, id: string, state: { needsReview: boolean; deskSearch: string }): Promise<void> {
    await this.db
      .updateTable('documents')
      .set({ needs_review: state.needsReview ? 1 : 0, desk_search: state.deskSearch })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .execute();
  }

  async approve(businessId: string, id: string, by: string, at: string): Promise<void> {
    await this.db.updateTable('documents').set({ approved_at: at, approved_by: by, needs_review: 0 }).where('business_id', '=', businessId).where('id', '=', id).execute();
  }

  /** Removes the document and (by cascade) its file, fingerprints, duplicate links and corrections; the usage ledger keeps its row. */
  async delete(businessId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('documents').where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
