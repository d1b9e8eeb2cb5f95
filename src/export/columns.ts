// The export's columns, one list per sheet. A column says what a bookkeeper's import expects to find:
// the value as the API shows it (corrections applied), a number as a number, a date as YYYY-MM-DD.
import { reviewState } from '../documents/present-document.js';
import type { Document } from '../schemas/document.schema.js';
import type { LineItem, Party } from '../schemas/document-fields.schema.js';
import { documentType, type VatGroup } from './amounts.js';

export type ColumnKind = 'text' | 'number' | 'date';
export type CellValue = string | number | null;

export interface Column<Row> {
  header: string;
  kind: ColumnKind;
  value: (row: Row) => CellValue | undefined;
}

export interface ExportedDocument {
  document: Document;
  approvedAt: string | null;
  approvedBy: string | null;
}

const x = (d: ExportedDocument) => d.document.extraction;

/** The identifiers and address of a party, prefixed `vendor_` or `customer_`. */
function partyColumns(role: 'vendor' | 'customer'): Column<ExportedDocument>[] {
  const party = (d: ExportedDocument): Party | null | undefined => x(d)[role];
  const member = (name: keyof Party, header: string = name): Column<ExportedDocument> => ({ header: `${role}_${header}`, kind: 'text', value: (d) => party(d)?.[name] });
  return [member('name'), member('vat_id'), member('registry_code'), member('address', 'street'), member('postal_code'), member('city'), member('country'), member('email')];
}

export const DOCUMENT_COLUMNS: Column<ExportedDocument>[] = [
  { header: 'document_id', kind: 'text', value: (d) => d.document.id },
  { header: 'filename', kind: 'text', value: (d) => d.document.filename },
  { header: 'received_at', kind: 'text', value: (d) => d.document.created_at },
  { header: 'review_state', kind: 'text', value: (d) => reviewState(d.document, d.approvedAt) },
  { header: 'review_fields', kind: 'text', value: (d) => d.document.review_fields.join(' ') },
  { header: 'approved_at', kind: 'text', value: (d) => d.approvedAt },
  { header: 'approved_by', kind: 'text', value: (d) => d.approvedBy },
  { header: 'document_type', kind: 'text', value: (d) => documentType(x(d)) },
  ...partyColumns('vendor'),
  ...partyColumns('customer'),
  { header: 'document_number', kind: 'text', value: (d) => x(d).document_number },
  { header: 'issue_date', kind: 'date', value: (d) => x(d).issue_date },
  { header: 'due_date', kind: 'date', value: (d) => x(d).due_date },
  { header: 'currency', kind: 'text', value: (d) => x(d).currency },
  { header: 'subtotal', kind: 'number', value: (d) => x(d).subtotal },
  { header: 'vat_amount', kind: 'number', value: (d) => x(d).vat_amount },
  { header: 'total', kind: 'number', value: (d) => x(d).total },
  { header: 'amount_due', kind: 'number', value: (d) => x(d).amount_due },
  { header: 'iban', kind: 'text', value: (d) => x(d).banks?.[0]?.iban },
  { header: 'payment_method', kind: 'text', value: (d) => x(d).payment?.method },
  { header: 'line_items', kind: 'number', value: (d) => x(d).line_items.length },
];

export interface ExportedItem {
  of: ExportedDocument;
  index: number;
  item: LineItem;
}

export const LINE_ITEM_COLUMNS: Column<ExportedItem>[] = [
  { header: 'document_id', kind: 'text', value: (r) => r.of.document.id },
  { header: 'vendor_name', kind: 'text', value: (r) => x(r.of).vendor?.name },
  { header: 'document_number', kind: 'text', value: (r) => x(r.of).document_number },
  { header: 'issue_date', kind: 'date', value: (r) => x(r.of).issue_date },
  { header: 'currency', kind: 'text', value: (r) => x(r.of).currency },
  { header: 'line', kind: 'number', value: (r) => r.index + 1 },
  { header: 'description', kind: 'text', value: (r) => r.item.description },
  { header: 'code', kind: 'text', value: (r) => r.item.code },
  { header: 'quantity', kind: 'number', value: (r) => r.item.quantity },
  { header: 'unit', kind: 'text', value: (r) => r.item.unit },
  { header: 'unit_price', kind: 'number', value: (r) => r.item.unit_price },
  { header: 'subtotal', kind: 'number', value: (r) => r.item.subtotal },
  { header: 'vat_rate', kind: 'number', value: (r) => r.item.vat_rate },
  { header: 'vat_amount', kind: 'number', value: (r) => r.item.vat_amount },
  { header: 'total', kind: 'number', value: (r) => r.item.total },
];

export interface ExportedVatGroup {
  of: ExportedDocument;
  group: VatGroup;
}

/** One row per VAT rate of each document: what a booking per rate takes. A credit note's amounts are negative. */
export const VAT_RATE_COLUMNS: Column<ExportedVatGroup>[] = [
  { header: 'document_id', kind: 'text', value: (r) => r.of.document.id },
  { header: 'document_type', kind: 'text', value: (r) => documentType(x(r.of)) },
  { header: 'vendor_name', kind: 'text', value: (r) => x(r.of).vendor?.name },
  { header: 'vendor_vat_id', kind: 'text', value: (r) => x(r.of).vendor?.vat_id },
  { header: 'document_number', kind: 'text', value: (r) => x(r.of).document_number },
  { header: 'issue_date', kind: 'date', value: (r) => x(r.of).issue_date },
  { header: 'currency', kind: 'text', value: (r) => x(r.of).currency },
  { header: 'vat_rate', kind: 'number', value: (r) => r.group.rate },
  { header: 'net', kind: 'number', value: (r) => r.group.net },
  { header: 'vat', kind: 'number', value: (r) => r.group.vat },
  { header: 'gross', kind: 'number', value: (r) => r.group.gross },
];
