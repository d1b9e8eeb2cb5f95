// The languages the engine reads, as data: one lexicon file per language (<code>.json, the shape is
// `Lexicon` below, checked when loaded) and the matchers built from all of them merged. No field finder
// lists words of its own; it asks here. A language is added by adding its file and its line in
// LEXICONS (README.md says how).
import da from './da.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import et from './et.json' with { type: 'json' };
import fi from './fi.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import lt from './lt.json' with { type: 'json' };
import lv from './lv.json' with { type: 'json' };
import ms from './ms.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import no from './no.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import sv from './sv.json' with { type: 'json' };
import { fold } from './fold.js';

/** The labelled fields the engine looks for; a lexicon gives each its labels by rank. */
export const LABEL_NAMES = [
  'documentNumber',
  'issueDate',
  'dueDate',
  'total',
  'subtotal',
  'vatAmount',
  'amountDue',
  'rounding',
  'previousBalance',
  'paymentsCredits',
  'accountNumber',
  'serviceAddress',
  'consumption',
  'iban',
  'bic',
  'bankName',
  'vatId',
  'registryCode',
  'vendorBlock',
  'customerName',
  'vendorName',
  'customerBlock',
] as const;
export type LabelName = (typeof LABEL_NAMES)[number];

export const PAYMENT_WORDS = ['card', 'cash', 'handedOver', 'change'] as const;
export type PaymentWord = (typeof PAYMENT_WORDS)[number];

/** Item-table columns whose headers the lexicons name (line-items/columns.ts); `vat_rate` also takes every tax word. */
export const COLUMN_ROLES = ['ean', 'unit_price', 'amount', 'vat_rate', 'quantity', 'unit', 'description', 'code', 'position', 'discount'] as const;
export type ColumnRoleName = (typeof COLUMN_ROLES)[number];

/** Where an item table ends (line-items/rows.ts, receipt-lines.ts): sum lines, sums named in a cell, the sections after the items, carried-forward lines, the page word of page numbers, recaps of the items. */
export const TABLE_WORDS = ['sums', 'sumsInCell', 'sections', 'carried', 'page', 'summary'] as const;
export type TableWord = (typeof TABLE_WORDS)[number];

/** Words about a party's lines: phone, contact, registration, street, ownership ("Dimiliki oleh"), trade, bank, courtesy. */
export const PARTY_WORDS = ['phone', 'contact', 'registration', 'street', 'ownership', 'trade', 'bank', 'courtesy'] as const;
export type PartyWord = (typeof PARTY_WORDS)[number];

export const KIND_WORDS = ['creditNote', 'invoice', 'utilityBill', 'notUtilityBill', 'paidAtCounter', 'billedLater'] as const;
export type KindWord = (typeof KIND_WORDS)[number];

export interface Lexicon {
  /** ISO 639-1 code, the file's name. */
  language: string;
  name: string;
  /** The small letters of its alphabet beyond a–z, as printed ("äöüß"): what OCR must be able to write. */
  letters: string;
  /** Per field, per rank ("0" the most specific): the phrases that label it. */
  labels: Partial<Record<LabelName, Record<string, string[]>>>;
  /** Per field: word starts that make a weaker label about something else ("Total excl. VAT"). */
  not: Partial<Record<LabelName, string[]>>;
  /** Per item-table column: its header, as a whole phrase ("Einzelpreis", "Qty"). */
  columns: Partial<Record<ColumnRoleName, string[]>>;
  /** Words that end an item table (TABLE_WORDS). */
  table: Partial<Record<TableWord, string[]>>;
  /** Twelve lists, January first: every name and abbreviation of the month, in every case dates use. */
  months: string[][];
  /** Words for the tax: `vat` names the value added tax itself, `other` any other tax word. */
  tax: { vat: string[]; other: string[] };
  payment: Partial<Record<PaymentWord, string[]>>;
  kinds: Partial<Record<KindWord, string[]>>;
  /** "your", "Ihre": the page speaking to its reader, the customer. */
  reader: string[];
  /** Company legal forms as printed: `anyCase` in any case, `capitals` only in capitals (they are also words). */
  legalForms: { anyCase: string[]; capitals: string[] };
  /**
   * Lines of a party's block that are not its address: `phone` opens a phone or mobile number, `contact`
   * a fax, e-mail or web line, `registration` a company or tax registration, `ownership` whose the business is or was
   * ("licensee of", "dimiliki oleh"); `street` makes a line a street address even without a number;
   * `trade` names a line of business ("restaurant", "stationery"), not one business; `bank` makes a
   * name a bank's ("Banco Santander", "Swedbank"); `courtesy` is what a shop says to its customer
   * ("thank you", "goods sold are not returnable"), which names nobody.
   */
  party: Partial<Record<PartyWord, string[]>>;
}

