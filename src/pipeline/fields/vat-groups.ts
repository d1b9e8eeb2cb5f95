// VAT groups as printed: a line that holds a rate, a net amount and the VAT on it, whatever the column
// order ("USt. 19% 198,00 37,62", "Umsatzsteuer 129,37 7 9,06", "21 % 41,31 8,68 49,99"). The
// arithmetic (net × rate = VAT, to the cent) is what makes a line a group, not its position.
import { overlapX, type Line } from '../layout/lines.js';
import type { Word } from '../types.js';
import { fold } from '../language/fold.js';
import { LANGUAGE } from '../language/lexicon.js';
import type { FieldContext } from './context.js';
import type { Draft } from './draft.js';
import { evidenceOf } from './find-labelled.js';
import { round, type Found } from './found.js';
import { amountTokens, type AmountToken } from './tokens.js';

export interface FoundVatGroup {
  rate: Found<number>;
  net: Found<number>;
  vat: Found<number>;
  gross: Found<number>;
}

/**
 * One group per rate. Line items can look like groups (a 10 % line of 30,00 with 3,00 VAT), so when a
 * rate appears on several lines the choice is the set whose VAT sums to the document's; without that,
 * the last one, because VAT summaries follow the items.
 */
export function findVatGroups(context: FieldContext, vatAmount: number | undefined): FoundVatGroup[] {
  const byRate = new Map<number, FoundVatGroup[]>();
  const lineOf = new Map<FoundVatGroup, number>();
  for (const line of context.document.lines) {
    const group = groupOnLine(line, context) ?? groupOverNet(line, context);
    if (!group) continue;
    byRate.set(group.rate.value, [...(byRate.get(group.rate.value) ?? []), group]);
    lineOf.set(group, line.index);
  }
  return withCategories(chooseGroups(byRate, vatAmount), lineOf);
}

/**
 * A breakdown prints each tax category once, so a rate printed twice inside the chosen breakdown (0 %
 * exempt and 0 % reverse charge, one line after the other) is two groups. Only groups of no VAT are
 * added: they leave the VAT sum as it was.
 */
function withCategories(chosen: FoundVatGroup[], lineOf: Map<FoundVatGroup, number>): FoundVatGroup[] {
  const lines = new Set(chosen.map((g) => lineOf.get(g)!));
  const extra = [...lineOf].filter(([group, line]) => !chosen.includes(group) && group.vat.value === 0 && chosen.some((g) => g.rate.value === group.rate.value) && (lines.has(line - 1) || lines.has(line + 1)));
  return [...chosen, ...extra.map(([group]) => group)].sort((a, b) => lineOf.get(a)! - lineOf.get(b)!);
}

function chooseGroups(byRate: Map<number, FoundVatGroup[]>, vatAmount: number | undefined): FoundVatGroup[] {
  const first = [...byRate.values()].map((list) => list[0]!);
  const last = [...byRate.values()].map((list) => list.at(-1)!);
  const sums = (groups: FoundVatGroup[]) => vatAmount !== undefined && Math.abs(groups.reduce((t, g) => t + g.vat.value, 0) - vatAmount) < 0.011 * Math.max(1, groups.length);
  if (sums(last)) return last;
  if (sums(first)) return first;
  // Allowance and charge lines ("1,00% sur 100,00 EUR 1,00") look like groups too: the largest set whose
  // VAT is the document's is the summary; when none is, all are kept and reconciliation flags them.
  return largestSummingSubset(last, sums) ?? largestSummingSubset(first, sums) ?? last;
}

const MAX_SUBSET_SEARCH = 10;

function largestSummingSubset(groups: FoundVatGroup[], sums: (groups: FoundVatGroup[]) => boolean): FoundVatGroup[] | null {
  if (groups.length > MAX_SUBSET_SEARCH) return null;
  let best: FoundVatGroup[] | null = null;
  for (let mask = 1; mask < 1 << groups.length; mask++) {
    const subset = groups.filter((_, i) => mask & (1 << i));
    if (subset.some((g) => g.vat.value !== 0) && sums(subset) && (!best || subset.length > best.length)) best = subset;
  }
  return best;
}

/** Anywhere in the folded text, also inside a word ("MwSt-Satz", "USt.%"): a tax word, a rate word or "%". */
const TAX_WORDS = new RegExp(`(?:%|${LANGUAGE.tax.tax}|satz|taux|rate)`, 'u');
const talksTax = (text: string) => TAX_WORDS.test(fold(text));

