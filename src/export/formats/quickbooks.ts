// QuickBooks Online's bill import (Settings > Import data > Bills): one row per bill line, rows of
// one bill sharing its "Bill no". "Line Amount" is net of tax (choose "Exclusive of tax" when
// importing) and "Line Tax Amount" carries the document's VAT. "Account" and "Line Tax Code" are the
// company's own chart of accounts and tax codes: left empty for the bookkeeper to map.
import type { Column, ExportedDocument } from '../columns.js';
import { writeRows } from '../write-file.js';
import { billRows, lineDescription, type BillRow } from './bill-rows.js';

const fields = (row: BillRow) => row.of.document.extraction;

export const QUICKBOOKS_BILL_COLUMNS: Column<BillRow>[] = [
  { header: 'Bill no', kind: 'text', value: (r) => fields(r).document_number },
  { header: 'Supplier', kind: 'text', value: (r) => fields(r).vendor?.name },
  { header: 'Bill Date', kind: 'date', value: (r) => fields(r).issue_date },
  { header: 'Due Date', kind: 'date', value: (r) => fields(r).due_date ?? fields(r).issue_date },
  { header: 'Memo', kind: 'text', value: (r) => `ledgerlens ${r.of.document.id}` },
  { header: 'Account', kind: 'text', value: () => null },
  { header: 'Line Description', kind: 'text', value: lineDescription },
  { header: 'Line Amount', kind: 'number', value: (r) => r.line.net },
  { header: 'Line Tax Code', kind: 'text', value: () => null },
  { header: 'Line Tax Amount', kind: 'number', value: (r) => r.line.vat },
  { header: 'Currency', kind: 'text', value: (r) => fields(r).currency },
];

export function writeQuickBooksBills(documents: readonly ExportedDocument[]): Promise<Buffer> {
  return writeRows(QUICKBOOKS_BILL_COLUMNS, billRows(documents), 'csv', 'Bills', { byteOrderMark: false });
}
