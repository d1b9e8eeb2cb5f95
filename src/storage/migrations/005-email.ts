// The email channel: each business's inbound address, the senders it approved or blocked, and every
// message received (the record that makes a retried delivery a no-op). Held mail keeps its raw
// message in a table of its own until the sender is approved (then it becomes jobs), blocked or
// removed (discarded), or it expires. Documents from email carry their email_id, unique per business,
// so the same attachment can never be stored twice even if two deliveries race.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectProfile } from '../dialect.js';

export const email = (profile: DialectProfile): Migration => ({
  async up(db: Kysely<unknown>) {
    const binary = sql.raw(profile.binaryType);

    await db.schema.alterTable('documents').addColumn('email_id', 'text').execute();
    // NULLs are distinct in a unique index on both backends, so API documents never collide.
    await db.schema.createIndex('documents_business_email').on('documents').columns(['business_id', 'email_id']).unique().execute();

    await db.schema
      .createTable('email_inboxes')
      .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('email_senders')
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_senders_pk', ['business_id', 'address'])
      .execute();

    await db.schema
      .createTable('email_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('message_key', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text')
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'text')
      .addColumn('summary_json', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema.createIndex('email_messages_key').on('email_messages').columns(['business_id', 'message_key']).unique().execute();
    await db.schema.createIndex('email_messages_sender').on('email_messages').columns(['business_id', 'sender', 'status']).execute();
    await db.schema.createIndex('email_messages_received').on('email_messages').columns(['business_id', 'received_at']).execute();
    await db.schema.createIndex('email_messages_status').on('email_messages').columns(['status', 'received_at']).execute();

    await db.schema
      .createTable('email_held_content')
      .addColumn('message_id', 'text', (c) => c.primaryKey().references('email_messages.id').onDelete('cascade'))
      .addColumn('content', binary, (c) => c.notNull())
      .execute();
  },
});