function groupOnLine(line: Line, context: FieldContext): FoundVatGroup | null {
  const tokens = amountTokens(line.text, context.separator);
  // Where some rate is printed with "%", the other small numbers on the line are not rates (a position, a quantity).
  const percentOnly = tokens.some((t) => t.percent);
  const rates = tokens.filter((t) => isRate(t) && (t.percent || (!percentOnly && (t.decimals === 0 || (t.decimals <= 2 && t.value % 0.5 === 0)))));
  const money = tokens.filter((t) => t.decimals === 2 && !t.percent);
  for (const rate of rates) {
    // Every net × rate = VAT pair on the line; "-2,90  0,08  -2,82  7  -0,20" holds two, and the closer product is the basis.
    const pairs: { net: AmountToken; vat: AmountToken; error: number }[] = [];
    for (const net of money) {
      if (net === rate || Math.abs(net.value) < 0.01) continue;
      const expected = (net.value * rate.value) / 100;
      // A zero rate has no arithmetic to check, so its VAT must be printed as zero, not merely be small.
      for (const vat of money.filter((t) => t !== net && t !== rate && t.index > Math.min(net.index, rate.index) && Math.abs(t.value - expected) <= 0.011 && (rate.value > 0 || t.value === 0))) {
        pairs.push({ net, vat, error: Math.abs(vat.value - expected) });
      }
    }
    const best = pairs.sort((a, b) => a.error - b.error)[0];
    // A rate printed without "%" must sit in a line, or under a column heading, that talks about tax; a bare small integer is often a quantity.
    if (!rate.percent && !talksTax(line.text) && !underTaxHeading(context, line, rate.index)) continue;
    if (best) return group(line, rate.value, best.net.value, best.vat.value);
    const inclusive = rate.percent && rate.value > 0 ? grossPair(money, rate.value) : undefined;
    if (inclusive) return grossGroup(line, rate.value, inclusive.gross.value, inclusive.vat.value);
  }
  return null;
}

/**
 * "16.30 VAT 15 % 125.00": prices that include the tax print the VAT and the gross it is part of
 * (gross × rate / (100 + rate) = VAT), and no net.
 */
function grossPair(money: AmountToken[], rate: number): { gross: AmountToken; vat: AmountToken } | undefined {
  for (const gross of money) {
    const expected = (gross.value * rate) / (100 + rate);
    const vat = money.find((t) => t !== gross && Math.abs(t.value) >= 0.01 && Math.abs(t.value - expected) <= 0.011);
    if (vat) return { gross, vat };
  }
  return undefined;
}

function grossGroup(line: Line, rate: number, gross: number, vat: number): FoundVatGroup {
  const read = group(line, rate, round(gross - vat), vat);
  return { ...read, net: { ...read.net, status: 'derived' }, gross: { ...read.net, value: gross } };
}

/** "Subtotal 573.00" over "19% VAT 108.87": a single-rate summary prints the net on the line above the rate. */
function groupOverNet(line: Line, context: FieldContext): FoundVatGroup | null {
  const tokens = amountTokens(line.text, context.separator);
  const rate = tokens.find((t) => t.percent && isRate(t) && t.value > 0);
  const vat = tokens.filter((t) => !t.percent && t.decimals === 2).at(-1);
  if (!rate || !vat || vat.index < rate.index || !talksTax(line.text.replace(/%/gu, ''))) return null;
  for (const above of context.document.lines.slice(Math.max(0, line.index - 2), line.index).reverse()) {
    if (above.page !== line.page) break;
    const net = amountTokens(above.text, context.separator).filter((t) => !t.percent && t.decimals === 2).at(-1);
    if (net && Math.abs((net.value * rate.value) / 100 - vat.value) <= 0.011 && Math.abs(net.value) >= 0.01) return group(line, rate.value, net.value, vat.value);
  }
  return null;
}

function group(line: Line, rate: number, net: number, vat: number): FoundVatGroup {
  const evidence = evidenceOf(line.words, line.page);
  const found = (value: number, confidence = 0.9): Found<number> => ({ value, confidence, status: 'read', evidence });
  return { rate: found(rate), net: found(net), vat: found(vat), gross: { value: round(net + vat), confidence: 0.9, status: 'derived' } };
}

const isRate = (t: AmountToken) => t.value >= 0 && t.value <= 30;

/** The column heading over the number at `index` of the line ("MwSt-%", "USt. %", "Steuersatz"), above the rows of numbers. */
function underTaxHeading(context: FieldContext, line: Line, index: number): boolean {
  const word = wordAt(line, index);
  if (!word) return false;
  for (const above of context.document.lines.slice(Math.max(0, line.index - 8), line.index).reverse()) {
    if (above.page !== line.page) return false;
    const cell = above.cells.find((c) => overlapX(c.box, word.box) > 0);
    // A heading of its own is words, or the bare "%" of a rate column.
    if (!cell || !/[\p{L}%]/u.test(cell.text)) continue;
    return talksTax(cell.text);
  }
  return false;
}

