// Line items read from the page, for documents without an accepted embedded e-invoice.
//
// In:  the document's lines in reading order (a text layer or OCR), its decimal separator and kind
//      (FieldContext), and the header fields already in the draft (subtotal, total, VAT groups).
// Out: LineItem[] in printed order, and line findings keyed "line_items[0].subtotal" with the
//      confidence, status and page region of every value read (the draft does not hold line items).
//
// Steps: find each item-table header from its words (columns.ts) → cut the body under it into rows
// (rows.ts) → read each row's values (item.ts) → decide whether the line amounts are net or gross
// (net-or-gross.ts) and put them in subtotal or total → derive each line's missing tax members and,
// when the page prints no VAT breakdown, build one from the lines (line-tax.ts). Till receipts, which
// print no header, are read line by line (receipt-lines.ts). A table that does not add up to its own
// sum line sends its lines to review with a warning.
import type { LineItem } from '../../../schemas/document-fields.schema.js';
import { boundingBox } from '../../layout/lines.js';
import type { Word } from '../../types.js';
import type { FieldContext } from '../context.js';
import { fold } from '../labels.js';
import type { Draft, FieldValue } from '../draft.js';
import { round, type Found } from '../found.js';
import { findHeaders } from './columns.js';
import { applyDiscount, DISCOUNT, isDiscountLine, readRow, type ReadValue, type RowValues } from './item.js';
import { deriveLineTaxes, groupsFromLines } from './line-tax.js';
import { amountsAreNet } from './net-or-gross.js';
import { readReceiptLines } from './receipt-lines.js';
import { joinRowCutByPage, numbersIn, readRows } from './rows.js';

/** What was found of each line item value, by its path ("line_items[0].total"). */
export type LineFindings = Map<string, Found<FieldValue>>;

export interface PageLineItems {
  items: LineItem[];
  findings: LineFindings;
  warnings: string[];
  /** A VAT breakdown built from the lines when the page prints none, status derived; empty otherwise. */
  groups: Draft['vat_rates'];
}

interface Table {
  rows: RowValues[];
  amountHeader: string;
  priceHeader: string;
  /** The amounts on the table's own sum line. */
  sums: number[];
}

export function findLineItems(context: FieldContext, header: Draft): PageLineItems {
  const { document, separator } = context;
  const headers = findHeaders(document);
  const bodies = headers.map((table, i) => readRows(document, table, headers[i + 1]?.firstLine ?? document.lines.length, separator));
  bodies.forEach((body, i) => i > 0 && joinRowCutByPage(bodies[i - 1]!, body));
  const tables: Table[] = headers.map((table, i) => {
    const rows: RowValues[] = [];
    const body = bodies[i]!;
    for (const row of body.rows) {
      const previous = rows.at(-1);
      if (isDiscountLine(row.anchor, separator)) {
        if (previous) applyDiscount(previous, row.anchor, separator);
        continue;
      }
      const values = readRow(row, separator);
      if (values.amount && (namesSomething(values.description?.value) || values.code)) rows.push(values);
    }
    const headerText = (role: string) => table.columns.filter((c) => c.role === role).map((c) => c.text).join(' ');
    return { rows, amountHeader: headerText('amount'), priceHeader: headerText('unit_price'), sums: body.sums };
  });
  // A price list or an explainer page after the items prints a table too: when the tables before it
  // add up to the document's sums and all of them together do not, it holds no items.
  const adding = tables.findIndex((_, k) => addsUpTo(tables.slice(0, k + 1).flatMap((t) => t.rows), header));
  if (adding >= 0 && adding < tables.length - 1 && !addsUpTo(tables.flatMap((t) => t.rows), header)) tables.splice(adding + 1);
  if (context.kind === 'receipt' && !tables.some((t) => addsUpTo(t.rows, header))) {
    // A till's two-line items ("Artikel  Brutto" over "Menge × E-Preis") defeat the table reading;
    // its lines read one by one are taken when they add up and the table does not.
    const lines = receiptTable(context, header);
    if (!tables.some((t) => t.rows.length) || lines.rows.some((row) => row.adds)) tables.splice(0, tables.length, lines);
  }

  const items: LineItem[] = [];
  const findings: LineFindings = new Map();
  const warnings = checkSums(tables, header);
  const allowances = context.document.lines.filter((line) => DISCOUNT.test(fold(line.text))).flatMap((line) => numbersIn(line.words, separator).filter((t) => !t.percent).map((t) => t.value));
  for (const table of tables) {
    const net = amountsAreNet(table, tables, header, context.kind, allowances);
    for (const row of table.rows) {
      const index = items.length;
      const put = (member: keyof LineItem, read: ReadValue<FieldValue> | undefined) => {
        if (read) findings.set(`line_items[${index}].${member}`, found(read, row, context.document.source === 'text-layer'));
      };
      const price = row.priceBeforeDiscount ?? row.price;
      put('description', row.description);
      put('code', row.code);
      put('ean', row.ean);
      put('quantity', row.quantity);
      put('unit', row.unit);
      put(net ? 'net_unit_price' : 'unit_price', price);
      put('discount_percent', row.discountPercent);
      put('discount_amount', row.discountAmount);
      put(net ? 'subtotal' : 'total', row.amount);
      if (!net) put('amount', row.amount);
      put('vat_rate', row.vatRate);
      const value = <T>(read: ReadValue<T> | undefined) => read?.value ?? null;
      const total = net ? null : value(row.amount);
      items.push({
        description: value(row.description),
        code: value(row.code),
        ean: value(row.ean),
        quantity: value(row.quantity),
        unit: value(row.unit),
        unit_price: net ? null : value(price),
        net_unit_price: net ? value(price) : null,
        discount_percent: value(row.discountPercent),
        discount_amount: value(row.discountAmount),
        subtotal: net ? value(row.amount) : null,
        vat_rate: value(row.vatRate),
        vat_amount: null,
        total,
        amount: total,
      });
    }
  }
  deriveLineTaxes(items, findings, header);
  return { items, findings, warnings, groups: groupsFromLines(items, header) };
}

