import type { Db } from '../database.js';
import type { CallbacksTable, DeliveriesTable } from '../tables.js';

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
          secret_ciphertext: row.secret_ciphertext,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Changing the configuration cancels everything not yet delivered. */
  async cancelPending(businessId: string): Promise<number> {
    const result = await this.db
      .updateTable('deliveries')
      .set({ status: 'cancelled', next_attempt_at: null })
      .where('business_id', '=', businessId)
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  latestDeliveries(businessId: string, limit: number): Promise<Omit<DeliveriesTable, 'payload'>[]> {
    return this.db
      .selectFrom('deliveries')
      .select([
        'id',
        'business_id',
        'document_id',
        'event_id',
        'status',
        'attempts',
        'last_http_status',
        'last_error',
        'next_attempt_at',
        'created_at',
        'delivered_at',
      ])
      .where('business_id', '=', businessId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
