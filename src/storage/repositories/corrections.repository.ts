import type { Db } from '../database.js';
import type { CorrectionsTable } from '../tables.js';

export type CorrectionRow = CorrectionsTable;

export class CorrectionsRepository {
  constructor(private readonly db: Db) {}

  async add(rows: CorrectionRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('corrections').values(rows).execute();
  }

  /** The corrections of several documents, oldest first, by document. */
  async listForDocuments(documentIds: readonly string[]): Promise<Map<string, CorrectionRow[]>> {
    const byDocument = new Map<string, CorrectionRow[]>();
    if (!documentIds.length) return byDocument;
    const rows = await this.db.selectFrom('corrections').selectAll().where('document_id', 'in', documentIds).orderBy('corrected_at').orderBy('id').execute();
    for (const row of rows) byDocument.set(row.document_id, [...(byDocument.get(row.document_id) ?? []), row]);
    return byDocument;
  }

  /** A document's corrections, oldest first (a later one of a path overrides an earlier one). */
  listFor(documentId: string): Promise<CorrectionRow[]> {
    return this.db.selectFrom('corrections').selectAll().where('document_id', '=', documentId).orderBy('corrected_at').orderBy('id').execute();
  }
}
