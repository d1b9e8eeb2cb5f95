// What the review stage knows of one value besides the finders' confidence: its family, what the engine
// said of it, where it was read and how sure OCR was of its words, whether the document's amounts
// agree, the shape of its text, and how much the learned choice believes it. All of it is read from
// the outcome and the review evidence (extract.ts, Unreviewed), so training (on the blind folds'
// outcomes) and the engine see the same numbers. The names are the model file's, so a file fitted on other features is refused.
import type { ExtractionOutcome } from '../../schemas/document.schema.js';
import { documentTitle, hasLegalForm, tillWord } from '../fields/choice/party-words.js';
import { addressLike } from '../fields/letterhead.js';
import { LANGUAGE } from '../language/lexicon.js';
import { ALL_LABELS, fold } from '../fields/labels.js';
import { FAMILIARITY_FEATURES, familiarityFeatures, type Familiarity } from './familiarity.js';

export type OutcomeView = Pick<ExtractionOutcome, 'extraction' | 'field_confidence' | 'field_status' | 'regions'>;

/** What the fields stage knew of each value that the outcome does not say (outcome.ts). */
export interface ValueEvidence {
  /** The learned choice's probability per path, where it scored the field (Found.support). */
  support: Record<string, number>;
  /** Its probability for the best other value of the field (Found.rival). */
  rival: Record<string, number>;
  /** OCR's confidence in the words a value was read from, per path; 1 for a text layer. */
  wordConfidence: Record<string, number>;
  /** Printed lines beside a name or an address that it was read without, per path (Found.leftOut). */
  leftOut?: Record<string, number>;
  /** How much the document looks like what the engine learned from (familiarity.ts). */
  familiarity?: Familiarity;
}

export const FAMILIES = [
  'total', 'subtotal', 'vat_amount', 'date', 'document_number', 'currency', 'vendor.name', 'customer.name',
  'address', 'party', 'vat_group', 'payment', 'item.description', 'item.quantity', 'item.amount', 'other',
] as const;
export type Family = (typeof FAMILIES)[number];

/**
 * Families whose OCR doubt weighs on its own (1 − the words' confidence): a vendor name read from words
 * OCR doubted (< 0.85) was wrong 20 times in 50 on the blind folds against 34 in 369, a party member
 * 20 in 63 against 24 in 551. One weight for all families did not tell them apart (docs/engine.md).
 */
const WORD_DOUBT_FAMILIES = ['vendor.name', 'customer.name', 'address', 'party', 'total', 'date', 'document_number'] as const satisfies readonly Family[];

/**
 * Families whose extent the print can leave open: a brand above a receipt's registered name, a mall's
 * line beside an address. Receipts' labels take such lines in one time and leave them out the next
 * (the words corpus: 3 of 10 addresses whose head printed a mall line after the country kept it), so
 * a value read without them is less sure than one the print bounds.
 */
const LEFT_OUT_FAMILIES = ['vendor.name', 'address'] as const satisfies readonly Family[];

const AMOUNT_FAMILIES = new Set<Family>(['total', 'subtotal', 'vat_amount', 'vat_group', 'item.amount', 'item.quantity']);
const TEXT_FAMILIES = new Set<Family>(['vendor.name', 'customer.name', 'address', 'party', 'item.description', 'document_number']);

export const VALUE_FEATURES = [
  ...FAMILIES.map((f) => `family=${f}`),
  'status=read', 'status=review', 'status=derived',
  'raw_confidence', 'on_page', 'down_the_pages',
  'amounts_agree', 'amounts_disagree', 'total_witnessed', 'total_contradicted',
  'text_digit_share', 'text_length', 'text_words', 'same_as_other_party',
  'address_postal', 'address_legal_form', 'name_courtesy', 'name_address', 'name_label', 'name_title',
  'document_doubts', 'document_values',
  'choice_scored', 'choice_support', 'choice_rival',
  'word_confidence', ...WORD_DOUBT_FAMILIES.map((f) => `word_doubt=${f}`),
  ...LEFT_OUT_FAMILIES.map((f) => `left_out=${f}`),
  ...FAMILIARITY_FEATURES,
] as const;

