// One export: the selected documents, or their line items, as a CSV or XLSX file with a name that
// says what it holds.
import { invalidRequest } from '../errors.js';
import type { ExportQuery } from '../schemas/dashboard.schema.js';
import type { Store } from '../storage/store.js';
import { DOCUMENT_COLUMNS, LINE_ITEM_COLUMNS } from './columns.js';
import { selectDocuments, type ExportSelection } from './select-documents.js';
import { CONTENT_TYPES, writeRows, type ExportFormat } from './write-file.js';

export const EXPORT_SHEETS = ['documents', 'line_items'] as const;
export type ExportSheet = (typeof EXPORT_SHEETS)[number];

export interface ExportRequest extends ExportSelection {
  sheet: ExportSheet;
  format: ExportFormat;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** The query's choices with their defaults: the documents sheet, CSV, every state, every date. */
export function exportRequest(query: ExportQuery): ExportRequest {
  if (query.from && query.to && query.from > query.to) throw invalidRequest('from is after to');
  return { sheet: query.sheet ?? 'documents', format: query.format ?? 'csv', state: query.state ?? 'all', from: query.from, to: query.to };
}

export async function exportDocuments(store: Store, businessId: string, request: ExportRequest): Promise<ExportFile> {
  const documents = await selectDocuments(store, businessId, request);
  const bytes =
    request.sheet === 'documents'
      ? await writeRows(DOCUMENT_COLUMNS, documents, request.format, 'Documents')
      : await writeRows(LINE_ITEM_COLUMNS, documents.flatMap((of) => of.document.extraction.line_items.map((item, index) => ({ of, index, item }))), request.format, 'Line items');
  const range = request.from || request.to ? `-${request.from ?? 'start'}-to-${request.to ?? 'now'}` : '';
  const state = request.state === 'all' ? '' : `-${request.state.replace('_', '-')}`;
  return { filename: `ledgerlens-${request.sheet.replace('_', '-')}${range}${state}.${request.format}`, contentType: CONTENT_TYPES[request.format], bytes };
}
