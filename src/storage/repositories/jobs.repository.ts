// The durable batch queue. A job is claimed by setting a lease; a worker that stops renewing its
// lease (it crashed, or the process was killed) loses the job to the next claimer. Terminal writes
// check the lease owner, so a job whose lease was taken over cannot be completed twice.
import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { DialectProfile } from '../dialect.js';
import type { JobLane, JobsTable } from '../tables.js';
import type { WakeUps } from '../wake-ups.js';

export type JobRow = JobsTable;

export class JobsRepository {
  constructor(
    private readonly db: Db,
    private readonly profile: DialectProfile,
    private readonly wakeUps: WakeUps,
  ) {}

  /** A job failed at intake has no content: nothing to process, nothing kept. */
  async insert(row: JobRow, content: Buffer | null): Promise<void> {
    await this.db.insertInto('jobs').values(row).execute();
    if (!content) return;
    await this.db.insertInto('job_inputs').values({ job_id: row.id, content }).execute();
    await this.wakeUps.announce(this.db, 'jobs');
  }

  find(businessId: string, id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Claims a runnable job (queued, or processing with an expired lease) of the given lanes: a job a
   * client waits on first, then the batch job of the business whose batch job was claimed least
   * recently, each business's in the order they came. Sorting every runnable job is the price of that
   * (the oldest alone came from an index); a queue of thousands sorts in milliseconds.
   */
  async claim(owner: string, now: string, leaseUntil: string, lanes: readonly JobLane[]): Promise<JobRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let candidate = trx
        .selectFrom('jobs')
        .leftJoin('job_turns', 'job_turns.business_id', 'jobs.business_id')
        .select(['jobs.id', 'jobs.business_id', 'jobs.lane'])
        .where(({ eb, or, and }) =>
          or([eb('jobs.status', '=', 'queued'), and([eb('jobs.status', '=', 'processing'), eb('jobs.lease_expires_at', '<', now)])]),
        )
        .where('jobs.lane', 'in', lanes)
        .orderBy(sql`case when jobs.lane = 'upload' then 0 else 1 end`)
        .orderBy(sql`coalesce(job_turns.claimed_at, '')`)
        .orderBy('jobs.created_at')
        .orderBy('jobs.position')
        .limit(1);
      if (this.profile.skipLocked) candidate = candidate.forUpdate('jobs').skipLocked();
      const row = await candidate.executeTakeFirst();
      if (!row) return undefined;
      if (row.lane === 'batch') {
        await trx
          .insertInto('job_turns')
          .values({ business_id: row.business_id, claimed_at: now })
          .onConflict((oc) => oc.column('business_id').doUpdateSet({ claimed_at: now }))
          .execute();
      }
      return trx
        .updateTable('jobs')
        .set((eb) => ({
          status: 'processing',
          lease_owner: owner,
          lease_expires_at: leaseUntil,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirst();
    });
  }

  async renewLease(id: string, owner: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_expires_at: leaseUntil })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async readInput(id: string): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('job_inputs').select('content').where('job_id', '=', id).executeTakeFirst();
    return row?.content;
  }

  /**
   * Moves a job this owner holds to a terminal state and drops its input. False when the lease
   * was lost: the caller's transaction must then be rolled back.
   */
  async finish(
    id: string,
    owner: string,
    outcome: { status: 'succeeded' } | { status: 'failed'; code: string; message: string },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: outcome.status,
        error_code: outcome.status === 'failed' ? outcome.code : null,
        error_message: outcome.status === 'failed' ? outcome.message : null,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.deleteFrom('job_inputs').where('job_id', '=', id).execute();
    return true;
  }

  /** Gives a job back to the queue at once (graceful shutdown), without waiting for its lease to run out. */
  async release(id: string, owner: string, now: string): Promise<void> {
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'queued', lease_owner: null, lease_expires_at: null, attempts: eb('attempts', '-', 1), updated_at: now }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    // Another process's worker can take it now.
    if (Number(result.numUpdatedRows) === 1) await this.wakeUps.announce(this.db, 'jobs');
  }

  /** A deleted document's job keeps its id and its document id (its outcome), not the file's name. */
  async eraseDocument(businessId: string, documentId: string): Promise<void> {
    await this.db.updateTable('jobs').set({ filename: '' }).where('business_id', '=', businessId).where('document_id', '=', documentId).execute();
  }

  /** The jobs of the given batches, for reports that follow them (e.g. an email's attachments). */
  listByBatches(batchIds: string[]): Promise<JobRow[]> {
    if (!batchIds.length) return Promise.resolve([]);
    return this.db.selectFrom('jobs').selectAll().where('batch_id', 'in', batchIds).orderBy('position').execute();
  }

  /** Jobs of the business not yet ended: documents it will add. */
  async countPending(businessId: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .where('status', 'in', ['queued', 'processing'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Jobs of every business waiting and running, for the queue-depth metric. */
  async countActive(): Promise<{ queued: number; processing: number }> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['queued', 'processing'])
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { queued: count('queued'), processing: count('processing') };
  }
}