export function familyOf(path: string): Family {
  const pattern = path.replace(/\[\d+\]/gu, '[]');
  if (pattern.startsWith('line_items[].')) {
    const member = pattern.slice('line_items[].'.length);
    return member === 'description' ? 'item.description' : member === 'quantity' ? 'item.quantity' : 'item.amount';
  }
  if (pattern.startsWith('vat_rates[]')) return 'vat_group';
  // One family: the blind folds' 16 labelled due dates were too few for a weight of their own, which
  // had put every due date at ~0.88 (docs/engine.md, Confidence and review).
  if (pattern === 'issue_date' || pattern === 'due_date') return 'date';
  if (pattern.startsWith('banks[]') || pattern.startsWith('payment.')) return 'payment';
  if ((FAMILIES as readonly string[]).includes(pattern)) return pattern as Family;
  if (/^(vendor|customer)\.document_address$/u.test(pattern)) return 'address';
  if (pattern.startsWith('vendor.') || pattern.startsWith('customer.')) return 'party';
  return 'other';
}

/** Each valued path of the outcome with its feature vector (VALUE_FEATURES, in order). */
export function valueFeatures(outcome: OutcomeView, { support, rival, wordConfidence, leftOut = {}, familiarity }: ValueEvidence): Map<string, number[]> {
  const document = documentSignals(outcome);
  const familiar = familiarityFeatures(familiarity);
  const out = new Map<string, number[]>();
  for (const [path, status] of Object.entries(outcome.field_status)) {
    const raw = outcome.field_confidence[path];
    if (raw === undefined) continue;
    const family = familyOf(path);
    const value = valueAt(outcome.extraction, path);
    const text = TEXT_FAMILIES.has(family) && typeof value === 'string' ? value : '';
    const region = outcome.regions?.[path];
    const amount = AMOUNT_FAMILIES.has(family);
    const words = wordConfidence[path] ?? 1;
    out.set(path, [
      ...FAMILIES.map((f) => (f === family ? 1 : 0)),
      status.status === 'read' ? 1 : 0,
      status.status === 'review' ? 1 : 0,
      status.status === 'derived' || status.status === 'enriched' ? 1 : 0,
      raw,
      region ? 1 : 0,
      region ? Math.min(3, region.page - 1 + (region.box[1]! + region.box[3]!) / 2000) : 0,
      amount && document.amountsAgree ? 1 : 0,
      amount && document.amountsDisagree ? 1 : 0,
      family === 'total' ? document.totalWitnesses.agree / 2 : 0,
      family === 'total' ? document.totalWitnesses.disagree / 2 : 0,
      text ? (text.match(/\p{N}/gu)?.length ?? 0) / text.length : 0,
      text ? Math.log1p(text.length) : 0,
      text ? Math.min(10, text.split(/\s+/u).length) / 10 : 0,
      (family === 'vendor.name' || family === 'customer.name') && sameParty(outcome.extraction) ? 1 : 0,
      ...(family === 'address' ? addressShape(outcome.extraction, path, text) : [0, 0]),
      ...(family === 'vendor.name' || family === 'customer.name' ? nameShape(text) : [0, 0, 0, 0]),
      document.doubts,
      document.values,
      support[path] === undefined ? 0 : 1,
      support[path] ?? 0,
      rival[path] ?? 0,
      words,
      ...WORD_DOUBT_FAMILIES.map((f) => (f === family ? 1 - words : 0)),
      ...LEFT_OUT_FAMILIES.map((f) => (f === family ? Math.min(2, leftOut[path] ?? 0) / 2 : 0)),
      ...familiar,
    ]);
  }
  return out;
}

