// Corrections teach the engine: `ledgerlens train --with-corrections` fits the learned
// field choice on an installation's approved documents and keeps the model here, in the store every
// process of the installation shares (PostgreSQL scale-out included), not in a file of one machine.
import type { Kysely, Migration } from 'kysely';

export const learnedModels: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('learned_models')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('model_json', 'text', (c) => c.notNull())
      .addColumn('trained_at', 'text', (c) => c.notNull())
      .addColumn('documents', 'integer', (c) => c.notNull())
      .execute();
  },
};
