// Callback deliveries: one row per event, queued in the transaction that stores the document. A
// worker claims due rows (FOR UPDATE SKIP LOCKED on PostgreSQL) by moving them to `sending` with a
// lease in next_attempt_at; a row still
// `sending` after its lease ran out belongs to a worker that died and is claimed again. Every write
// after the claim names the attempt it belongs to, so a late or duplicate worker cannot overwrite a
// newer state (a cancellation, or a delivery another worker finished).
import type { Db } from '../database.js';
import type { DialectProfile } from '../dialect.js';
import type { DeliveriesTable } from '../tables.js';
import type { WakeUps } from '../wake-ups.js';

export type DeliveryRow = DeliveriesTable;

export type DeliveryOutcome =
  | { status: 'delivered'; last_http_status: number; delivered_at: string }
  | { status: 'queued'; last_http_status: number | null; last_error: string; next_attempt_at: string }
  | { status: 'failed'; last_http_status: number | null; last_error: string };

export class DeliveriesRepository {
  constructor(
    private readonly db: Db,
    private readonly profile: DialectProfile,
    private readonly wakeUps: WakeUps,
  ) {}

  async insert(row: DeliveryRow): Promise<void> {
    await this.db.insertInto('deliveries').values(row).execute();
    await this.wakeUps.announce(this.db, 'deliveries');
  }

  /**
   * Claims up to `limit` rows whose time has come (queued and due, or sending with an expired lease)
   * for one attempt each, and returns them as they were before the claim. Rows whose last allowed
   * attempt was cut off are failed instead. Other workers' claims are skipped (SKIP LOCKED where the
   * database has it; SQLite runs one writer at a time), and each update re-checks the row it read.
   */
  async claimDue(now: string, leaseUntil: string, limit: number, maxAttempts: number): Promise<DeliveryRow[]> {
    return this.db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom('deliveries')
        .selectAll()
        .where('status', 'in', ['queued', 'sending'])
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit);
      if (this.profile.skipLocked) due = due.forUpdate().skipLocked();
      const claimed: DeliveryRow[] = [];
      for (const row of await due.execute()) {
        const spent = row.attempts >= maxAttempts;
        const result = await trx
          .updateTable('deliveries')
          .set(
            spent
              ? { status: 'failed', next_attempt_at: null, last_error: 'the last attempt was cut off when its worker stopped' }
              : { status: 'sending', attempts: row.attempts + 1, next_attempt_at: leaseUntil },
          )
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .where('attempts', '=', row.attempts)
          .executeTakeFirst();
        if (!spent && Number(result.numUpdatedRows) === 1) claimed.push(row);
      }
      return claimed;
    });
  }

  /** Records an attempt's result, unless the row moved on meanwhile (cancelled, or re-claimed). */
  async record(id: string, attempt: number, outcome: DeliveryOutcome): Promise<boolean> {
    const result = await this.db
      .updateTable('deliveries')
      .set({ next_attempt_at: null, last_error: null, ...outcome })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  /**
   * A deleted document's events: the payload (the whole document, raw text included) is emptied and
   * any not yet delivered is cancelled. The rows stay, without content, as the log of what was sent.
   */
  async eraseDocument(businessId: string, documentId: string): Promise<void> {
    const scope = this.db.updateTable('deliveries').where('business_id', '=', businessId).where('document_id', '=', documentId);
    await scope
      .set({ status: 'cancelled', next_attempt_at: null, last_error: 'the document was deleted' })
      .where('status', 'in', ['queued', 'sending'])
      .execute();
    await scope.set({ payload: '' }).execute();
  }

  latest(businessId: string, limit: number): Promise<Omit<DeliveryRow, 'payload'>[]> {
    return this.db
      .selectFrom('deliveries')
      .select(['id', 'business_id', 'document_id', 'event_id', 'status', 'attempts', 'last_http_status', 'last_error', 'next_attempt_at', 'created_at', 'delivered_at'])
      .where('business_id', '=', businessId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Deliveries of every business queued or being sent, for the metric. */
  async countPending(): Promise<number> {
    const row = await this.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