interface DocumentSignals {
  /** subtotal + VAT (+ rounding) is the total, or the line items add up to the subtotal or total. */
  amountsAgree: boolean;
  /** The same sums printed and not adding up. */
  amountsDisagree: boolean;
  /** Share of the values the engine itself doubted (status review). */
  doubts: number;
  values: number;
  /** The total against the amounts printed apart from it that give it a second time (totalWitnesses). */
  totalWitnesses: { agree: number; disagree: number };
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.011;

function documentSignals(outcome: OutcomeView): DocumentSignals {
  const e = outcome.extraction;
  const checks: boolean[] = [];
  // subtotal + VAT (+ rounding) when all three were read: a sum one of whose terms was derived from the
  // others agrees by construction and says nothing.
  const read = (path: string) => outcome.field_status[path]?.status !== 'derived';
  const summed = typeof e.subtotal === 'number' && typeof e.vat_amount === 'number' && ['subtotal', 'vat_amount', 'total'].every(read) ? e.subtotal + e.vat_amount + (typeof e.rounding === 'number' ? e.rounding : 0) : undefined;
  if (summed !== undefined && typeof e.total === 'number') checks.push(near(summed, e.total));
  const items = e.line_items ?? [];
  const lineSum = (member: 'total' | 'subtotal') => (items.length && items.every((i) => typeof i[member] === 'number') ? items.reduce((s, i) => s + (i[member] as number), 0) : null);
  const sums = [lineSum('total'), lineSum('subtotal')].filter((s): s is number => s !== null);
  const targets = [e.total, e.subtotal].filter((t): t is number => typeof t === 'number');
  if (sums.length && targets.length) checks.push(sums.some((s) => targets.some((t) => Math.abs(s - t) <= 0.01 * items.length + 0.005)));
  const statuses = Object.values(outcome.field_status);
  return {
    amountsAgree: checks.some((c) => c),
    amountsDisagree: checks.some((c) => !c),
    doubts: statuses.length ? statuses.filter((s) => s.status === 'review').length / statuses.length : 0,
    values: Math.log1p(statuses.length) / 5,
    totalWitnesses: totalWitnesses(e, summed),
  };
}

/**
 * Amounts printed apart from the total that give it again, each agreeing or not (at most two of either
 * counted): the cash handed over less the change, the VAT groups' gross amounts, the line items' totals,
 * subtotal + VAT (+ rounding) when all three were read. A total no second amount confirms, or one
 * contradicts, is where a misread digit or the wrong "total" line hides (a receipt's cash-sales number
 * read as the cash handed over, a sub-table's sum).
 */
function totalWitnesses(e: OutcomeView['extraction'], summed: number | undefined): { agree: number; disagree: number } {
  if (typeof e.total !== 'number') return { agree: 0, disagree: 0 };
  const total = e.total;
  const witnesses: number[] = summed === undefined ? [] : [summed];
  const { tendered, change } = e.payment ?? {};
  if (typeof tendered === 'number' && typeof change === 'number') witnesses.push(tendered - change);
  const groups = e.vat_rates ?? [];
  if (groups.length && groups.every((g) => typeof g.gross === 'number')) witnesses.push(groups.reduce((s, g) => s + (g.gross as number), 0));
  const items = e.line_items ?? [];
  if (items.length && items.every((i) => typeof i.total === 'number')) witnesses.push(items.reduce((s, i) => s + (i.total as number), 0));
  const agree = witnesses.filter((w) => near(w, total)).length;
  return { agree: Math.min(2, agree), disagree: Math.min(2, witnesses.length - agree) };
}

/**
 * What the printed address holds: its party's postal code (an address cut before its postal line, or
 * read from another block, lacks it: wrong 16 times in 82 on the blind folds against 16 in 304) and a
 * legal form (the name's line taken in).
 */
function addressShape(extraction: OutcomeView['extraction'], path: string, text: string): number[] {
  const party = path.startsWith('customer.') ? extraction.customer : extraction.vendor;
  const postal = party?.postal_code;
  return [
    postal && text.replace(/\s/gu, '').includes(postal.replace(/\s/gu, '')) ? 1 : 0,
    hasLegalForm(text) ? 1 : 0,
  ];
}

/**
 * A name that does not read as a name: a shop's courtesy ("Welcome to …", "Goods sold are not
 * returnable"), a street or postal line, a field's label ("Invoice date", "Bill to"), a document's title
 * or a till's word ("Kvitto", "Cashier").
 */
function nameShape(text: string): number[] {
  const folded = fold(text);
  return [
    LANGUAGE.party.courtesy.test(folded) ? 1 : 0,
    addressLike(text) || LANGUAGE.party.street.test(folded) ? 1 : 0,
    ALL_LABELS.some((label) => label.test(folded)) ? 1 : 0,
    documentTitle(folded) || tillWord(folded) ? 1 : 0,
  ];
}

function sameParty(extraction: OutcomeView['extraction']): boolean {
  const letters = (s: unknown) => (typeof s === 'string' ? s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') : '');
  const vendor = letters(extraction.vendor?.name);
  return vendor !== '' && vendor === letters(extraction.customer?.name);
}

function valueAt(extraction: OutcomeView['extraction'], path: string): unknown {
  return path.split(/\.|\[(\d+)\]\.?/u).filter((part) => part !== undefined && part !== '').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), extraction);
}
