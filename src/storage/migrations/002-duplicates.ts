// Duplicate detection: every document's fingerprints (indexed lookup keys) and the matches found,
// stored once per direction so "which documents match this one" is a single indexed read.
import type { Kysely, Migration } from 'kysely';

export const duplicates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('document_fingerprints')
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('business_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('document_fingerprints_lookup').on('document_fingerprints').columns(['business_id', 'kind', 'key']).execute();
    await db.schema.createIndex('document_fingerprints_document').on('document_fingerprints').column('document_id').execute();

    await db.schema
      .createTable('document_duplicates')
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('duplicate_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('reasons', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('document_duplicates_pk', ['document_id', 'duplicate_id'])
      .execute();
    await db.schema.createIndex('document_duplicates_duplicate').on('document_duplicates').column('duplicate_id').execute();
  },
};
