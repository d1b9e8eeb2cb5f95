import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { DialectProfile } from '../dialect.js';
import type { VendorDocumentsTable, VendorFactKind, VendorFactsTable, VendorsTable } from '../tables.js';

export type VendorRow = VendorsTable;
export type VendorFactRow = VendorFactsTable;
export type VendorDocumentRow = VendorDocumentsTable;

/** Every query names the business: a directory is never read or written across businesses. */
export class VendorsRepository {
  constructor(
    private readonly db: Db,
    private readonly profile: DialectProfile,
  ) {}

  /**
   * Until the transaction ends, no other process learns into or edits this business's directory: two
   * approvals of a new vendor's documents at once would each find no vendor and make one.
   */
  async lockDirectory(businessId: string): Promise<void> {
    if (!this.profile.advisoryLocks) return;
    await sql`select pg_advisory_xact_lock(hashtextextended('ledgerlens vendors ' || current_schema() || ' ' || ${businessId}, 0))`.execute(this.db);
  }

  list(businessId: string): Promise<VendorRow[]> {
    return this.db.selectFrom('vendors').selectAll().where('business_id', '=', businessId).orderBy('name_key').orderBy('id').execute();
  }

  find(businessId: string, id: string): Promise<VendorRow | undefined> {
    return this.db.selectFrom('vendors').selectAll().where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: VendorRow): Promise<void> {
    await this.db.insertInto('vendors').values(row).execute();
  }

  async rename(businessId: string, id: string, name: string, nameKey: string, at: string): Promise<void> {
    await this.db.updateTable('vendors').set({ name, name_key: nameKey, updated_at: at }).where('business_id', '=', businessId).where('id', '=', id).execute();
  }

  async touch(businessId: string, id: string, at: string): Promise<void> {
    await this.db.updateTable('vendors').set({ updated_at: at }).where('business_id', '=', businessId).where('id', '=', id).execute();
  }

  async delete(businessId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('vendors').where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The vendors of the business known by any of `values` of `kind`. */
  async findByFacts(businessId: string, kind: VendorFactKind, values: readonly string[]): Promise<string[]> {
    if (!values.length) return [];
    const rows = await this.db.selectFrom('vendor_facts').select('vendor_id').distinct().where('business_id', '=', businessId).where('kind', '=', kind).where('value', 'in', values).execute();
    return rows.map((r) => r.vendor_id);
  }

  /** The facts of the vendors, oldest first. */
  facts(businessId: string, vendorIds: readonly string[]): Promise<VendorFactRow[]> {
    if (!vendorIds.length) return Promise.resolve([]);
    return this.db.selectFrom('vendor_facts').selectAll().where('business_id', '=', businessId).where('vendor_id', 'in', vendorIds).orderBy('created_at').orderBy('id').execute();
  }

  async addFacts(rows: VendorFactRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('vendor_facts').values(rows).execute();
  }

  /** What one document showed and its link (before it is learned again). */
  async forgetDocument(businessId: string, documentId: string): Promise<void> {
    await this.db.deleteFrom('vendor_facts').where('business_id', '=', businessId).where('document_id', '=', documentId).execute();
    await this.db.deleteFrom('vendor_documents').where('business_id', '=', businessId).where('document_id', '=', documentId).execute();
  }

  /** A person's list of values of `kind` in place of everything known of that kind. */
  async replaceFacts(businessId: string, vendorId: string, kind: VendorFactKind, rows: VendorFactRow[]): Promise<void> {
    await this.db.deleteFrom('vendor_facts').where('business_id', '=', businessId).where('vendor_id', '=', vendorId).where('kind', '=', kind).execute();
    await this.addFacts(rows);
  }

  /** The vendor's approved documents, newest first. */
  documents(businessId: string, vendorId: string, limit: number): Promise<VendorDocumentRow[]> {
    return this.db.selectFrom('vendor_documents').selectAll().where('business_id', '=', businessId).where('vendor_id', '=', vendorId).orderBy('linked_at', 'desc').orderBy('document_id', 'desc').limit(limit).execute();
  }

  async documentCounts(businessId: string): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('vendor_documents').select(['vendor_id', (eb) => eb.fn.countAll<number>().as('n')]).where('business_id', '=', businessId).groupBy('vendor_id').execute();
    return new Map(rows.map((r) => [r.vendor_id, Number(r.n)]));
  }

  async link(row: VendorDocumentRow): Promise<void> {
    await this.db.insertInto('vendor_documents').values(row).execute();
  }

  /** Everything known of `from` becomes `into`'s. */
  async moveAll(businessId: string, from: string, into: string): Promise<void> {
    await this.db.updateTable('vendor_facts').set({ vendor_id: into }).where('business_id', '=', businessId).where('vendor_id', '=', from).execute();
    await this.db.updateTable('vendor_documents').set({ vendor_id: into }).where('business_id', '=', businessId).where('vendor_id', '=', from).execute();
  }

  /** Vendors no approved document and no typed fact supports any more (their documents were deleted). */
  async deleteUnsupported(businessId: string): Promise<void> {
    await this.db
      .deleteFrom('vendors')
      .where('business_id', '=', businessId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('vendor_documents').select('document_id').whereRef('vendor_documents.vendor_id', '=', 'vendors.id'))),
      )
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('vendor_facts').select('id').whereRef('vendor_facts.vendor_id', '=', 'vendors.id'))))
      .execute();
  }
}
