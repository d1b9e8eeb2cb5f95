// A business's vendor directory, built from its approved documents: the vendors, what each approved
// document showed of its vendor (one row per fact and document, so a deleted document takes exactly
// what it alone supported), and which documents a vendor's layout and learned places come from.
// Facts a person typed have no document and stay until edited.
import type { Kysely, Migration } from 'kysely';

export const vendors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('vendors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vendors_business_name').on('vendors').columns(['business_id', 'name_key']).execute();
    await db.schema
      .createTable('vendor_facts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('business_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vendor_facts_lookup').on('vendor_facts').columns(['business_id', 'kind', 'value']).execute();
    await db.schema.createIndex('vendor_facts_vendor').on('vendor_facts').columns(['vendor_id', 'kind']).execute();
    await db.schema.createIndex('vendor_facts_document').on('vendor_facts').column('document_id').execute();
    await db.schema
      .createTable('vendor_documents')
      .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('business_id', 'text', (c) => c.notNull())
      .addColumn('layout_json', 'text', (c) => c.notNull())
      .addColumn('anchors_json', 'text', (c) => c.notNull())
      .addColumn('linked_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vendor_documents_vendor').on('vendor_documents').columns(['vendor_id', 'linked_at']).execute();
  },
};
