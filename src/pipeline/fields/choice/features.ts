// What the learned choice knows of a candidate: the labels pointing at it, where it stands, how it
// compares with the document's other values of its kind, how the values add up, what the rules chose.
// The rules' pick is one feature among the others, so the model learns where to trust them. Feature
// names are stored with the model; a model trained on other features is refused (model.ts).
import type { FieldContext } from '../context.js';
import type { Draft, ValueKey } from '../draft.js';
import { fold, LABELS, type LabelName } from '../labels.js';
import { taxSummaryStart } from '../tax-summary.js';
import type { Candidate } from './candidates.js';
import { labelStrengths, strengthOf } from './label-strength.js';

const CENT = 0.0051;

const AMOUNT_LABELS = ['total', 'subtotal', 'vatAmount', 'amountDue', 'rounding', 'previousBalance', 'paymentsCredits'] as const satisfies readonly LabelName[];
const AMOUNT_RULES = ['total', 'subtotal', 'vat_amount', 'amount_due'] as const satisfies readonly ValueKey[];

export const AMOUNT_FEATURES = [
  ...AMOUNT_LABELS.map((name) => `label:${name}`),
  ...AMOUNT_RULES.map((path) => `rule:${path}`),
  ...documentFeatureNames(),
  'value:rank',
  'value:is_max',
  'value:log10',
  'value:cents',
  'value:negative',
  'value:repeats',
  'value:zero',
  'value:rounds_another',
  'sum:of_two_others',
  'sum:is_addend',
  'line:amounts',
  'line:percent',
  'cell:letters_before',
  'section:tax_summary',
] as const;

export function amountFeatures(context: FieldContext, candidates: Candidate<number>[], draft: Draft): number[][] {
  const strengths = labelStrengths(context.document, AMOUNT_LABELS);
  const values = candidates.map((c) => Math.abs(c.value));
  const distinct = [...new Set(values)].sort((a, b) => b - a);
  const max = distinct[0] ?? 0;
  const picks = AMOUNT_RULES.map((key) => draft[key]?.value);
  const amountsOnLine = countBy(candidates, (c) => c.line);
  const index = valueIndex(values);
  const summaryFrom = taxSummaryStart(context);
  return candidates.map((candidate, i) => {
    const value = values[i]!;
    return [
      ...AMOUNT_LABELS.map((name) => strengthOf(strengths, candidate.cell, name)),
      ...picks.map((pick) => (typeof pick === 'number' && Math.abs(Math.abs(pick) - value) < CENT ? 1 : 0)),
      ...documentFeatures(context, candidate),
      distinct.length > 1 ? distinct.indexOf(value) / (distinct.length - 1) : 0,
      value === max ? 1 : 0,
      Math.log10(1 + value),
      /[.,]\d{2}\s*\)?\s*[-−–]?$/u.test(candidate.printed) ? 1 : 0,
      candidate.value < 0 ? 1 : 0,
      Math.min(5, (index.get(key(value))?.length ?? 1) - 1) / 5,
      value < CENT ? 1 : 0,
      roundsAnother(value, distinct) ? 1 : 0,
      sumOfTwoOthers(value, i, values, index) ? 1 : 0,
      isAddend(value, i, values, index) ? 1 : 0,
      Math.min(6, amountsOnLine.get(candidate.line) ?? 1) / 6,
      /%/u.test(candidate.line.text) ? 1 : 0,
      /\p{L}/u.test(candidate.cell.text.slice(0, candidate.index)) ? 1 : 0,
      candidate.line.index > summaryFrom ? 1 : 0,
    ];
  });
}

const DATE_LABELS = ['issueDate', 'dueDate', 'documentNumber'] as const satisfies readonly LabelName[];
const DATE_RULES = ['issue_date', 'due_date'] as const satisfies readonly ValueKey[];
/** Words that tie a date to something other than the document: delivery, a period, a meter reading. */
const CLAIMED = LABELS.issueDate.not ?? /(?!)/u;

export const DATE_FEATURES = [
  ...DATE_LABELS.map((name) => `label:${name}`),
  ...DATE_RULES.map((path) => `rule:${path}`),
  ...documentFeatureNames(),
  'date:claimed',
  'date:order',
  'date:is_first',
  'date:is_earliest',
  'date:is_latest',
  'date:repeats',
  'date:ambiguous',
] as const;

export function dateFeatures(context: FieldContext, candidates: Candidate<string>[], draft: Draft): number[][] {
  const strengths = labelStrengths(context.document, DATE_LABELS);
  const picks = DATE_RULES.map((key) => draft[key]?.value);
  const sorted = candidates.map((c) => c.value).sort();
  const repeats = countBy(candidates, (c) => c.value);
  return candidates.map((candidate, i) => [
    ...DATE_LABELS.map((name) => strengthOf(strengths, candidate.cell, name)),
    ...picks.map((pick) => (pick === candidate.value ? 1 : 0)),
    ...documentFeatures(context, candidate),
    CLAIMED.test(fold(candidate.cell.text.slice(0, candidate.index))) || leftCellClaims(candidate) ? 1 : 0,
    candidates.length > 1 ? i / (candidates.length - 1) : 0,
    i === 0 ? 1 : 0,
    candidate.value === sorted[0] ? 1 : 0,
    candidate.value === sorted.at(-1) ? 1 : 0,
    Math.min(5, (repeats.get(candidate.value) ?? 1) - 1) / 5,
    candidate.ambiguous ? 1 : 0,
  ]);
}

