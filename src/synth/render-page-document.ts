// Invoices, credit notes and utility bills on A4/Letter pages, composed from the layout's parts:
// letterhead, title, customer window and header block, the line table (continued over pages with
// its header repeated and carried totals), totals, VAT breakdown, bank block and footers.
import type { Column, Layout } from './layout.js';
import type { LabelKey } from './lexicon.js';
import type { DocumentModel } from './model.js';
import type { Surface } from './pdf-writer.js';
import { Printer, wrap, type PrintedLine } from './printing.js';

const MARGIN = 42;
const FOOTER_SPACE = 56;

interface Cell {
  text: string;
  align: 'left' | 'right';
}

export function renderPageDocument(surface: Surface, model: DocumentModel, layout: Layout): Printer {
  const p = new Printer(model, layout);
  const draw = new Drawer(surface, layout);
  const { width } = surface;
  const right = width - MARGIN;
  const size = layout.bodySize;

  // Letterhead: the vendor, compact when centred.
  const vendorLines = p.partyLines(model.vendor, 'vendor', layout.letterhead === 'center');
  vendorLines[0]!.size = size + 4;
  let y = draw.block(vendorLines, layout.letterhead === 'left' ? MARGIN : layout.letterhead === 'right' ? right : width / 2, MARGIN, layout.letterhead);

  // Title, on the side the letterhead leaves free (or centred under it).
  const titleSide = layout.letterhead === 'center' ? layout.title : layout.letterhead === 'left' ? 'right' : 'left';
  const titleTop = layout.letterhead === 'center' || titleSide === 'center' ? y + 10 : MARGIN;
  const titleX = titleSide === 'left' ? MARGIN : titleSide === 'right' ? right : width / 2;
  surface.text(layout.titleText, titleX, titleTop, { size: size + 9, bold: true, align: titleSide });
  y = Math.max(y, titleTop + size + 12) + 14;

  // Customer window and header block side by side.
  const meta = metaItems(p);
  const half = (right - MARGIN) / 2;
  const customerX = layout.customer === 'left' ? MARGIN : MARGIN + half + 10;
  const metaX = layout.customer === 'left' ? MARGIN + half + 10 : MARGIN;
  let below = y;
  if (model.customer) {
    surface.text(p.caption('customer'), customerX, y, { size: size - 1, grey: true });
    below = draw.block(p.partyLines(model.customer, 'customer', false), customerX, y + size + 3, 'left');
  }
  if (layout.meta === 'table') {
    y = draw.metaTable(meta, MARGIN, below + 10, right);
  } else {
    const metaBottom = layout.meta === 'label-left' ? draw.metaLabelLeft(meta, metaX, y, half - 10) : draw.metaLabelAbove(meta, metaX, y, half - 10);
    y = Math.max(below, metaBottom) + 14;
  }

  // The line table.
  const table = tableColumns(p, surface, layout, right - MARGIN);
  const bottom = surface.height - MARGIN - FOOTER_SPACE;
  y = draw.tableHeader(table, MARGIN, y);
  let carried = 0;
  const rowHeight = size + 3;
  model.lines.forEach((line, i) => {
    const cells = lineCells(p, i, table.columns);
    const descLines = wrap(cells.description!.text, table.widths.description! - 4, (s) => surface.textWidth(s, size));
    const height = descLines.length * rowHeight + 3;
    if (y + height > bottom - rowHeight * 2) {
      surface.text(p.caption('carried_forward'), right - table.widths.line_net! - 8, y + 3, { size, bold: true, align: 'right' });
      surface.text(p.money(carried), right, y + 3, { size, bold: true, align: 'right' });
      surface.newPage();
      y = MARGIN;
      surface.text(`${model.vendor.name} · ${layout.titleText} ${model.number}`, MARGIN, y, { size: size - 1, grey: true });
      y = draw.tableHeader(table, MARGIN, y + size + 10);
      surface.text(p.caption('brought_forward'), right - table.widths.line_net! - 8, y, { size, bold: true, align: 'right' });
      surface.text(p.money(carried), right, y, { size, bold: true, align: 'right' });
      y += rowHeight + 4;
    }
    let x = MARGIN;
    for (const column of table.columns) {
      const w = table.widths[column]!;
      if (column === 'description') {
        descLines.forEach((text, k) => surface.text(text, x + 2, y + k * rowHeight, { size }));
      } else {
        const cell = cells[column]!;
        surface.text(cell.text, cell.align === 'right' ? x + w - 2 : x + 2, y, { size, align: cell.align });
      }
      x += w;
    }
    carried += model.sign * line.amount;
    y += height;
  });
  surface.rule(MARGIN, y, right);
  y += 8;

  // Totals and VAT breakdown; a new page when they do not fit.
  const totals = totalRows(p);
  const vatRows = layout.vatTable === 'none' ? 0 : model.groups.length + 1;
  const needed = (totals.length + (layout.vatTable === 'below-totals' ? vatRows + 1 : 0)) * (size + 5) + 20;
  if (y + Math.max(needed, vatRows * (size + 5)) > bottom) {
    surface.newPage();
    y = MARGIN;
  }
  const beside = layout.vatTable === 'beside-totals' && layout.totals !== 'full';
  const totalsWidth = layout.totals === 'full' ? right - MARGIN : beside ? 225 : Math.min(270, (right - MARGIN) * 0.55);
  const totalsX = layout.totals === 'left' ? MARGIN : right - totalsWidth;
  let totalsBottom = draw.totals(totals, totalsX, y, totalsWidth);
  const vatWidth = beside ? right - MARGIN - totalsWidth - 30 : 250;
  if (beside) {
    totalsBottom = Math.max(totalsBottom, draw.vatTable(p, layout.totals === 'left' ? right - vatWidth : MARGIN, y, vatWidth));
  } else if (layout.vatTable !== 'none') {
    totalsBottom = draw.vatTable(p, layout.totals === 'left' ? MARGIN : right - vatWidth, totalsBottom + 8, vatWidth);
  }
  y = totalsBottom + 12;

  // Payment terms, bank block, terms text: the last page's remaining space.
  const tail: PrintedLine[] = [];
  if (layout.paymentTerms && model.kind !== 'credit_note') tail.push({ text: layout.paymentTerms.replace('{n}', String(daysBetween(model))) });
  if (model.kind === 'credit_note') tail.push({ text: model.lexicon.credit_reason[0]! });
  if (layout.bank === 'block') {
    model.banks.forEach((bank, i) => {
      tail.push({ text: `${p.caption('bank')} ${bank.name}`, bold: i === 0 });
      tail.push({ text: `${p.caption('iban')} ${bank.ibanPrinted}   ${p.caption('swift')} ${bank.bic}` });
      p.mark(`banks[${i}].name`, `banks[${i}].iban`, `banks[${i}].swift_bic`);
    });
  }
  if (layout.terms) tail.push({ text: layout.termsText });
  if (y + tail.length * (size + 4) > bottom) {
    surface.newPage();
    y = MARGIN;
  }
  for (const line of tail) {
    surface.text(line.text, MARGIN, y, { size, bold: line.bold });
    y += size + 4;
  }

  // Footers on every page: vendor details, bank line, page numbers.
  const pages = surface.pageCount;
  for (let page = 0; page < pages; page++) {
    surface.goToPage(page);
    let footerY = surface.height - MARGIN - FOOTER_SPACE + 10;
    surface.rule(MARGIN, footerY - 4, right, 0.4);
    if (layout.vendorFooter) {
      const v = model.vendor;
      const ids = [v.name, v.registryCode ? `${p.caption('registry_code')} ${v.registryCode}` : '', v.vatId ? `${p.caption('vat_id')} ${v.vatId}` : '', v.email ?? ''].filter(Boolean);
      surface.text(ids.join(' · '), width / 2, footerY, { size: size - 1.5, align: 'center', grey: true });
      footerY += size + 1;
    }
    if (layout.bank === 'footer') {
      model.banks.forEach((b, i) => {
        surface.text(`${b.name} · ${p.caption('iban')} ${b.ibanPrinted} · ${p.caption('swift')} ${b.bic}`, width / 2, footerY, { size: size - 1.5, align: 'center', grey: true });
        p.mark(`banks[${i}].name`, `banks[${i}].iban`, `banks[${i}].swift_bic`);
        footerY += size + 1;
      });
    }
    if (layout.pageNumbers || pages > 1) {
      surface.text(layout.labels.page.replace('{n}', String(page + 1)).replace('{m}', String(pages)), right, footerY, { size: size - 1.5, align: 'right', grey: true });
    }
  }
  return p;
}

