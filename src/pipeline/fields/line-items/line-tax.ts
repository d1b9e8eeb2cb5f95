// The members of a line that the page leaves out but its numbers give: a document with one VAT group
// gives its rate to lines that print none, when the lines' tax at that rate is the group's VAT; a net
// line with a known rate has its VAT and gross total, a gross line its net and VAT (status derived).
// Per-line VAT rounds on its own, so when the lines of one rate cover exactly a printed VAT group, the
// lines' VAT is moved by a minor unit at a time, largest lines first, until it sums to the group's VAT
// as printed. A document that prints no VAT breakdown gets one built from its lines (derived), when
// every line has a rate and the lines add up to the document's subtotal.
import type { LineItem } from '../../../schemas/document-fields.schema.js';
import { fieldEntries, type Draft, type FieldValue } from '../draft.js';
import { round, type Found } from '../found.js';
import type { LineFindings } from './index.js';

const CENT = 0.005;

interface PrintedGroup {
  rate: number;
  net: number;
  vat: number;
}

export function deriveLineTaxes(items: LineItem[], findings: LineFindings, header: Draft): void {
  rateOfOnlyGroup(items, findings, header);
  items.forEach((item, i) => {
    if (item.vat_rate === null || item.vat_rate === undefined) return;
    const factor = item.vat_rate / 100;
    const source = findings.get(`line_items[${i}].${typeof item.subtotal === 'number' ? 'subtotal' : 'total'}`);
    const set = (member: 'subtotal' | 'vat_amount' | 'total', value: number) => {
      item[member] = value;
      findings.set(`line_items[${i}].${member}`, derived(value, source));
    };
    if (typeof item.subtotal === 'number' && item.total === null) {
      set('vat_amount', round(item.subtotal * factor));
      set('total', round(item.subtotal + item.vat_amount!));
    } else if (typeof item.total === 'number' && item.subtotal === null) {
      set('subtotal', round(item.total / (1 + factor)));
      set('vat_amount', round(item.total - item.subtotal!));
    } else return;
    item.amount = item.total;
    findings.set(`line_items[${i}].amount`, findings.get(`line_items[${i}].total`)!);
  });
  for (const group of printedGroups(header)) matchGroup(items, findings, group);
}

/**
 * One VAT group and lines that print no rate: every line is at the group's rate when the lines' tax
 * at that rate comes to the group's VAT (within a cent a line). An exempt line among them, or a second
 * rate, would make the tax too high, so the rate is left out then.
 */
function rateOfOnlyGroup(items: LineItem[], findings: LineFindings, header: Draft): void {
  const rate = header.vat_rates[0]?.rate;
  const vat = header.vat_rates[0]?.vat?.value;
  if (!rate || rate.value <= 0 || vat === undefined || header.vat_rates[1]?.rate) return;
  const groupRate = rate.value;
  const unrated = items.flatMap((item, i) => (item.vat_rate === null || item.vat_rate === undefined ? [i] : []));
  if (!unrated.length || items.some((item) => item.vat_rate !== null && item.vat_rate !== undefined && item.vat_rate !== groupRate)) return;
  const factor = groupRate / 100;
  let tax = 0;
  for (const item of items) {
    if (typeof item.subtotal === 'number') tax += item.subtotal * factor;
    else if (typeof item.total === 'number') tax += (item.total * factor) / (1 + factor);
    else return;
  }
  if (Math.abs(tax - vat) > 0.01 * items.length) return;
  for (const i of unrated) {
    items[i]!.vat_rate = groupRate;
    findings.set(`line_items[${i}].vat_rate`, derived(groupRate, rate));
  }
}

/** Lines of one rate whose nets are the group's net: their VAT must be the group's VAT. */
function matchGroup(items: LineItem[], findings: LineFindings, group: PrintedGroup): void {
  const lines = items.map((item, i) => ({ item, i })).filter(({ item }) => item.vat_rate === group.rate && typeof item.vat_amount === 'number' && typeof item.subtotal === 'number');
  if (!lines.length || lines.length !== items.filter((item) => item.vat_rate === group.rate).length) return;
  if (Math.abs(lines.reduce((sum, { item }) => sum + item.subtotal!, 0) - group.net) > CENT) return;
  let cents = Math.round((group.vat - lines.reduce((sum, { item }) => sum + item.vat_amount!, 0)) * 100);
  // More than a cent per line is a misread, not rounding.
  if (cents === 0 || Math.abs(cents) > lines.length) return;
  const step = Math.sign(cents);
  for (const { item, i } of [...lines].sort((a, b) => Math.abs(b.item.subtotal!) - Math.abs(a.item.subtotal!))) {
    if (cents === 0) break;
    item.vat_amount = round(item.vat_amount! + step / 100);
    const vat = findings.get(`line_items[${i}].vat_amount`);
    if (vat) vat.value = item.vat_amount;
    // A gross line keeps its printed total and gives the cent to its net; a net line to its total.
    if (findings.get(`line_items[${i}].total`)?.status === 'derived') {
      item.total = item.amount = round(item.subtotal! + item.vat_amount);
      findings.get(`line_items[${i}].total`)!.value = item.total;
    } else {
      item.subtotal = round(item.total! - item.vat_amount);
      findings.get(`line_items[${i}].subtotal`)!.value = item.subtotal;
    }
    cents -= step;
  }
}

/**
 * A VAT breakdown built from the lines, for a document that prints none: one group per rate, only
 * when every line has a rate and a net, and the nets add up to the document's subtotal when it has one.
 */
export function groupsFromLines(items: LineItem[], header: Draft): Draft['vat_rates'] {
  if (!items.length || fieldEntries(header).some(({ key }) => key[0] === 'vat_rates')) return [];
  if (items.some((item) => typeof item.vat_rate !== 'number' || typeof item.subtotal !== 'number' || typeof item.vat_amount !== 'number')) return [];
  const subtotal = header.subtotal?.value;
  const net = items.reduce((sum, item) => sum + item.subtotal!, 0);
  if (subtotal !== undefined && Math.abs(subtotal - net) > CENT) return [];
  const rates = [...new Set(items.map((item) => item.vat_rate!))];
  return rates.map((rate) => {
    const lines = items.filter((item) => item.vat_rate === rate);
    const sum = (member: 'subtotal' | 'vat_amount') => round(lines.reduce((total, item) => total + item[member]!, 0));
    return { rate: derived(rate), net: derived(sum('subtotal')), vat: derived(sum('vat_amount')), gross: derived(round(sum('subtotal') + sum('vat_amount'))) };
  });
}

/** The printed groups from the first on, up to the first without a rate. */
function printedGroups(header: Draft): PrintedGroup[] {
  const groups: PrintedGroup[] = [];
  for (let i = 0; header.vat_rates[i]?.rate; i++) {
    const { rate, net, vat } = header.vat_rates[i]!;
    if (rate && net && vat) groups.push({ rate: rate.value, net: net.value, vat: vat.value });
  }
  return groups;
}

/** A value computed from others is as sure as what it came from, and has no place on the page. */
function derived<T extends FieldValue>(value: T, from?: Found<FieldValue>): Found<T> {
  return { value, confidence: from ? Math.min(from.confidence, 0.9) : 0.8, status: from?.status === 'review' ? 'review' : 'derived' };
}
