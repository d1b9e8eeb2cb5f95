// Deleting a document scrubs its callback events (their payload is the whole document, raw text
// included); this index finds them without reading every delivery of the business.
import type { Kysely, Migration } from 'kysely';

export const eraseDeliveries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('deliveries_document').on('deliveries').column('document_id').execute();
  },
};
