// Requests per API key per minute, counted in the database so that a limit holds across every API
// process sharing it. One row per key and minute; a key's older rows are removed as it goes.
import type { Kysely, Migration } from 'kysely';

export const rateWindows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_windows')
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_windows_pk', ['key_id', 'window_start'])
      .execute();
  },
};
