// Layout parts: every visual choice a document makes, drawn once per document so that rendering
// is a pure function of (model, layout). Parts combine freely; `describeLayout` lists them for
// `_source.layout`.
import type { NumberStyle } from './format.js';
import type { FontFamily } from './fonts.js';
import type { LabelKey } from './lexicon.js';
import type { DocumentModel } from './model.js';
import type { Rng } from './prng.js';

export type Column = 'no' | 'code' | 'description' | 'ean' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'vat_rate' | 'line_net';
export type CurrencyMark = 'code-after' | 'code-before' | 'symbol-after' | 'symbol-before' | 'none';

export interface Layout {
  paper: { width: number; height: number };
  font: FontFamily;
  bodySize: number;
  letterhead: 'left' | 'center' | 'right';
  title: 'left' | 'right' | 'center';
  customer: 'left' | 'right';
  meta: 'label-left' | 'label-above' | 'table';
  columns: Column[];
  /** Quantity and unit in one cell ("2 tk"). */
  unitWithQuantity: boolean;
  upperHeaders: boolean;
  totals: 'right' | 'left' | 'full';
  vatTable: 'none' | 'below-totals' | 'beside-totals';
  /** Print "Amount due" even when it equals the total. */
  amountDueLine: boolean;
  bank: 'block' | 'footer' | 'none';
  vendorFooter: boolean;
  terms: boolean;
  pageNumbers: boolean;
  countryLine: boolean;
  /** The customer's phone and e-mail (and a receipt's shop phone) are printed. */
  customerContact: boolean;
  colon: boolean;
  currency: CurrencyMark;
  number: NumberStyle;
  datePattern: string;
  /** One caption per label key, picked from the lexicon's alternatives. */
  labels: Record<LabelKey, string>;
  titleText: string;
  paymentTerms?: string;
  thanks: string;
  termsText: string;
  /** Receipts: a header row over the items, and items on one line or with a quantity line under. */
  receiptHeaders: boolean;
  receiptItem: 'one-line' | 'qty-line';
  receiptNetLine: boolean;
  time: string;
}

const A4 = { width: 595.28, height: 841.89 };
const LETTER = { width: 612, height: 792 };
export const RECEIPT_WIDTH = 226.77; // 80 mm paper

