// Facts about the installation every process of it must agree on, kept where they all look: the store.
// The first is the secret key's fingerprint (src/app/secret-key-check.ts).
import type { Kysely, Migration } from 'kysely';

export const installationSettings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('installation_settings')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};
