// The sender's letterhead: the block of lines at the head of the first page that names the issuer,
// before the recipient's label and outside the recipient's block. An invoice without a "Seller" label
// still prints who sent it, at the top, in one column: name, street, postal code and city, contacts.
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
function timesPrinted(name: string, document: TextDocument): number {
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
