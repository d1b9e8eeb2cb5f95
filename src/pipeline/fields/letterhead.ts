// The sender's letterhead: the block of lines at the head of the first page that names the issuer,
// before the recipient's label and outside the recipient's block. An invoice without a "Seller" label
// still prints who sent it, at the top, in one column: name, street, postal code and city, contacts.
import { sentence } from '../layout/block-roles.js';
import type { PageBlock } from '../layout/blocks.js';
import { overlapX, type Box, type Cell, type Line } from '../layout/lines.js';
import type { TextDocument } from '../layout/text-document.js';
import type { Word } from '../types.js';
import { postalLine } from './address.js';
import { fold, LABELS } from './labels.js';
import { blockLine, type Block, type BlockLine } from './party-block.js';
import { dateTokens } from './tokens.js';

/** The head of a page: a letterhead is printed above the first third. */
const HEAD_BOTTOM = 400;
const CONTACT = /^(?:contact|tel|phone|telefon|telephone|fon|fax|mobile?|e-?mail|www\.|https?:)/iu;
/** Headings of the help desk's numbers and hours, printed where a letterhead would be. */
const SERVICE = /\b(?:telephone|phone|customer service|call|hours|questions?|inquiries|kundenservice|hotline|service client)\b/iu;
const TITLE = /^(?:tax invoice|invoice|receipt|rechnung|facture|factuur|arve|lasku|faktura|factura|credit note|gutschrift|avoir|page \d|seite \d|copy|duplicate|original|kopie)\b/iu;

export function letterhead(document: TextDocument, taken: Set<Word>): Block | null {
  const head = document.lines.filter((l) => l.page === 1 && l.box[1] < HEAD_BOTTOM);
  for (const [i, line] of head.entries()) {
    // The recipient's label ends the head: what follows is theirs.
    if (line.cells.some((c) => isPartyLabel(c))) return null;
    // A cell after a "Key:" cell is that key's value ("Customer Name:   KELLER ISD"), not a letterhead.
    const cell = line.cells.find((c, j) => !c.words.some((w) => taken.has(w)) && !/:\s*$/u.test(line.cells[j - 1]?.text ?? '') && opensLetterhead(c.text));
    if (!cell) continue;
    const block = columnFrom(head.slice(i), cell, taken);
    // A sender's block gives an address or a way to reach them; a lone heading gives neither.
    return block.lines.some((l) => postalLine(l.text) || CONTACT.test(l.text) || /@[\w-]+\./u.test(l.text)) ? fromRepeatedName(block, document) : null;
  }
  return null;
}

/**
 * The sender's name from the page model's letterhead blocks: the first line that names a company by
 * its legal form, else the line printed largest (the brand), else the first line that can be a name.
 * Never a title, a contact, a "Key: value" fact, an address line or a slogan. The block read from it
 * runs down its column, as `letterhead` does.
 */
export function letterheadByModel(document: TextDocument, taken: Set<Word>, isCompany: (text: string) => boolean): Block | null {
  const blocks = senderBlocks(document);
  const candidates: { cell: Cell; line: Line; size: number }[] = [];
  for (const block of blocks) {
    for (const row of block.rows) {
      const line = document.lines[row.line]!;
      for (const cell of row.cells) {
        if (cell.words.some((w) => taken.has(w)) || !nameLike(cell.text)) continue;
        candidates.push({ cell, line, size: printSize(cell) });
      }
      // Only a block's opening lines name the sender; its address follows.
      if (row.cells.some((c) => addressLike(c.text) || CONTACT.test(c.text.trim()))) break;
    }
  }
  if (!candidates.length) return null;
  const sizes = candidates.map((c) => c.size).sort((a, b) => a - b);
  const largest = candidates.reduce((best, c) => (c.size > best.size ? c : best));
  const legal = candidates.find((c) => isCompany(c.cell.text));
  const chosen =
    legal ??
    (largest.size > sizes[Math.floor(sizes.length / 2)]! * 1.15 ? largest : undefined) ??
    candidates.slice().sort((a, b) => a.line.index - b.line.index || a.cell.box[0] - b.cell.box[0])[0]!;
  const head = document.lines.filter((l) => l.page === 1 && l.index >= chosen.line.index);
  const block = columnFrom(head, chosen.cell, taken);
  // Without a legal form, the name is the line the document prints again (a logo's caption or a
  // trade name can stand over it); on a tie the brand or first line stays.
  return legal ? block : fromRepeatedName(block, document);
}

/**
 * Letterhead blocks that give an address or a way to reach the sender, and a brand printed over one of
 * them (a block of a line or two right above it): not a title or a slogan standing apart.
 */
function senderBlocks(document: TextDocument): PageBlock[] {
  const head = document.blocks.filter((b) => b.page === 1 && b.role === 'letterhead');
  const parties = head.filter((b) => b.rows.some((r) => r.cells.some((c) => addressLike(c.text) || CONTACT.test(c.text.trim()) || /@[\w-]+\./u.test(c.text))));
  const brands = head.filter(
    (b) => !parties.includes(b) && b.rows.length <= 2 && parties.some((p) => p.box[1] >= b.box[3] && p.box[1] - b.box[3] < 2 * b.fontHeight && overlapX(p.box, b.box) > 0),
  );
  return head.filter((b) => parties.includes(b) || brands.includes(b));
}

/** Print size of a cell: its median word height. */
function printSize(cell: Cell): number {
  const heights = cell.words.map((w) => w.box[3] - w.box[1]).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]!;
}