function daysBetween(model: DocumentModel): number {
  const a = Date.UTC(model.issueDate.year, model.issueDate.month - 1, model.issueDate.day);
  const b = Date.UTC(model.dueDate!.year, model.dueDate!.month - 1, model.dueDate!.day);
  return Math.round((b - a) / 86_400_000);
}

interface MetaItem {
  label: string;
  value: string;
}

function metaItems(p: Printer): MetaItem[] {
  const { model } = p;
  const items: MetaItem[] = [];
  const add = (key: LabelKey, value: string, ...paths: string[]): void => {
    items.push({ label: p.caption(key), value });
    p.mark(...paths);
  };
  add(model.kind === 'credit_note' ? 'credit_number' : 'document_number', model.number, 'document_number');
  add('issue_date', p.date(model.issueDate), 'issue_date');
  if (model.dueDate && model.kind !== 'credit_note') add('due_date', p.date(model.dueDate), 'due_date');
  if (model.reference) add('reference', model.reference);
  if (model.bill) {
    add('account_number', model.bill.accountNumber, 'account_number');
    add('period', `${p.date(model.bill.periodStart)} – ${p.date(model.bill.periodEnd)}`);
    add('meter', model.bill.meter);
    add('consumption', `${p.quantity(model.bill.consumption.value * 1000)} ${model.bill.consumption.unit}`, 'consumption');
    if (model.bill.serviceAddress) add('service_address', model.bill.serviceAddress, 'service_address');
  }
  return items;
}