/**
 * A table that closes with a sum line must add up to it (or to the document's subtotal or total, for
 * a sum line that already holds allowances); the rows of a table continued under a header repeated
 * on the next page count towards the sum that closes it, and a page closed by its carried subtotal
 * counts towards the last page's sum when that sum runs over all pages. One that does not add up is misread
 * somewhere, so its lines go to a person instead of being forced to fit.
 */
function checkSums(tables: Table[], header: Draft): string[] {
  const warnings: string[] = [];
  let open: RowValues[] = [];
  let all: RowValues[] = [];
  for (const table of tables) {
    open = [...open, ...table.rows];
    all = [...all, ...table.rows];
    if (!table.sums.length) continue;
    const lines = amountSum(open);
    const targets = [...table.sums, header.subtotal?.value, header.total?.value];
    const reaches = (value: number) => targets.some((target) => typeof target === 'number' && Math.abs(target - value) <= 0.005);
    // The last page's sum line may add the pages before it, each closed by its carried subtotal.
    if (open.length && !reaches(lines) && !reaches(amountSum(all))) {
      for (const row of open) row.adds = false;
      warnings.push(`line_items_do_not_add_up: the lines sum to ${lines}, the table's sum line prints ${table.sums.join(' / ')}`);
    }
    open = [];
  }
  return warnings;
}

/** A row's name has words; "Round:" or "Incl. :" is the label of a sum, "1x" a misread number. */
function namesSomething(description: string | undefined): boolean {
  return !!description && (description.match(/\p{L}/gu) ?? []).length >= 3 && !/:\s*$/u.test(description);
}

/** A receipt's item lines, trusted only when they add up to the receipt's subtotal or total. */
function receiptTable(context: FieldContext, header: Draft): Table {
  const rows = readReceiptLines(context).filter((row) => namesSomething(row.description?.value));
  const adds = addsUpTo(rows, header);
  for (const row of rows) row.adds = adds;
  return { rows, amountHeader: '', priceHeader: '', sums: [] };
}

/** Rows whose amounts sum to the document's subtotal or total, to the cent. */
function addsUpTo(rows: RowValues[], header: Draft): boolean {
  const sum = amountSum(rows);
  return rows.length > 0 && [header.subtotal?.value, header.total?.value].some((value) => value !== undefined && Math.abs(value - sum) < 0.015);
}

const amountSum = (rows: RowValues[]) => round(rows.reduce((total, row) => total + (row.amount?.value ?? 0), 0));

/** A row whose quantity × price does not give its amount goes to a person, whatever was read. */
function found(read: ReadValue<FieldValue>, row: RowValues, textLayer: boolean): Found<FieldValue> {
  const words: Word[] = read.words;
  const ocr = words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 1;
  const confidence = round((row.adds ? 0.9 : 0.55) * (textLayer ? 1 : Math.min(1, 0.4 + ocr * 0.6)));
  return {
    value: read.value,
    confidence,
    status: read.derived ? 'derived' : row.adds ? 'read' : 'review',
    ...(words.length ? { evidence: { page: row.page, box: boundingBox(words), confidence: ocr } } : {}),
  };
}