/** The word of a line whose text holds the character at `index` (line text is its words joined by one space). */
function wordAt(line: Line, index: number): Word | undefined {
  let start = 0;
  for (const word of line.words) {
    if (index < start + word.text.length) return word;
    start += word.text.length + 1;
  }
  return undefined;
}

/**
 * "Momsbelopp 12 %   31,09" over "Momsbelopp 6 %   58,97": a breakdown that prints each rate with its
 * VAT and no net. Lines that talk tax and hold one rate and one amount after it are the groups when
 * their VAT adds up to the document's (the net stays unknown: a person or the line items give it).
 */
export function rateAndVatGroups(context: FieldContext, vatAmount: number | undefined): Pick<FoundVatGroup, 'rate' | 'vat'>[] {
  if (vatAmount === undefined) return [];
  const groups = new Map<number, Pick<FoundVatGroup, 'rate' | 'vat'>>();
  for (const line of context.document.lines) {
    const tokens = amountTokens(line.text, context.separator);
    const rates = tokens.filter((t) => t.percent && isRate(t));
    const money = tokens.filter((t) => !t.percent && t.decimals === 2);
    if (rates.length !== 1 || money.length !== 1 || money[0]!.index < rates[0]!.index || !talksTax(line.text.replace(/%/gu, ''))) continue;
    if (groups.has(rates[0]!.value)) return [];
    const evidence = evidenceOf(line.words, line.page);
    groups.set(rates[0]!.value, { rate: { value: rates[0]!.value, confidence: 0.8, status: 'read', evidence }, vat: { value: money[0]!.value, confidence: 0.8, status: 'read', evidence } });
  }
  const sum = round([...groups.values()].reduce((total, g) => total + g.vat.value, 0));
  return groups.size && Math.abs(sum - vatAmount) <= 0.005 * groups.size ? [...groups.values()] : [];
}

/**
 * The document's net and VAT from its groups. When the page labels neither, the groups give them if their
 * gross adds up to the total ("BTW %  Grondslag  BTW bedrag  Totaal" over "21 %  41,31  8,68  49,99"); a
 * VAT amount that does not add up with the net to the total gives way to the groups' VAT that does.
 */
export function totalsFromGroups(groups: FoundVatGroup[], read: { subtotal?: number; vat_amount?: number; total?: number }): { subtotal?: Found<number>; vat_amount?: Found<number> } {
  const { subtotal, vat_amount: vatAmount, total } = read;
  if (!groups.length) return {};
  const net = round(groups.reduce((sum, g) => sum + g.net.value, 0));
  const vat = round(groups.reduce((sum, g) => sum + g.vat.value, 0));
  const found = (value: number, confidence = 0.8): Found<number> => ({ value, confidence, status: 'derived' });
  // The VAT a breakdown states is the document's VAT when no line labels it (a receipt that prints
  // "16.30 VAT 15 %" under prices that include it).
  const stated = vatAmount === undefined ? { vat_amount: found(vat, 0.7) } : {};
  if (total === undefined) return stated;
  const adds = (a: number, b: number) => Math.abs(a + b - total) <= 0.0051 * groups.length;
  if (subtotal === undefined && vatAmount === undefined) return adds(net, vat) ? { subtotal: found(net), vat_amount: found(vat) } : stated;
  if (subtotal !== undefined && vatAmount !== undefined && !adds(subtotal, vatAmount) && adds(subtotal, vat)) return { vat_amount: found(vat) };
  return stated;
}

/**
 * A receipt whose total line OCR lost still prints the sale's amount elsewhere: on its item, at the
 * card payment. With no total read, the groups' gross is the total (derived) when it is printed, with
 * its cents, on a line that is not a group's own (one that does not also print a group's net).
 */
export function totalPrintedApart(context: FieldContext, groups: FoundVatGroup[]): Found<number> | undefined {
  if (!groups.length) return undefined;
  const gross = round(groups.reduce((sum, g) => sum + g.gross.value, 0));
  const nets = new Set(groups.map((g) => g.net.value));
  const printed = context.document.lines.some((line) => {
    const money = amountTokens(line.text, context.separator).filter((t) => !t.percent && t.decimals === 2);
    return money.some((t) => Math.abs(t.value - gross) < 0.005) && !money.some((t) => nets.has(t.value));
  });
  return printed ? { value: gross, confidence: 0.7, status: 'derived' } : undefined;
}

/** One member summed over the draft's VAT groups; undefined when none has it. */
export function groupsSum(groups: Draft['vat_rates'], member: 'net' | 'vat' | 'gross'): number | undefined {
  const values = groups.flatMap((group) => (group[member] ? [group[member].value] : []));
  if (!values.length) return undefined;
  return round(values.reduce((a, b) => a + b, 0));
}