interface Table {
  columns: Column[];
  widths: Partial<Record<Column, number>>;
  headers: Partial<Record<Column, string>>;
}

const HEADER_KEYS: Record<Column, LabelKey | undefined> = {
  no: undefined, code: 'code', description: 'description', ean: 'ean', quantity: 'quantity', unit: 'unit',
  unit_price: 'unit_price', discount: 'discount', vat_rate: 'vat_rate', line_net: 'line_net',
};

/** Column widths from their widest cell; optional columns go when the description would get too narrow. */
function tableColumns(p: Printer, surface: Surface, layout: Layout, available: number): Table {
  const size = layout.bodySize;
  let columns = layout.columns.filter((c) => !(c === 'unit' && layout.unitWithQuantity));
  const header = (c: Column): string => {
    const key = HEADER_KEYS[c];
    const text = key ? layout.labels[key] : '#';
    return layout.upperHeaders ? text.toUpperCase() : text;
  };
  const measure = (): Partial<Record<Column, number>> => {
    const widths: Partial<Record<Column, number>> = {};
    for (const c of columns) {
      if (c === 'description') continue;
      const cells = p.model.lines.map((_, i) => lineCells(p, i, [c], true)[c]!.text);
      widths[c] = Math.max(surface.textWidth(header(c), size, true), ...cells.map((t) => surface.textWidth(t, size))) + 10;
    }
    widths.description = available - Object.values(widths).reduce((a, b) => a + b!, 0)!;
    return widths;
  };
  let widths = measure();
  for (const optional of ['ean', 'code', 'no', 'unit'] as Column[]) {
    if (widths.description! >= 150) break;
    columns = columns.filter((c) => c !== optional);
    widths = measure();
  }
  return { columns, widths, headers: Object.fromEntries(columns.map((c) => [c, header(c)])) };
}

