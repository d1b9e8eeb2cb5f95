import type { Db } from '../database.js';
import type { CallbacksTable } from '../tables.js';

export class CallbacksRepository {
  constructor(private readonly db: Db) {}

  find(businessId: string): Promise<CallbacksTable | undefined> {
    return this.db.selectFrom('callbacks').selectAll().where('business_id', '=', businessId).executeTakeFirst();
  }

  async upsert(row: CallbacksTable): Promise<void> {
    await this.db
      .insertInto('callbacks')
      .values(row)
      .onConflict((oc) =>
        oc.column('business_id').doUpdateSet({
          url: row.url,
          enabled: row.enabled,
          reviewed_events: row.reviewed_events,
          secret_ciphertext: row.secret_ciphertext,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