export function chooseLayout(rng: Rng, model: DocumentModel, families: FontFamily[]): Layout {
  const { lexicon, kind } = model;
  const receipt = kind === 'receipt';
  const monospace = families.filter((f) => f.monospace);
  const proportional = families.filter((f) => !f.monospace);
  const font = receipt && monospace.length > 0 && rng.chance(0.6) ? rng.pick(monospace) : rng.pick(proportional);
  const labels = Object.fromEntries(Object.entries(lexicon.labels).map(([key, options]) => [key, rng.pick(options)])) as Record<LabelKey, string>;
  return {
    paper: receipt ? { width: RECEIPT_WIDTH, height: 0 } : rng.chance(0.85) ? A4 : LETTER,
    font,
    bodySize: receipt ? rng.pick([7, 7.5, 8]) : rng.pick([8, 8.5, 9, 9.5]),
    letterhead: rng.pick(['left', 'center', 'right'] as const),
    title: rng.pick(['left', 'right', 'center'] as const),
    customer: rng.pick(['left', 'right'] as const),
    meta: rng.pick(['label-left', 'label-above', 'table'] as const),
    columns: lineColumns(rng, model),
    unitWithQuantity: rng.chance(0.4),
    upperHeaders: rng.chance(0.3),
    totals: rng.weighted({ right: 6, left: 1, full: 2 }),
    vatTable: model.groups.length > 1 ? rng.pick(['none', 'below-totals', 'beside-totals'] as const) : rng.pick(['none', 'none', 'below-totals'] as const),
    amountDueLine: rng.chance(0.5),
    bank: rng.weighted({ block: 5, footer: 4, none: 1 }),
    vendorFooter: rng.chance(0.6),
    terms: rng.chance(0.5),
    pageNumbers: rng.chance(0.5),
    countryLine: rng.chance(0.3),
    customerContact: rng.chance(0.4),
    colon: rng.chance(0.6),
    currency: rng.weighted({ 'code-after': 3, 'code-before': 1, 'symbol-after': 3, 'symbol-before': 1, none: 1 }),
    number: { decimal: lexicon.number.decimal, group: rng.pick(lexicon.number.groups), minus: rng.chance(0.85) ? 'leading' : 'trailing' },
    datePattern: rng.pick(lexicon.dates),
    labels,
    titleText: titleOf(rng, model),
    paymentTerms: model.dueDate && rng.chance(0.5) ? rng.pick(lexicon.payment_terms) : undefined,
    thanks: rng.pick(lexicon.thanks),
    termsText: rng.pick(lexicon.terms),
    receiptHeaders: rng.chance(0.5),
    receiptItem: rng.pick(['one-line', 'qty-line'] as const),
    receiptNetLine: rng.chance(0.5),
    time: `${String(rng.int(7, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
  };
}

function lineColumns(rng: Rng, model: DocumentModel): Column[] {
  const line = model.lines[0]!;
  const leading: Column[] = [];
  if (rng.chance(0.3)) leading.push('no');
  if (line.code && rng.chance(0.85)) leading.push('code');
  const amounts: Column[] = rng.chance(0.5) ? ['quantity', 'unit', 'unit_price'] : ['unit_price', 'quantity', 'unit'];
  if (model.lines.some((l) => l.discountPercent > 0)) amounts.push('discount');
  const tail: Column[] = rng.chance(0.6) ? ['vat_rate', 'line_net'] : rng.chance(0.5) ? ['line_net', 'vat_rate'] : ['line_net'];
  const middle: Column[] = line.ean && rng.chance(0.8) ? ['ean'] : [];
  return [...leading, 'description', ...middle, ...amounts, ...tail];
}

/** A utility bill's last title names water (lexicon convention); the others name energy. */
function titleOf(rng: Rng, model: DocumentModel): string {
  const titles = model.lexicon.titles[model.kind];
  if (model.kind !== 'utility_bill' || titles.length < 2) return rng.pick(titles);
  const water = model.lines.some((l) => l.unit === model.lexicon.units.m3);
  return water ? titles[titles.length - 1]! : rng.pick(titles.slice(0, -1));
}

export function caption(layout: Layout, key: LabelKey): string {
  return layout.colon && !layout.labels[key].endsWith(':') ? `${layout.labels[key]}:` : layout.labels[key];
}

export function describeLayout(layout: Layout, model: DocumentModel, pages: number): string[] {
  if (model.kind === 'receipt') {
    return [`font:${layout.font.name}`, `receipt-headers:${layout.receiptHeaders}`, `receipt-item:${layout.receiptItem}`, `net-line:${layout.receiptNetLine}`, `currency:${layout.currency}`, `date:${layout.datePattern}`, `group:${JSON.stringify(layout.number.group)}`];
  }
  return [
    `paper:${layout.paper.width === A4.width ? 'a4' : 'letter'}`, `font:${layout.font.name}`, `letterhead:${layout.letterhead}`, `title:${layout.title}`,
    `customer:${layout.customer}`, `meta:${layout.meta}`, `columns:${layout.columns.join(',')}`, `unit-with-quantity:${layout.unitWithQuantity}`,
    `totals:${layout.totals}`, `vat-table:${layout.vatTable}`, `bank:${layout.bank}`, `vendor-footer:${layout.vendorFooter}`, `terms:${layout.terms}`,
    `page-numbers:${layout.pageNumbers}`, `currency:${layout.currency}`, `date:${layout.datePattern}`, `group:${JSON.stringify(layout.number.group)}`,
    `minus:${layout.number.minus}`, `pages:${pages}`,
  ];
}
