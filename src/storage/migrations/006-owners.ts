// Workspace owners, who sign in to the dashboard, and their sessions. A session is stored as the
// SHA-256 of its cookie token, so a copy of the database does not let anyone sign in.
import type { Kysely, Migration } from 'kysely';

export const owners: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('owners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('owner_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('owner_sessions_owner').on('owner_sessions').column('owner_id').execute();
  },
};
