// Jobs were claimed oldest first across every business: one business's batch of a thousand held the
// workers until its last document, while another business's single document waited behind it. Now a
// claim takes the business whose batch job was claimed least recently (job_turns), and a job a client
// waits on (a synchronous upload handed to the workers, lane 'upload') before any batch job.
import type { Kysely, Migration } from 'kysely';

export const jobTurns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').addColumn('lane', 'text', (c) => c.notNull().defaultTo('batch')).execute();
    await db.schema
      .createTable('job_turns')
      .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id'))
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .execute();
  },
};
