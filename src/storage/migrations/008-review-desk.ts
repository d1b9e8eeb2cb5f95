// The review desk: every correction a person made to a document's fields, kept as a
// record (who, when, the value before and after) rather than written over the engine's outcome, so
// the Document shows the corrected value while what the engine read stays known; and the document's
// approval. A correction goes with its document. A business's callback may also ask for the
// `document.reviewed` event (off by default: receivers written to the spec see only
// `document.processed`).
import type { Kysely, Migration } from 'kysely';

export const reviewDesk: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('corrections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('before_json', 'text', (c) => c.notNull())
      .addColumn('after_json', 'text', (c) => c.notNull())
      .addColumn('corrected_by', 'text', (c) => c.notNull())
      .addColumn('corrected_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('corrections_document').on('corrections').columns(['document_id', 'corrected_at']).execute();
    await db.schema.alterTable('documents').addColumn('approved_at', 'text').execute();
    await db.schema.alterTable('documents').addColumn('approved_by', 'text').execute();
    await db.schema.alterTable('callbacks').addColumn('reviewed_events', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