/** The printed cells of line i; `dry` measures without marking. */
function lineCells(p: Printer, i: number, columns: Column[], dry = false): Partial<Record<Column, Cell>> {
  const { model, layout } = p;
  const line = model.lines[i]!;
  const path = `line_items[${i}]`;
  const mark = (...fields: string[]): void => {
    if (!dry) p.mark(...fields.map((f) => `${path}.${f}`));
  };
  const cells: Partial<Record<Column, Cell>> = {};
  const quantity = p.quantity(model.sign * line.quantityMilli);
  for (const c of columns) {
    switch (c) {
      case 'no': cells.no = { text: String(i + 1), align: 'right' }; break;
      case 'code': cells.code = { text: line.code ?? '', align: 'left' }; if (line.code) mark('code'); break;
      case 'ean': cells.ean = { text: line.ean ?? '', align: 'left' }; if (line.ean) mark('ean'); break;
      case 'description': cells.description = { text: line.description, align: 'left' }; mark('description'); break;
      case 'quantity': cells.quantity = { text: layout.unitWithQuantity ? `${quantity} ${line.unit}` : quantity, align: 'right' }; mark('quantity'); break;
      case 'unit': cells.unit = { text: line.unit, align: 'left' }; break;
      case 'unit_price': cells.unit_price = { text: p.price(line.price, line.priceScale), align: 'right' }; mark('net_unit_price'); break;
      case 'discount': cells.discount = { text: line.discountPercent ? p.rate(line.discountPercent) : '', align: 'right' }; break;
      case 'vat_rate': cells.vat_rate = { text: p.rate(line.vatRate), align: 'right' }; mark('vat_rate'); break;
      case 'line_net': cells.line_net = { text: p.money(model.sign * line.amount), align: 'right' }; mark('subtotal'); break;
    }
  }
  return cells;
}

interface TotalRow {
  label: string;
  value: string;
  bold?: boolean;
}

function totalRows(p: Printer): TotalRow[] {
  const { model, layout } = p;
  const s = model.sign;
  const rows: TotalRow[] = [];
  if (model.documentDiscount) {
    rows.push({ label: p.caption('lines_total'), value: p.money(s * model.linesTotal) });
    rows.push({ label: `${layout.labels.document_discount} ${p.rate(model.documentDiscountPercent)}`, value: p.money(-s * model.documentDiscount) });
  }
  rows.push({ label: p.caption('subtotal'), value: p.money(s * model.subtotal) });
  p.mark('subtotal');
  if (layout.vatTable === 'none') {
    model.groups.forEach((g, i) => {
      rows.push({ label: `${layout.labels.vat} ${p.rate(g.rate)}`, value: p.money(s * g.vat) });
      p.mark(`vat_rates[${i}].rate`, `vat_rates[${i}].vat`);
    });
    if (model.groups.length === 1) p.mark('vat_amount');
  }
  if (layout.vatTable !== 'none' || model.groups.length > 1) {
    rows.push({ label: p.caption('vat'), value: p.money(s * model.vat) });
    p.mark('vat_amount');
  }
  if (model.rounding) {
    rows.push({ label: p.caption('rounding'), value: p.money(s * model.rounding) });
    p.mark('rounding');
  }
  const bill = model.kind === 'utility_bill';
  rows.push({ label: p.caption(bill ? 'current_charges' : 'total'), value: p.moneyWithCurrency(s * model.total), bold: !bill });
  p.mark('total');
  if (bill) {
    rows.push({ label: p.caption('previous_balance'), value: p.money(model.previousBalance) });
    rows.push({ label: p.caption('payments_credits'), value: p.money(-model.paymentsCredits) });
    p.mark('previous_balance', 'payments_credits');
  }
  if (model.paid) rows.push({ label: p.caption('paid'), value: p.money(-model.paid) });
  if (model.kind !== 'credit_note' && (bill || model.paid || layout.amountDueLine)) {
    rows.push({ label: p.caption('amount_due'), value: p.moneyWithCurrency(s * model.amountDue), bold: true });
    p.mark('amount_due');
  }
  return rows;
}

/** Text placement helpers shared by the parts above. */
class Drawer {
  constructor(private readonly surface: Surface, private readonly layout: Layout) {}

  /** Lines stacked from `top`, aligned at x; returns the bottom. */
  block(lines: PrintedLine[], x: number, top: number, align: 'left' | 'right' | 'center'): number {
    let y = top;
    for (const line of lines) {
      const size = line.size ?? this.layout.bodySize;
      this.surface.text(line.text, x, y, { size, bold: line.bold, align });
      y += size + 3;
    }
    return y;
  }

  metaLabelLeft(items: MetaItem[], x: number, top: number, width: number): number {
    const size = this.layout.bodySize;
    const labelWidth = Math.max(...items.map((i) => this.surface.textWidth(i.label, size, true))) + 8;
    let y = top;
    for (const item of items) {
      this.surface.text(item.label, x, y, { size, bold: true });
      for (const text of wrap(item.value, width - labelWidth, (s) => this.surface.textWidth(s, size))) {
        this.surface.text(text, x + labelWidth, y, { size });
        y += size + 4;
      }
    }
    return y;
  }

