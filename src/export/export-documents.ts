// One export: the selected documents in the format asked for, as a file with a name that says what
// it holds. The generic sheets (csv, xlsx), the bill imports of Xero and QuickBooks Online, a DATEV
// Buchungsstapel, or the approved documents as EN 16931 UBL invoices (a zip; the CLI writes the
// files into a folder instead).
import { systemClock, type Clock } from '../clock.js';
import { invalidRequest } from '../errors.js';
import type { ExportQuery } from '../schemas/dashboard.schema.js';
import type { ExportFormat, ExportSheet } from '../schemas/export.schema.js';
import type { Store } from '../storage/store.js';
import { bookingGroups, vatGroups } from './amounts.js';
import { DOCUMENT_COLUMNS, LINE_ITEM_COLUMNS, VAT_RATE_COLUMNS, type ExportedDocument } from './columns.js';
import { writeDatevBatch } from './formats/datev.js';
import { writeQuickBooksBills } from './formats/quickbooks.js';
import { ublInvoice } from './formats/ubl.js';
import { writeXeroBills } from './formats/xero.js';
import { selectDocuments, type ExportSelection } from './select-documents.js';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, writeRows } from './write-file.js';
import { zipFiles } from './zip.js';

export interface ExportRequest extends ExportSelection {
  sheet: ExportSheet;
  format: ExportFormat;
  datev: { consultant: string; client: string };
}

export interface ExportFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** DATEV's own example numbers: an import into a real client needs that client's numbers. */
const DATEV_PLACEHOLDER = { consultant: '1001', client: '1' };

/** The query's choices with their defaults: the documents sheet, CSV, every state, every date. */
export function exportRequest(query: ExportQuery): ExportRequest {
  if (query.from && query.to && query.from > query.to) throw invalidRequest('from is after to');
  const format = query.format ?? 'csv';
  // An e-invoice says the document is what was agreed: only a person's approval makes it so.
  if (format === 'ubl' && query.state && query.state !== 'approved' && query.state !== 'all') throw invalidRequest('the ubl format exports approved documents only: leave state out or make it approved');
  return {
    sheet: query.sheet ?? 'documents',
    format,
    state: format === 'ubl' ? 'approved' : (query.state ?? 'all'),
    from: query.from,
    to: query.to,
    datev: { consultant: query.datev_consultant ?? DATEV_PLACEHOLDER.consultant, client: query.datev_client ?? DATEV_PLACEHOLDER.client },
  };
}

export async function exportDocuments(store: Store, businessId: string, request: ExportRequest, clock: Clock = systemClock): Promise<ExportFile> {
  const documents = await selectDocuments(store, businessId, request);
  const name = exportName(request);
  switch (request.format) {
    case 'csv':
    case 'xlsx': {
      const bytes = await writeSheet(documents, request.sheet, request.format);
      return { filename: `ledgerlens-${request.sheet.replace('_', '-')}${name}.${request.format}`, contentType: request.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE, bytes };
    }
    case 'xero':
      requireAmounts(documents);
      return { filename: `ledgerlens-xero-bills${name}.csv`, contentType: CSV_CONTENT_TYPE, bytes: await writeXeroBills(documents) };
    case 'quickbooks':
      requireAmounts(documents);
      return { filename: `ledgerlens-quickbooks-bills${name}.csv`, contentType: CSV_CONTENT_TYPE, bytes: await writeQuickBooksBills(documents) };
    case 'datev':
      requireAmounts(documents);
      // DATEV finds a batch by its name's EXTF_ prefix.
      return { filename: `EXTF_ledgerlens-buchungsstapel${name}.csv`, contentType: 'text/csv; charset=windows-1252', bytes: writeDatevBatch(documents, { ...request.datev, createdAt: clock.now() }) };
    case 'ubl': {
      const { invoices, refused } = ublInvoices(documents);
      if (!invoices.length) throw invalidRequest(refused.length ? `no document could be made an e-invoice: ${refused.map(refusalText).join('; ')}` : 'there are no approved documents to export in that range');
      const entries = invoices.map((invoice) => ({ name: invoice.filename, bytes: Buffer.from(invoice.xml, 'utf8') }));
      // The refused are listed in the archive, so a bookkeeper sees what is missing and from which document.
      if (refused.length) entries.push({ name: 'refused.txt', bytes: Buffer.from(`${refused.map(refusalText).join('\n')}\n`, 'utf8') });
      return { filename: `ledgerlens-einvoices${name}.zip`, contentType: 'application/zip', bytes: zipFiles(entries, clock.now()) };
    }
  }
}

export interface RefusedDocument {
  document: ExportedDocument;
  /** The business terms missing, or the amounts that disagree. */
  reasons: string[];
}

export function ublInvoices(documents: readonly ExportedDocument[]): { invoices: { filename: string; xml: string; document: ExportedDocument }[]; refused: RefusedDocument[] } {
  const invoices: { filename: string; xml: string; document: ExportedDocument }[] = [];
  const refused: RefusedDocument[] = [];
  for (const document of documents) {
    const outcome = ublInvoice(document);
    if ('refused' in outcome) refused.push({ document, reasons: outcome.refused });
    else invoices.push({ ...outcome, document });
  }
  return { invoices, refused };
}

export function refusalText({ document, reasons }: RefusedDocument): string {
  const number = document.document.extraction.document_number;
  return `${document.document.filename}${number ? ` (${number})` : ''}, ${document.document.id}: ${reasons.join(', ')}`;
}

function writeSheet(documents: ExportedDocument[], sheet: ExportSheet, format: 'csv' | 'xlsx'): Promise<Buffer> {
  switch (sheet) {
    case 'documents':
      return writeRows(DOCUMENT_COLUMNS, documents, format, 'Documents');
    case 'line_items':
      return writeRows(LINE_ITEM_COLUMNS, documents.flatMap((of) => of.document.extraction.line_items.map((item, index) => ({ of, index, item }))), format, 'Line items');
    case 'vat_rates':
      return writeRows(VAT_RATE_COLUMNS, documents.flatMap((of) => (vatGroups(of.document.extraction) ?? []).map((group) => ({ of, group }))), format, 'VAT rates');
  }
}

/** A booking import of a document without any amount would book nothing and say nothing. */
function requireAmounts(documents: readonly ExportedDocument[]): void {
  const without = documents.filter((d) => !bookingGroups(d.document.extraction).length);
  if (without.length) throw invalidRequest(`${without.length} document(s) have no total to book: ${without.slice(0, 5).map((d) => `${d.document.filename} (${d.document.id})`).join(', ')}; correct them or choose another range or state`);
}

function exportName(request: ExportRequest): string {
  const range = request.from || request.to ? `-${request.from ?? 'start'}-to-${request.to ?? 'now'}` : '';
  const state = request.state === 'all' || request.format === 'ubl' ? '' : `-${request.state.replace('_', '-')}`;
  return `${range}${state}`;
}