const CODE_LABELS = ['documentNumber', 'accountNumber', 'vatId', 'registryCode', 'iban', 'issueDate'] as const satisfies readonly LabelName[];

export const CODE_FEATURES = [
  ...CODE_LABELS.map((name) => `label:${name}`),
  'rule:document_number',
  ...documentFeatureNames(),
  'code:length',
  'code:digit_share',
  'code:letters',
  'code:separators',
  'code:repeats',
  'cell:first_word',
  'cell:letters_before',
  'line:order',
] as const;

export function codeFeatures(context: FieldContext, candidates: Candidate<string>[], draft: Draft): number[][] {
  const strengths = labelStrengths(context.document, CODE_LABELS);
  const pick = draft.document_number?.value;
  const repeats = countBy(candidates, (c) => c.value);
  return candidates.map((candidate, i) => {
    const code = candidate.value;
    const digits = code.replace(/\D/gu, '').length;
    const before = candidate.cell.text.slice(0, candidate.index);
    return [
      ...CODE_LABELS.map((name) => strengthOf(strengths, candidate.cell, name)),
      pick === code ? 1 : 0,
      ...documentFeatures(context, candidate),
      Math.min(30, code.length) / 30,
      digits / code.length,
      /\p{L}/u.test(code) ? 1 : 0,
      /[-/_.]/u.test(code) ? 1 : 0,
      Math.min(5, (repeats.get(code) ?? 1) - 1) / 5,
      before.trim() === '' ? 1 : 0,
      /\p{L}/u.test(before) ? 1 : 0,
      candidates.length > 1 ? i / (candidates.length - 1) : 0,
    ];
  });
}

function leftCellClaims(candidate: Candidate<string>): boolean {
  const left = candidate.line.cells.filter((c) => c.box[2] <= candidate.cell.box[0]).at(-1);
  return !!left && CLAIMED.test(fold(left.text));
}

/** Where the value stands on the page and what kind of document it is on. */
export function documentFeatureNames(): string[] {
  return ['at:y', 'at:last_page', 'at:x_right', 'at:height', 'doc:receipt', 'doc:bill', 'doc:ocr'];
}

export function documentFeatures(context: FieldContext, candidate: Candidate<unknown>): number[] {
  const { document } = context;
  const lines = document.lines.length || 1;
  const box = candidate.evidence.box;
  return [
    candidate.line.index / lines,
    candidate.line.page === document.pages ? 1 : 0,
    box[2] / 1000,
    Math.min(3, (box[3] - box[1]) / medianHeight(context)) / 3,
    context.kind === 'receipt' ? 1 : 0,
    context.kind === 'bill' ? 1 : 0,
    document.source === 'text-layer' ? 0 : 1,
  ];
}

const heights = new WeakMap<FieldContext, number>();
function medianHeight(context: FieldContext): number {
  let known = heights.get(context);
  if (known === undefined) {
    const all = context.document.lines.flatMap((l) => l.words.map((w) => w.box[3] - w.box[1])).sort((a, b) => a - b);
    known = Math.max(1e-3, all[Math.floor(all.length / 2)] ?? 1);
    heights.set(context, known);
  }
  return known;
}

function countBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

const key = (value: number) => Math.round(value * 100);

/** Cent value → the candidates' indexes holding it. */
function valueIndex(values: number[]): Map<number, number[]> {
  const index = new Map<number, number[]>();
  values.forEach((v, i) => index.set(key(v), [...(index.get(key(v)) ?? []), i]));
  return index;
}

/**
 * The value is another printed amount rounded to the coin (5 cents: Malaysia, Switzerland, the
 * Netherlands, Finland): what a cash sale's customer paid, where the sum above it was not ("Total
 * incl. GST 32.68", "Total 32.70").
 */
function roundsAnother(value: number, distinct: number[]): boolean {
  if (key(value) % 5 !== 0) return false;
  return distinct.some((other) => other !== value && Math.abs(other - value) < 0.05 - CENT / 2);
}

/** Two other printed amounts add up to this one (net + VAT = gross, total − paid = change). */
function sumOfTwoOthers(value: number, self: number, values: number[], index: Map<number, number[]>): boolean {
  const limit = Math.min(values.length, 200);
  for (let a = 0; a < limit; a++) {
    if (a === self || values[a]! <= 0 || values[a]! >= value) continue;
    const rest = index.get(key(value - values[a]!));
    if (rest?.some((b) => b !== self && b !== a)) return true;
  }
  return false;
}

/** This amount and another printed one add up to a third printed one. */
function isAddend(value: number, self: number, values: number[], index: Map<number, number[]>): boolean {
  if (value <= 0) return false;
  const limit = Math.min(values.length, 200);
  for (let a = 0; a < limit; a++) {
    if (a === self || values[a]! <= 0) continue;
    const sum = index.get(key(value + values[a]!));
    if (sum?.some((b) => b !== self && b !== a)) return true;
  }
  return false;
}