const STREET = /(?:stra(?:ss|ß)e|str\.|street|st\.|road|rd\.?|jalan|jln|rue|tee|iela|gatan|gata|katu|tie|avenue|ave\.?|drive|lane|way|boulevard|blvd|plaza|suite|floor|box|pr\.|g\.|ul\.)(?![\p{L}])/iu;

/** A line of an address: the postal line, or a street with its number ("Musterstr. 12", "2250 Southgate Rd"). */
export function addressLike(text: string): boolean {
  const trimmed = text.trim();
  if (postalLine(trimmed)) return true;
  if (!/\d/u.test(trimmed)) return false;
  return STREET.test(trimmed) || /^\d+[a-z]?,?\s+\p{L}{2,}/iu.test(trimmed) || /\p{L}{3,}\.?\s+\d+[a-z]?(?:[-/]\d+)?\s*,?$/iu.test(trimmed);
}

/** Words printed as a motto ("More saving. More doing.", "Quality you can trust!"): a sentence, not a name. */
export const slogan = sentence;

function nameLike(text: string): boolean {
  const trimmed = text.trim();
  return opensLetterhead(trimmed) && !addressLike(trimmed) && !slogan(trimmed) && trimmed.replace(/[^\p{L}]/gu, '').length >= 3;
}

/**
 * A letterhead can carry more than one line before its street: a logo's caption, a trade name, a
 * slogan, the registered name. The registered name is the one the document prints again (in the
 * footer's legal line, as the account holder, in the contact e-mail), so of those lines the one
 * printed most often elsewhere opens the block; on a tie the first stays.
 */
function fromRepeatedName(block: Block, document: TextDocument): Block {
  const street = block.lines.findIndex((l) => /\d/u.test(l.text) || postalLine(l.text) || CONTACT.test(l.text));
  const names = block.lines.slice(0, street < 0 ? block.lines.length : street);
  if (names.length < 2) return block;
  const counts = names.map((name) => timesPrinted(fold(name.text).trim(), document));
  const best = counts.indexOf(Math.max(...counts));
  return best > 0 ? { ...block, lines: block.lines.slice(best), indexes: block.indexes.slice(best) } : block;
}

/** Lines of the document that print the name as whole words. */
export function timesPrinted(name: string, document: TextDocument): number {
  if (name.replace(/[^\p{L}]/gu, '').length < 3) return 0;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
  return document.lines.filter((l) => pattern.test(fold(l.text))).length;
}

/** A recipient's block is followed by the letter; a sender's block by its telephone, fax and web address. */
export function followedByContacts(document: TextDocument, line: Line, cell: Cell): boolean {
  const next = document.lines[line.index + 1];
  if (!next || next.page !== line.page) return false;
  return next.cells.some((c) => inColumn(c.box, cell.box) && (CONTACT.test(c.text.trim()) || /@[\w-]+\./u.test(c.text)));
}

function opensLetterhead(text: string): boolean {
  const trimmed = text.trim();
  // Scanner and print-run marks ("[Record*POS0225A*KEY=…]") are not names.
  if (!/\p{L}{2}/u.test(trimmed) || /[*=<>[\]{}]/u.test(trimmed) || TITLE.test(trimmed) || CONTACT.test(trimmed) || SERVICE.test(trimmed)) return false;
  // "Return this portion with your payment.": a sentence, not a name.
  const words = trimmed.split(/\s+/u);
  if (words.length > 4 && words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length) return false;
  // "Date: 05.01.2024", "Invoice no.: 12": the document's own facts, not the sender.
  if (/:/u.test(trimmed) || dateTokens(trimmed, undefined).length) return false;
  return !LABELS.documentNumber.labels.some((label) => label.exec(fold(trimmed))?.index === 0);
}

/** The start cell and the cells under it in its column (left or right aligned), while the lines stay close. */
function columnFrom(lines: Line[], start: Cell, taken: Set<Word>): Block {
  const out: BlockLine[] = [blockLine(start.words, lines[0]!.page)];
  const indexes = [lines[0]!.index];
  let bottom = lines[0]!.box[3];
  const height = Math.max(lines[0]!.box[3] - lines[0]!.box[1], 8);
  for (const line of lines.slice(1)) {
    if (line.box[1] - bottom > height * 2.2 || out.length >= 8) break;
    const cell = line.cells.find((c) => inColumn(c.box, start.box) && !c.words.some((w) => taken.has(w)));
    if (!cell) {
      // Another column's line between two of ours (a date printed beside the name) does not end the block.
      if (line.cells.some((c) => overlapX(c.box, start.box) > 0)) break;
      continue;
    }
    if (isPartyLabel(cell) || (/:/u.test(cell.text) && !CONTACT.test(cell.text.trim()))) break;
    out.push(blockLine(cell.words, line.page));
    indexes.push(line.index);
    bottom = line.box[3];
  }
  return { lines: out, indexes, confidence: 0.7 };
}

/** Lines of one block share their left edge, their right edge (right-aligned heads) or their centre (centred heads). */
const inColumn = (a: Box, b: Box) => Math.abs(a[0] - b[0]) < 20 || Math.abs(a[2] - b[2]) < 12 || Math.abs(a[0] + a[2] - b[0] - b[2]) < 24;

/** "Bill to:", "Käufer": a party label opens its cell and stands alone or ends in a colon ("Seller Trade Name" is a name). */
function isPartyLabel(cell: Cell): boolean {
  const text = fold(cell.text).trim();
  return [...LABELS.vendorBlock.labels, ...LABELS.customerBlock.labels].some((label) => {
    const match = label.exec(text);
    return match?.index === 0 && (/:\s*$/u.test(match[0]) || /^\s*(?::|$)/u.test(text.slice(match[0].length)));
  });
}
