// Fingerprints and duplicate links. Candidates are found by exact, indexed key lookups only; the
// caller confirms them (image hashes within a distance, a missing number). Links are stored in both
// directions, so each document's list is one indexed read and deleting a document removes it from
// every other list by cascade.
import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { DialectProfile } from '../dialect.js';
import type { DocumentDuplicatesTable, DocumentFingerprintsTable } from '../tables.js';

export type FingerprintRow = DocumentFingerprintsTable;

export interface DuplicateListing {
  document_id: string;
  duplicate_id: string;
  filename: string;
  reasons: string;
}

export class DuplicatesRepository {
  constructor(
    private readonly db: Db,
    private readonly profile: DialectProfile,
  ) {}

  /**
   * Holds the business's duplicate links until the caller's transaction ends. Concurrent saves of the
   * same file in two transactions would each look up the other's fingerprints before either committed,
   * and neither would list the other. One lock per business rather than per fingerprint: an image
   * matches by a near hash, not an equal key, so per-key locks would need some 70 per document.
   * Deletion takes it too, so a save never links to a document deleted meanwhile.
   */
  async lockLinks(businessId: string): Promise<void> {
    if (!this.profile.advisoryLocks) return;
    // Per schema as well: several stores may share one database.
    await sql`select pg_advisory_xact_lock(hashtextextended('ledgerlens duplicates ' || current_schema() || ' ' || ${businessId}, 0))`.execute(this.db);
  }

  async insertFingerprints(rows: FingerprintRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('document_fingerprints').values(rows).execute();
  }

  /** Other documents' fingerprints of one kind that share a key with the given ones. */
  candidates(businessId: string, kind: FingerprintRow['kind'], keys: string[], excludeId: string): Promise<FingerprintRow[]> {
    if (!keys.length) return Promise.resolve([]);
    return this.db
      .selectFrom('document_fingerprints')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('kind', '=', kind)
      .where('key', 'in', keys)
      .where('document_id', '!=', excludeId)
      .execute();
  }

  /** Links two documents both ways and flags both as having duplicates. */
  async link(documentId: string, duplicateId: string, reasons: string): Promise<void> {
    const rows: DocumentDuplicatesTable[] = [
      { document_id: documentId, duplicate_id: duplicateId, reasons },
      { document_id: duplicateId, duplicate_id: documentId, reasons },
    ];
    await this.db.insertInto('document_duplicates').values(rows).execute();
    await this.db.updateTable('documents').set({ has_duplicates: 1 }).where('id', 'in', [documentId, duplicateId]).execute();
  }

  /** The duplicates of each given document, oldest match first. */
  listFor(documentIds: string[]): Promise<DuplicateListing[]> {
    if (!documentIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('document_duplicates as d')
      .innerJoin('documents as o', 'o.id', 'd.duplicate_id')
      .select(['d.document_id', 'd.duplicate_id', 'o.filename', 'd.reasons'])
      .where('d.document_id', 'in', documentIds)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute();
  }

  /** Before a document is deleted: its partners, whose flag must be recomputed afterwards. */
  async partnersOf(documentId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('document_duplicates').select('duplicate_id').where('document_id', '=', documentId).execute();
    return rows.map((r) => r.duplicate_id);
  }

  /** Clears the duplicates flag of those documents that no longer have any link. */
  async refreshFlags(documentIds: string[]): Promise<void> {
    if (!documentIds.length) return;
    await this.db
      .updateTable('documents')
      .set({ has_duplicates: 0 })
      .where('id', 'in', documentIds)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('document_duplicates').select('document_id').whereRef('document_duplicates.document_id', '=', 'documents.id'))))
      .execute();
  }
}
