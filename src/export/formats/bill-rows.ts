// The rows of a bill import (Xero, QuickBooks Online): one per bill line of each document, with
// the document it belongs to. Amounts are net of VAT, the VAT beside them; a credit note's are
// negative, which both products import as a credit.
import { billLines, bookingGroups, grossTotal, type BillLine } from '../amounts.js';
import type { ExportedDocument } from '../columns.js';

export interface BillRow {
  of: ExportedDocument;
  line: BillLine;
  /** The document's gross total, the same on each of its rows. */
  total: number;
}

export function billRows(documents: readonly ExportedDocument[]): BillRow[] {
  return documents.flatMap((of) => {
    const fields = of.document.extraction;
    const groups = bookingGroups(fields);
    const total = grossTotal(fields, groups);
    return billLines(fields, groups).map((line) => ({ of, line, total }));
  });
}

/** What a line is called in an import: its own description, else what a per-rate line stands for. */
export function lineDescription(row: BillRow): string {
  const { line } = row;
  if (line.description) return line.description;
  if (line.code) return line.code;
  const number = row.of.document.extraction.document_number;
  const rate = line.rate == null ? '' : `, VAT ${line.rate}%`;
  return `${number ? `Invoice ${number}` : row.of.document.filename}${rate}`;
}
