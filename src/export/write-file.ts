// Rows to a file. CSV: RFC 4180 (csv-stringify), UTF-8 with a byte-order mark so a spreadsheet opens
// "Müller OÜ" as written, "." for the decimal point; a text cell that starts as a formula would
// ("=", "+", "-", "@") gets a leading "'", so a vendor name cannot run as one when the file is opened
// (CSV injection). XLSX (write-excel-file): numbers as numbers, dates as dates, headers in bold.
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type Cell } from 'write-excel-file/node';
import type { CellValue, Column } from './columns.js';

export type SheetFormat = 'csv' | 'xlsx';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `byteOrderMark: false` for files an accounting product imports rather than a person opens: an
 * importer that does not expect the mark reads it into the first header's name.
 */
export async function writeRows<Row>(columns: readonly Column<Row>[], rows: readonly Row[], format: SheetFormat, sheet: string, { byteOrderMark = true } = {}): Promise<Buffer> {
  const cells = rows.map((row) => columns.map((column) => column.value(row) ?? null));
  if (format === 'csv') {
    const text = stringify([columns.map((c) => c.header), ...cells.map((row) => row.map((value, i) => csvCell(value, columns[i]!.kind)))]);
    return Buffer.from(`${byteOrderMark ? '\ufeff' : ''}${text}`, 'utf8');
  }
  const header: Cell[] = columns.map((c) => ({ value: c.header, fontWeight: 'bold' }));
  const data = [header, ...cells.map((row) => row.map((value, i) => xlsxCell(value, columns[i]!.kind)))];
  return writeXlsxFile(data, { sheet, stickyRowsCount: 1 }).toBuffer();
}

function csvCell(value: CellValue, kind: Column<unknown>['kind']): string | number {
  if (value === null) return '';
  if (kind === 'number' || typeof value === 'number') return value;
  return /^[=+\-@\t\r]/u.test(value) ? `'${value}` : value;
}

function xlsxCell(value: CellValue, kind: Column<unknown>['kind']): Cell {
  if (value === null) return null;
  if (typeof value === 'number') return { type: Number, value };
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/u.test(value)) return { type: Date, value: new Date(`${value}T00:00:00Z`), format: 'yyyy-mm-dd' };
  return { type: String, value };
}