/** The lexicon's shape, checked; the message names the file and the member that is wrong. */
export function validateLexicon(value: unknown): Lexicon {
  const errors: string[] = [];
  const object = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const strings = (v: unknown, path: string): void => {
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || !s.trim())) errors.push(`${path} must be a list of non-empty strings`);
    else for (const s of v as string[]) if (s !== s.trim() || (fold(s) !== s && !path.includes('legalForms'))) errors.push(`${path}: "${s}" must be folded (lower case, no accents) and trimmed`);
  };
  const keyed = (v: unknown, path: string, keys: readonly string[], each: (item: unknown, path: string) => void): void => {
    if (!object(v)) return void errors.push(`${path} must be an object`);
    for (const [key, item] of Object.entries(v)) {
      if (!keys.includes(key)) errors.push(`${path}.${key} is not one of ${keys.join(', ')}`);
      else each(item, `${path}.${key}`);
    }
  };
  if (!object(value)) throw new Error('a lexicon must be an object');
  const known = ['language', 'name', 'letters', 'labels', 'not', 'columns', 'table', 'months', 'tax', 'payment', 'kinds', 'reader', 'legalForms', 'party'];
  for (const key of Object.keys(value)) if (!known.includes(key)) errors.push(`unknown member ${key}`);
  if (typeof value.language !== 'string' || !/^[a-z]{2}$/u.test(value.language)) errors.push('language must be a two-letter code');
  if (typeof value.name !== 'string') errors.push('name must be a string');
  if (typeof value.letters !== 'string' || /[a-z\s]/u.test(value.letters)) errors.push('letters must be a string of the letters beyond a–z (lower case), "" for none');
  keyed(value.labels, 'labels', LABEL_NAMES, (ranks, path) => {
    if (!object(ranks)) return void errors.push(`${path} must be an object of ranks`);
    for (const [rank, phrases] of Object.entries(ranks)) {
      if (!/^\d+$/u.test(rank)) errors.push(`${path}.${rank}: ranks are whole numbers`);
      strings(phrases, `${path}.${rank}`);
    }
  });
  keyed(value.not, 'not', LABEL_NAMES, strings);
  keyed(value.columns, 'columns', COLUMN_ROLES, strings);
  keyed(value.table, 'table', TABLE_WORDS, strings);
  if (!Array.isArray(value.months) || value.months.length !== 12) errors.push('months must hold twelve lists');
  else value.months.forEach((names, i) => strings(names, `months[${i}]`));
  keyed(value.tax, 'tax', ['vat', 'other'], strings);
  keyed(value.payment, 'payment', PAYMENT_WORDS, strings);
  keyed(value.kinds, 'kinds', KIND_WORDS, strings);
  strings(value.reader, 'reader');
  keyed(value.legalForms, 'legalForms', ['anyCase', 'capitals'], strings);
  keyed(value.party, 'party', PARTY_WORDS, strings);
  if (!errors.length) {
    // Every phrase must build a regular expression.
    try {
      buildLanguage([value as unknown as Lexicon]);
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  if (errors.length) throw new Error(`lexicon ${String(value.language)}: ${errors.join('; ')}`);
  return value as unknown as Lexicon;
}

/** Not a letter or digit before: a phrase starts a word. */
const START = '(?<![\\p{L}\\p{N}])';
/** Not a letter after: a phrase ends a word ("nr.5" and "Total:" still match). */
const END = '(?![\\p{L}])';

/** Fixed parts of the phrase syntax (README.md). */
const PLACEHOLDERS: Record<string, string> = {
  // "No.", "Nr", "n°", "#", "number": the word for a number after a title ("Invoice No.:").
  no: '(?:\\s*(?:no|nr|n°|n°|nº|number|num|numero|numer|nummer|#|n|№|id)\\.?\\s*:?)',
  // One to three words, or a remark in brackets: "Rechnung des Versicherers Nr.".
  words: '(?: (?:\\([^)]{1,40}\\)|[\\p{L}-]+)){1,3}',
  // A place name of one to three words before a date: "Berlin, den", "Paris, le".
  place: '[\\p{L}.-]+(?: [\\p{L}.-]+){0,2}',
};

/**
 * A phrase as a regular expression source on folded text. A phrase is regular-expression text that
 * must start and end a word; `~` at its start or end lifts that (a German compound's last part, a
 * word's start), a final `.` or `:` is an optional dot or colon after the word, `\b<` and `\b>` are the
 * word boundaries inside a phrase, `{no}`, `{words}`, `{place}` are the placeholders above and `{tax}`,
 * `{vat}` every language's tax words. A phrase matched as the whole text (`^…$`, `whole`) needs no
 * boundaries at its edges: they cost time and say nothing there.
 */
export function phraseSource(phrase: string, tax: { tax: string; vat: string } = { tax: '(?!)', vat: '(?!)' }, whole = false): string {
  let body = phrase;
  let start = whole ? '' : START;
  let end = whole ? '' : END;
  if (body.startsWith('~')) [start, body] = ['', body.slice(1)];
  if (body.endsWith('~')) [end, body] = ['', body.slice(0, -1)];
  else if (/(?<!\\)\.$/u.test(body)) [end, body] = [`${end}\\.?`, body.slice(0, -1)];
  else if (/(?<!\\):$/u.test(body)) [end, body] = [`${end}\\s*:?`, body.slice(0, -1)];
  body = body
    .replace(/\{([a-z]+)\}/gu, (placeholder, name: string) => {
      const fixed = name === 'tax' ? tax.tax : name === 'vat' ? tax.vat : PLACEHOLDERS[name];
      if (fixed === undefined) throw new Error(`unknown placeholder ${placeholder} in "${phrase}"`);
      return fixed;
    })
    .replace(/\\b</gu, START)
    .replace(/\\b>/gu, END);
  const source = `${start}${body}${end}`;
  new RegExp(source, 'u'); // throws on a phrase that is not a valid expression
  return source;
}

/**
 * Phrases as one alternation, longest first: at one place in the text the longer phrase wins ("arve
 * nr" over "arve"), whichever file it came from. Duplicates across languages count once.
 */
function alternation(phrases: Iterable<string>, source: (phrase: string) => string): string {
  const unique = [...new Set(phrases)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return unique.length ? `(?:${unique.map(source).join('|')})` : '(?!)';
}

export interface LabelSet {
  /** Regular expressions on folded text, most specific first: the index is the label's rank. */
  labels: RegExp[];
  /** A cell that also matches one of these is about something else ("Total excl. VAT" is not the total). */
  not?: RegExp;
}

/** Everything the engine matches words with, built from a set of lexicons. */
export interface Language {
  labels: Record<LabelName, LabelSet>;
  /** Alternation sources (no boundaries) of the tax words: every one, and those naming VAT itself. */
  tax: { tax: string; vat: string };
  /**
   * Per column role, the alternation source of its header phrases, to match a whole header (`^…$`):
   * without the boundaries at each phrase's edges, which made these the slowest expressions of the
   * engine (an 8-page text PDF, 5 s instead of 0.5 s, once V8 kept recompiling them).
   */
  columns: Record<ColumnRoleName, string>;
  /** Alternation sources of the table-end words, each a whole word. */
  table: Record<TableWord, string>;
  /** Folded month name (no final dot) → month 1–12; names that mean different months in different languages are left out. */
  months: ReadonlyMap<string, number>;
  /** Whole-word matchers on folded text. */
  payment: Record<PaymentWord, RegExp>;
  kinds: Record<KindWord, RegExp>;
  /** Alternation source of the words addressing the reader. */
  reader: string;
  legalForms: { anyCase: string[]; capitals: string[] };
  /** Whole-word matchers on folded text. */
  party: Record<PartyWord, RegExp>;
}

export function buildLanguage(lexicons: readonly Lexicon[]): Language {
  const all = <T>(pick: (lexicon: Lexicon) => T[] | undefined): T[] => lexicons.flatMap((l) => pick(l) ?? []);
  // Tax words stand inside other phrases, so their alternation carries no boundaries of its own.
  const plain = (phrases: string[]) => alternation(phrases, (p) => p);
  const tax = { tax: plain(all((l) => [...l.tax.vat, ...l.tax.other])), vat: plain(all((l) => l.tax.vat)) };
  const source = (phrase: string) => phraseSource(phrase, tax);
  const wholeSource = (phrase: string) => phraseSource(phrase, tax, true);
  const wordStart = (phrase: string) => phraseSource(phrase.endsWith('~') ? phrase : `${phrase}~`, tax);

  const labels = {} as Record<LabelName, LabelSet>;
  for (const name of LABEL_NAMES) {
    const ranks = lexicons.flatMap((l) => Object.keys(l.labels[name] ?? {}).map(Number));
    const count = ranks.length ? Math.max(...ranks) + 1 : 0;
    const set: LabelSet = {
      labels: Array.from({ length: count }, (_, rank) => new RegExp(alternation(all((l) => l.labels[name]?.[String(rank)]), source), 'u')),
    };
    const not = all((l) => l.not[name]);
    if (not.length) set.not = new RegExp(alternation(not, wordStart), 'u');
    labels[name] = set;
  }

  const names = new Map<string, Set<number>>();
  for (const lexicon of lexicons) {
    lexicon.months.forEach((list, i) => {
      for (const name of list) names.set(name.replace(/\.$/u, ''), (names.get(name.replace(/\.$/u, '')) ?? new Set()).add(i + 1));
    });
  }
  const months = new Map([...names].filter(([, set]) => set.size === 1).map(([name, set]) => [name, [...set][0]!]));

  const words = <K extends string>(keys: readonly K[], pick: (l: Lexicon) => Partial<Record<K, string[]>>) =>
    Object.fromEntries(keys.map((key) => [key, new RegExp(alternation(all((l) => pick(l)[key]), source), 'mu')])) as Record<K, RegExp>;

  return {
    labels,
    tax,
    table: Object.fromEntries(TABLE_WORDS.map((key) => [key, alternation(all((l) => l.table[key]), source)])) as Record<TableWord, string>,
    columns: Object.fromEntries(COLUMN_ROLES.map((role) => [role, alternation(all((l) => l.columns[role]), wholeSource)])) as Record<ColumnRoleName, string>,
    months,
    payment: words(PAYMENT_WORDS, (l) => l.payment),
    kinds: words(KIND_WORDS, (l) => l.kinds),
    reader: plain(all((l) => l.reader)),
    legalForms: { anyCase: [...new Set(all((l) => l.legalForms.anyCase))], capitals: [...new Set(all((l) => l.legalForms.capitals))] },
    party: words(PARTY_WORDS, (l) => l.party),
  };
}

/** The registered languages: a new language's file is imported above and added here. */
export const LEXICONS: readonly Lexicon[] = [en, de, fr, nl, et, fi, lv, lt, pl, es, sv, ru, ms, da, no, it, pt].map((file) => validateLexicon(file));

/** The engine's language: every registered lexicon merged. */
export const LANGUAGE: Language = buildLanguage(LEXICONS);

/**
 * The words a language's lexicon holds (folded, four letters or more), for telling from a page's
 * words which language it is in (ocr/receipt-reader.ts).
 */
export function lexiconWords(lexicon: Lexicon): Set<string> {
  const phrases = [
    ...Object.values(lexicon.labels).flatMap((ranks) => Object.values(ranks ?? {}).flat()),
    ...Object.values(lexicon.columns).flat(),
    ...Object.values(lexicon.table).flat(),
    ...lexicon.months.flat(),
    ...lexicon.tax.vat,
    ...lexicon.tax.other,
    ...Object.values(lexicon.payment).flat(),
    ...Object.values(lexicon.kinds).flat(),
  ];
  return new Set(phrases.flatMap((phrase) => phrase.match(/\p{L}{4,}/gu) ?? []));
}

/** Party role words ("bill to", "Verkäufer") as phrases, for the party finders. */
export function partyRoles(role: 'vendor' | 'customer'): string[] {
  const name = role === 'vendor' ? 'vendorBlock' : 'customerBlock';
  return [...new Set(LEXICONS.flatMap((l) => Object.values(l.labels[name] ?? {}).flat()))];
}
