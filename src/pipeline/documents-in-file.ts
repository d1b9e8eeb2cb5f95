// One file, several documents: a PDF of two invoices (one per page, or two pages each), a photo of
// two receipts side by side or one above the other. The engine reads one document per file, so it
// reads the first and says how many the file holds. A page or a part of a page starts another
// document when it shows a document's own head: a number under a number label that the document so
// far does not print (continuation pages repeat their invoice's number), its page numbering starting
// again at 1, or, without numbers, its own labelled date and its own total after the document so far
// printed its total. docs/engine.md (Several documents in one file) gives the rules and their measure.
import type { Hints } from '../schemas/hints.schema.js';
import { buildContext } from './fields/context.js';
import { printedIssueDate } from './fields/dates.js';
import { findAccountNumber, findDocumentNumber } from './fields/identifiers.js';
import { fold } from './fields/labels.js';
import { findTotals } from './fields/totals.js';
import { buildTextDocument, type TextDocument } from './layout/text-document.js';
import type { PageWords, Word } from './types.js';

export interface DocumentsInFile {
  /** How many documents the file holds (2 or more). */
  count: number;
  /** The words of the first document only, page numbers as in the file. */
  first: PageWords[];
  /** Where the first document is, for the warning: "pages 1–2", "the left one". */
  where: string;
}

interface Head {
  number?: string;
  /** The customer's account number, which a collective bill prints on every account's page. */
  account?: string;
  date?: string;
  total?: number;
  /** "Page 1 of 2", "Seite 1 von 3", "1/2" after a page word: the page opens its own numbering. */
  firstOfNumbering: boolean;
  /** Folded text without white space, to ask whether a number is printed there. */
  compact: string;
}

/** The documents in the file past the first, or null when it holds one. `whole` is the file's pages laid out. */
export function documentsInFile(pages: PageWords[], hints: Hints, whole = buildTextDocument(pages)): DocumentsInFile | null {
  if (pages.length > 1) return documentsOverPages(pages, whole, hints);
  if (pages.length === 1) return documentsOnOnePage(pages[0]!, hints);
  return null;
}

function documentsOverPages(pages: PageWords[], whole: TextDocument, hints: Hints): DocumentsInFile | null {
  // Lines never cross pages, so each page's layout is its share of the file's.
  const heads = pages.map((page) => headOf(pageOf(whole, page.page), hints));
  const starts = [0];
  let current = { ...heads[0]! };
  for (let i = 1; i < pages.length; i++) {
    const head = heads[i]!;
    if (startsAnother(current, head)) {
      starts.push(i);
      current = { ...head };
    } else {
      current = {
        number: current.number ?? head.number,
        account: current.account ?? head.account,
        date: current.date ?? head.date,
        total: current.total ?? head.total,
        firstOfNumbering: current.firstOfNumbering,
        compact: current.compact + head.compact,
      };
    }
  }
  if (starts.length < 2) return null;
  const first = pages.slice(0, starts[1]);
  const span = first.length === 1 ? `page ${first[0]!.page}` : `pages ${first[0]!.page}–${first.at(-1)!.page}`;
  return { count: starts.length, first, where: span };
}

function startsAnother(current: Head, page: Head): boolean {
  // A page that prints the account of the document so far is part of it unless two document numbers
  // differ (a collective bill's per-account pages, each with its own page numbering, date and total).
  const sameAccount = current.account !== undefined && page.compact.includes(compactOf(current.account));
  const ownHead = page.number !== undefined || page.date !== undefined || page.total !== undefined;
  if (page.firstOfNumbering && ownHead && !sameAccount) return true;
  // The document so far has printed its total, and the page has a date of its own.
  const afterTotal = current.total !== undefined && !!page.date && !!current.date && page.date !== current.date;
  if (page.number && current.number) {
    // A continuation page prints its invoice's number again; a list of invoices, or a correction's
    // reference to the invoice it corrects, prints others' numbers.
    const otherNumber = page.number !== current.number && !current.compact.includes(compactOf(page.number)) && !page.compact.includes(compactOf(current.number));
    return otherNumber && (page.total !== undefined || afterTotal);
  }
  // Without two numbers to compare, the page must have its own number or total besides.
  const ownFigure = page.number !== undefined || (page.total !== undefined && page.total !== current.total);
  return afterTotal && ownFigure && !sameAccount;
}

