// What each block of a page is for, from where it sits, its print size and what its lines look like:
// the sender's letterhead, the addressee's block, key–value groups, the line-item table, the totals,
// the footer. Decided once per document; field finders ask the block of a line instead of measuring
// the page again. A block nothing marks out stays 'body'.
import { fold, LABELS } from '../fields/labels.js';
import { isPostal, rowText, type BlockRole, type PageBlock } from './blocks.js';
import type { Line } from './lines.js';

/** A letterhead starts in the first quarter of the first page. */
export const HEAD_BOTTOM = 250;
/** The addressee's window lies in the upper half of the first page, below the very top (DIN and US windows start near 15 %). */
const WINDOW_TOP = 120;
const WINDOW_BOTTOM = 500;
/** Footers start in the last part of the page. */
const FOOTER_TOP = 860;
const CONTACT = /(?:^|\s)(?:tel|phone|telefon|telephone|fon|fax|mobile?|e-?mail|puh|www\.|https?:)|@[\w-]+\.\w/iu;
const AMOUNT = /(?:^|\s)[-−]?(?:[\p{Sc}]|[A-Z]{3})?\s?\d{1,3}(?:[ .,'’]?\d{3})*[.,]\d{2}(?:\s?(?:[\p{Sc}]|[A-Z]{3}))?-?$/u;

export function giveRoles(blocks: PageBlock[], lines: readonly Line[]): void {
  const lastPage = Math.max(0, ...blocks.map((b) => b.page));
  for (const block of blocks) block.role = ownRole(block, blocks, lines, lastPage);
  spreadTables(blocks, lines);
  giveAddressWindows(blocks);
  giveLetterhead(blocks);
}

/** Roles a block shows by itself: totals, table, key-value, footer, a labelled addressee. */
function ownRole(block: PageBlock, all: PageBlock[], lines: readonly Line[], lastPage: number): BlockRole {
  const rows = block.rows.map(rowText);
  if (isTotals(block, rows)) return 'totals';
  if (block.box[1] >= FOOTER_TOP || (lastPage > 1 && block.box[1] > 600 && repeatedOnOtherPages(block, rows, all))) return 'footer';
  if (block.page === 1 && block.box[1] < WINDOW_BOTTOM && opensWithLabel(rows[0]!, 'customerBlock') && block.rows.length >= 2) return 'address';
  // A party's block ("VAT: …", "Tel: …" under its address) is not a group of facts.
  if (hasPostalLine(block)) return 'body';
  if (keyValueRows(block, rows)) return 'key-value';
  if (block.columns >= 3 && block.rows.length >= 2) return 'table';
  // Two columns over lines that hold more cells than the block (the rest of a table's columns).
  const wide = block.rows.filter((r) => lines[r.line]!.cells.length >= 3).length;
  if (block.columns >= 2 && block.rows.length >= 3 && wide * 2 >= block.rows.length) return 'table';
  return 'body';
}

/**
 * A table's columns do not all line up (wrapped descriptions, a cell holding two columns' values), so
 * it comes apart into several blocks: a block beside a table block, on lines that mostly hold three or
 * more cells, is part of the table.
 */
function spreadTables(blocks: PageBlock[], lines: readonly Line[]): void {
  for (let grown = true; grown; ) {
    grown = false;
    const tables = blocks.filter((b) => b.role === 'table');
    for (const block of blocks.filter((b) => b.role === 'body')) {
      const wide = block.rows.filter((r) => lines[r.line]!.cells.length >= 3).length;
      const beside = tables.some((t) => t.page === block.page && t.box[1] < block.box[3] && block.box[1] < t.box[3]);
      if (!beside || wide * 2 < block.rows.length || hasPostalLine(block)) continue;
      block.role = 'table';
      grown = true;
    }
  }
}

const hasPostalLine = (block: PageBlock) => block.rows.some((r) => r.cells.some(isPostal));

/** Two or more rows that end in an amount, one of them after a total, subtotal, VAT or amount-due label. */
function isTotals(block: PageBlock, rows: string[]): boolean {
  if (block.columns >= 4) return false;
  const amounts = rows.filter((r) => AMOUNT.test(r.trim()));
  if (amounts.length < 2 || amounts.length < rows.length / 2) return false;
  return amounts.some((row) => {
    const label = fold(row.replace(AMOUNT, '')).trim();
    return (['total', 'subtotal', 'vatAmount', 'amountDue'] as const).some((name) => LABELS[name].labels.some((l) => l.exec(label)?.index === 0));
  });
}

/**
 * Most rows are "Label: value", in one cell or two; or a row of "Label:" cells over a row of values;
 * or "Label:" rows each over its value.
 */
function keyValueRows(block: PageBlock, rows: string[]): boolean {
  const keyed = block.rows.filter((row) => row.cells.some((c, i) => (/:\s*$/u.test(c.text) && i < row.cells.length - 1) || /^[^:\d]{2,30}:\s*\S/u.test(c.text)));
  if (keyed.length >= 2 && keyed.length * 2 >= rows.length) return true;
  const first = block.rows[0]!.cells;
  if (block.rows.length === 2 && first.length >= 2 && first.every((c) => /:\s*$/u.test(c.text))) return true;
  const labelOver = rows.filter((r, i) => /^[^:]{2,30}:$/u.test(r.trim()) && i + 1 < rows.length && !/:\s*$/u.test(rows[i + 1]!)).length;
  return labelOver >= 2 && labelOver * 2 * 1.25 >= rows.length;
}

/** Footers print the same words on every page (page numbers aside). */
function repeatedOnOtherPages(block: PageBlock, rows: string[], all: PageBlock[]): boolean {
  const text = (r: string[]) => fold(r.join(' ')).replace(/\d+/gu, '#');
  const own = text(rows);
  return all.some((other) => other.page !== block.page && other.box[1] > 600 && text(other.rows.map(rowText)) === own);
}

/**
 * An addressee's block without a (known) label: a short block of the first page's upper half with a
 * name over a postal line. Below a sender's block (one at the very top, one opening in print larger
 * than the page's text, or one under a sender label) it is the addressee's; with no sender's block
 * above, only one in the window's place that carries no telephone or e-mail (a sender's block does).
 */
function giveAddressWindows(blocks: PageBlock[]): void {
  const body = bodySize(blocks);
  const tables = blocks.filter((b) => b.role === 'table' && b.page === 1);
  // A column beside a table's is the table's (an item can read like a postal line: "P-75-694 Panel").
  const besideTable = (b: PageBlock) => tables.some((t) => t.box[1] < b.box[3] && b.box[1] < t.box[3]);
  const parties = blocks
    .filter((b) => b.role === 'body' && b.page === 1 && b.box[1] < WINDOW_BOTTOM && b.columns === 1 && !besideTable(b))
    .filter((b) => {
      const rows = b.rows.map(rowText);
      const name = nameRow(b);
      const postal = b.rows.findIndex((r) => r.cells.some(isPostal));
      return name >= 0 && postal > name && postal <= name + 4 && rows.length <= 9 && /\p{L}{3}/u.test(rows[name]!) && rows.slice(name, postal + 1).every((r) => r.length <= 48);
    })
    .sort((a, b) => a.box[1] - b.box[1]);
  const sender = parties.find((b) => b.box[1] < WINDOW_TOP || headSize(b) > body * 1.25 || opensWithLabel(rowText(b.rows[0]!), 'vendorBlock'));
  // A block above the labelled addressee ("Bill to:") is the sender's.
  const labelled = blocks.filter((b) => b.role === 'address' && b.page === 1).map((b) => b.box[1]);
  const labelledTop = labelled.length ? Math.min(...labelled) : -Infinity;
  for (const block of parties) {
    if (block === sender || opensWithLabel(rowText(block.rows[0]!), 'vendorBlock') || block.box[1] < labelledTop) continue;
    // A second block at the very top is more of the sender's head (a branch office, a contact column).
    if (block.box[1] < WINDOW_TOP || followedByContacts(block, blocks)) continue;
    const belowSender = sender && block.box[1] > sender.box[1];
    const windowAlone = !sender && headSize(block) <= body * 1.25 && !block.rows.some((r) => CONTACT.test(rowText(r)));
    if (belowSender || windowAlone) block.role = 'address';
  }
}

/** A sender's block is followed by its telephone, fax or web address; an addressee's by the letter. */
function followedByContacts(block: PageBlock, blocks: PageBlock[]): boolean {
  const next = blocks
    .filter((b) => b.page === block.page && b.box[1] >= block.box[3] && b.box[1] - block.box[3] < 2.5 * block.fontHeight && b.box[0] < block.box[2] && block.box[0] < b.box[2])
    .sort((a, b) => a.box[1] - b.box[1])[0];
  return !!next && CONTACT.test(rowText(next.rows[0]!));
}

/**
 * The row of a party's block that names it: the first, unless a caption stands over the name (one
 * ending in a colon, "Afnemer:", or a word or two printed smaller than the line under it) or a sentence
 * ("Return this portion with your payment."); -1 when neither leaves a name.
 */
export function nameRow(block: PageBlock): number {
  const rows = block.rows.map(rowText);
  const size = (i: number) => Math.max(...block.rows[i]!.cells.flatMap((c) => c.words.map((w) => w.box[3] - w.box[1])));
  const caption = (i: number) =>
    /:\s*$/u.test(rows[i]!) || sentence(rows[i]!) || (i + 1 < rows.length && rows[i]!.trim().split(/\s+/u).length <= 2 && size(i) < size(i + 1) * 0.93);
  const first = rows.findIndex((_, i) => !caption(i));
  return first <= 1 ? first : -1;
}

/**
 * Prose, not a name: several words, most in lower case, or a sentence ending on a word in lower case
 * ("… with your payment."). A name ends in a full stop only after an abbreviation ("V.O.F.", "Sp. z o.o.").
 */
export function sentence(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  if (words.length >= 4 && words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length) return true;
  return words.length >= 2 && (/!["”]?$/u.test(words.at(-1)!) || /^\p{Ll}{3,}[.!]["”]?$/u.test(words.at(-1)!));
}

/**
 * The sender's head: blocks of the first page's upper third above the addressee and above the first
 * key-value group or table, and any block there printed larger than the page's text (the brand).
 */
function giveLetterhead(blocks: PageBlock[]): void {
  const first = blocks.filter((b) => b.page === 1);
  const body = bodySize(blocks);
  const addressTop = Math.min(...first.filter((b) => b.role === 'address').map((b) => b.box[1]));
  const factsTop = Math.min(...first.filter((b) => b.role === 'key-value' || b.role === 'table' || b.role === 'totals').map((b) => b.box[1]));
  for (const block of first) {
    if (block.role !== 'body' || block.box[1] >= HEAD_BOTTOM) continue;
    const large = headSize(block) > body * 1.25;
    if (large || (block.box[1] < addressTop && block.box[1] < factsTop) || opensWithLabel(rowText(block.rows[0]!), 'vendorBlock')) block.role = 'letterhead';
  }
}

/** The print size of most of the document's words. */
function bodySize(blocks: PageBlock[]): number {
  const sizes = blocks.flatMap((b) => b.rows.map(() => b.fontHeight)).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 0;
}

/** Print size of a block's first row (a brand over its address is printed larger). */
function headSize(block: PageBlock): number {
  const words = block.rows[0]!.cells.flatMap((c) => c.words);
  return Math.max(...words.map((w) => w.box[3] - w.box[1]));
}

/** A party label that opens the row and stands alone or ends in a colon ("Bill to:", "Käufer"). */
function opensWithLabel(row: string, name: 'customerBlock' | 'vendorBlock'): boolean {
  const text = fold(row).trim();
  return LABELS[name].labels.some((label) => {
    const match = label.exec(text);
    return match?.index === 0 && (/:\s*$/u.test(match[0]) || /^\s*(?::|$)/u.test(text.slice(match[0].length)));
  });
}