  metaLabelAbove(items: MetaItem[], x: number, top: number, width: number): number {
    const size = this.layout.bodySize;
    const perRow = 2;
    const cell = width / perRow;
    let y = top;
    for (let i = 0; i < items.length; i += perRow) {
      let rowBottom = y;
      items.slice(i, i + perRow).forEach((item, k) => {
        this.surface.text(item.label, x + k * cell, y, { size: size - 1.5, grey: true });
        let vy = y + size + 1;
        for (const text of wrap(item.value, cell - 6, (s) => this.surface.textWidth(s, size, true))) {
          this.surface.text(text, x + k * cell, vy, { size, bold: true });
          vy += size + 3;
        }
        rowBottom = Math.max(rowBottom, vy);
      });
      y = rowBottom + 5;
    }
    return y;
  }

  metaTable(items: MetaItem[], x: number, top: number, right: number): number {
    const size = this.layout.bodySize;
    const perRow = Math.min(items.length, 4);
    const cell = (right - x) / perRow;
    let y = top;
    for (let i = 0; i < items.length; i += perRow) {
      const row = items.slice(i, i + perRow);
      const lines = row.map((item) => wrap(item.value, cell - 8, (s) => this.surface.textWidth(s, size)));
      const height = size * 2 + 8 + (Math.max(...lines.map((l) => l.length)) - 1) * (size + 2);
      row.forEach((item, k) => {
        this.surface.box(x + k * cell, y, cell, height);
        this.surface.text(item.label, x + k * cell + 4, y + 3, { size: size - 1.5, grey: true });
        lines[k]!.forEach((text, j) => this.surface.text(text, x + k * cell + 4, y + size + 5 + j * (size + 2), { size }));
      });
      y += height;
    }
    return y + 14;
  }

  tableHeader(table: Table, x: number, top: number): number {
    const size = this.layout.bodySize;
    let cx = x;
    for (const c of table.columns) {
      const w = table.widths[c]!;
      const right = !['description', 'code', 'ean', 'unit'].includes(c);
      this.surface.text(table.headers[c]!, right ? cx + w - 2 : cx + 2, top, { size, bold: true, align: right ? 'right' : 'left' });
      cx += w;
    }
    this.surface.rule(x, top + size + 4, cx);
    return top + size + 9;
  }

  totals(rows: TotalRow[], x: number, top: number, width: number): number {
    const size = this.layout.bodySize;
    let y = top;
    for (const row of rows) {
      const rowSize = row.bold ? size + 1.5 : size;
      this.surface.text(row.label, x, y, { size: rowSize, bold: row.bold });
      this.surface.text(row.value, x + width, y, { size: rowSize, bold: row.bold, align: 'right' });
      y += rowSize + 5;
    }
    return y;
  }

  vatTable(p: Printer, x: number, top: number, width: number): number {
    const size = this.layout.bodySize;
    const { model } = p;
    const col = width / 4;
    const heads = [p.model.lexicon.labels.rate[0]!, p.layout.labels.net, p.layout.labels.vat, p.layout.labels.gross];
    this.surface.text(p.layout.labels.vat_breakdown, x, top, { size, bold: true });
    let y = top + size + 4;
    // Long captions ("Apmokestinama suma") are set smaller to stay inside their column.
    heads.forEach((h, k) => this.surface.text(h, x + (k + 1) * col, y, { size: Math.min(size - 1, ((size - 1) * (col - 6)) / this.surface.textWidth(h, size - 1)), align: 'right', grey: true }));
    this.surface.rule(x, y + size + 2, x + width, 0.4);
    y += size + 6;
    model.groups.forEach((g, i) => {
      const values = [p.rate(g.rate), p.money(model.sign * g.net), p.money(model.sign * g.vat), p.money(model.sign * g.gross)];
      values.forEach((v, k) => this.surface.text(v, x + (k + 1) * col, y, { size, align: 'right' }));
      p.mark(`vat_rates[${i}].rate`, `vat_rates[${i}].net`, `vat_rates[${i}].vat`, `vat_rates[${i}].gross`);
      y += size + 4;
    });
    return y;
  }
}
