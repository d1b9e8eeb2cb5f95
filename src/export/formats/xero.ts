// Xero's bill import (Business > Bills to pay > Import): the columns of Xero's own bills template,
// one row per bill line, rows of one bill sharing its *InvoiceNumber. UnitAmount is tax-exclusive
// (choose "Tax exclusive" when importing) and TaxAmount carries the document's VAT, which Xero
// takes over its own calculation. *AccountCode and *TaxType are the organisation's own chart of
// accounts and tax rates: left empty for the bookkeeper (or the contact's defaults) to fill.
import type { Column, ExportedDocument } from '../columns.js';
import { writeRows } from '../write-file.js';
import { billRows, lineDescription, type BillRow } from './bill-rows.js';

const fields = (row: BillRow) => row.of.document.extraction;
const vendor = (row: BillRow) => fields(row).vendor;
const empty = (header: string): Column<BillRow> => ({ header, kind: 'text', value: () => null });

export const XERO_BILL_COLUMNS: Column<BillRow>[] = [
  { header: '*ContactName', kind: 'text', value: (r) => vendor(r)?.name },
  { header: 'EmailAddress', kind: 'text', value: (r) => vendor(r)?.email },
  { header: 'POAddressLine1', kind: 'text', value: (r) => vendor(r)?.address },
  empty('POAddressLine2'),
  empty('POAddressLine3'),
  empty('POAddressLine4'),
  { header: 'POCity', kind: 'text', value: (r) => vendor(r)?.city },
  { header: 'PORegion', kind: 'text', value: (r) => vendor(r)?.county },
  { header: 'POPostalCode', kind: 'text', value: (r) => vendor(r)?.postal_code },
  { header: 'POCountry', kind: 'text', value: (r) => vendor(r)?.country },
  { header: '*InvoiceNumber', kind: 'text', value: (r) => fields(r).document_number },
  { header: '*InvoiceDate', kind: 'date', value: (r) => fields(r).issue_date },
  // Xero needs a due date on every bill; a receipt, paid on the spot, is due when issued.
  { header: '*DueDate', kind: 'date', value: (r) => fields(r).due_date ?? fields(r).issue_date },
  { header: 'Total', kind: 'number', value: (r) => r.total },
  empty('InventoryItemCode'),
  { header: 'Description', kind: 'text', value: lineDescription },
  { header: '*Quantity', kind: 'number', value: (r) => r.line.quantity },
  { header: '*UnitAmount', kind: 'number', value: (r) => r.line.unitPrice },
  empty('*AccountCode'),
  empty('*TaxType'),
  { header: 'TaxAmount', kind: 'number', value: (r) => r.line.vat },
  empty('TrackingName1'),
  empty('TrackingOption1'),
  empty('TrackingName2'),
  empty('TrackingOption2'),
  { header: 'Currency', kind: 'text', value: (r) => fields(r).currency },
];

export function writeXeroBills(documents: readonly ExportedDocument[]): Promise<Buffer> {
  return writeRows(XERO_BILL_COLUMNS, billRows(documents), 'csv', 'Bills', { byteOrderMark: false });
}
