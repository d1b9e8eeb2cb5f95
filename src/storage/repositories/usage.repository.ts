import type { Db } from '../database.js';
import type { UsageLedgerTable } from '../tables.js';

export interface UsageTotals {
  documents: number;
  pages: number;
  byType: Record<string, number>;
  lastAt: string | null;
}

/** The ledger is append-only: rows are never updated or deleted, so deleted documents stay counted. */
export class UsageRepository {
  constructor(private readonly db: Db) {}

  async append(row: UsageLedgerTable): Promise<void> {
    await this.db.insertInto('usage_ledger').values(row).execute();
  }

  async totals(businessId: string): Promise<UsageTotals> {
    const rows = await this.db
      .selectFrom('usage_ledger')
      .select((eb) => [
        'doc_type',
        eb.fn.countAll<number>().as('documents'),
        eb.fn.sum<number>('pages').as('pages'),
        eb.fn.max('created_at').as('last_at'),
      ])
      .where('business_id', '=', businessId)
      .groupBy('doc_type')
      .execute();
    const totals: UsageTotals = { documents: 0, pages: 0, byType: {}, lastAt: null };
    for (const row of rows) {
      totals.documents += Number(row.documents);
      totals.pages += Number(row.pages);
      totals.byType[row.doc_type] = Number(row.documents);
      if (row.last_at && (!totals.lastAt || row.last_at > totals.lastAt)) totals.lastAt = row.last_at;
    }
    return totals;
  }

  /** Documents counted for the business since a time (its quota period). */
  async countSince(businessId: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