/**
 * Two receipts photographed together: the words fall into two parts with an empty band between them,
 * a column no word crosses or a row no word crosses, and each part is a whole document with its own
 * total and its own date or number, the totals different (a card slip under its receipt repeats the
 * receipt's total and is part of it).
 */
function documentsOnOnePage(page: PageWords, hints: Hints): DocumentsInFile | null {
  const words = page.words.filter((w) => w.text.trim());
  if (words.length < 20) return null;
  for (const [axis, names] of [[0, ['the left one', 'the right one']], [1, ['the top one', 'the bottom one']]] as const) {
    const split = widestGap(words, axis);
    if (!split) continue;
    const parts = [words.filter((w) => centre(w, axis) < split), words.filter((w) => centre(w, axis) >= split)];
    if (parts.some((p) => p.length < 8)) continue;
    const heads = parts.map((p) => headOf(buildTextDocument([{ ...page, words: p }]), hints));
    const whole = heads.every((h) => h.total !== undefined && (h.number !== undefined || h.date !== undefined));
    if (!whole || heads[0]!.total === heads[1]!.total) continue;
    if (heads[0]!.number && heads[0]!.number === heads[1]!.number) continue;
    return { count: 2, first: [{ ...page, words: parts[0]! }], where: names[0] };
  }
  return null;
}

/**
 * The widest band along the axis (0: x, 1: y) that no word crosses, inside the words' extent; null when
 * it is narrower than a gutter between two documents: 4 % of the page across, or five text lines down.
 */
function widestGap(words: Word[], axis: 0 | 1): number | null {
  const spans = words.map((w) => extent(w, axis)).sort((a, b) => a[0] - b[0]);
  const lineHeight = median(words.map((w) => w.box[3] - w.box[1]));
  const minimum = axis === 0 ? 40 : lineHeight * 5;
  let reach = spans[0]![1];
  let best: { at: number; width: number } | null = null;
  for (const [start, end] of spans.slice(1)) {
    if (start - reach > (best?.width ?? minimum)) best = { at: (start + reach) / 2, width: start - reach };
    reach = Math.max(reach, end);
  }
  return best?.at ?? null;
}

function pageOf(whole: TextDocument, page: number): TextDocument {
  const lines = whole.lines.filter((l) => l.page === page).map((line, index) => ({ ...line, index }));
  return { ...whole, lines, pages: 1 };
}

function headOf(document: TextDocument, hints: Hints): Head {
  const context = buildContext(document, hints);
  const text = fold(document.lines.map((l) => l.text).join('\n'));
  const head: Head = { firstOfNumbering: PAGE_ONE_OF.test(text), compact: text.replace(/\s+/gu, '') };
  const account = findAccountNumber(context)?.value;
  if (account) head.account = account;
  const number = findDocumentNumber(context)?.value;
  if (number) head.number = number;
  // Only a labelled date: a table's dates (meter readings, deliveries) are no document's head.
  const date = printedIssueDate(context)?.value;
  if (date) head.date = date;
  const total = findTotals(context).total?.value;
  if (total !== undefined) head.total = total;
  return head;
}

/** "Page 1 of 2", "Seite 1 von 3", "Lk 1/2", "Strona 1 z 2", in the languages the engine reads (folded). */
const PAGE_ONE_OF =
  /(?<![\p{L}])(?:page|seite|sivu|lk|lehekulg|lapa|puslapis|strona|pagina|sida|blad|стр|страница)\.?\s*1\s*(?:\/|of|von|de|sur|z|из|av|van|\(|-)\s*\d/u;

const compactOf = (text: string) => fold(text).replace(/\s+/gu, '');
const extent = (w: Word, axis: 0 | 1): [number, number] => (axis === 0 ? [w.box[0], w.box[2]] : [w.box[1], w.box[3]]);
const centre = (w: Word, axis: 0 | 1) => (extent(w, axis)[0] + extent(w, axis)[1]) / 2;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
