// The first schema. Written with Kysely's schema builder and portable types only, so the same
// migration creates the tables in SQLite and in PostgreSQL.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectProfile } from '../dialect.js';

export const initial = (profile: DialectProfile): Migration => ({
  async up(db: Kysely<unknown>) {
    const binary = sql.raw(profile.binaryType);
    const float = sql.raw(profile.floatType);

    await db.schema
      .createTable('businesses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_business').on('api_keys').column('business_id').execute();

    await db.schema
      .createTable('documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('filename_search', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('pages', 'integer', (c) => c.notNull())
      .addColumn('confidence', float, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('processing_ms', 'integer', (c) => c.notNull())
      .addColumn('needs_review', 'integer', (c) => c.notNull())
      .addColumn('has_duplicates', 'integer', (c) => c.notNull())
      .addColumn('source_channel', 'text', (c) => c.notNull())
      .addColumn('file_sha256', 'text', (c) => c.notNull())
      .addColumn('outcome_json', 'text', (c) => c.notNull())
      .execute();
    // Newest-first keyset paging per business, plain and filtered.
    await db.schema.createIndex('documents_business_created').on('documents').columns(['business_id', 'created_at', 'id']).execute();
    await db.schema
      .createIndex('documents_business_review')
      .on('documents')
      .columns(['business_id', 'needs_review', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('documents_business_duplicates')
      .on('documents')
      .columns(['business_id', 'has_duplicates', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('files')
      .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
      .addColumn('content', binary, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('batch_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.notNull().unique())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('declared_type', 'text')
      .addColumn('options_json', 'text', (c) => c.notNull())
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'created_at', 'position']).execute();

    await db.schema
      .createTable('job_inputs')
      .addColumn('job_id', 'text', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
      .addColumn('content', binary, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('usage_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('doc_type', 'text', (c) => c.notNull())
      .addColumn('pages', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('usage_ledger_business').on('usage_ledger').columns(['business_id', 'created_at']).execute();

    await db.schema
      .createTable('callbacks')
      .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('last_http_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .execute();
    await db.schema.createIndex('deliveries_business').on('deliveries').columns(['business_id', 'created_at']).execute();
    await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();
  },
});
