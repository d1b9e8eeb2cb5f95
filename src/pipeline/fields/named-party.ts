// A party named by a label ("Customer Name: KELLER ISD", "Please make checks payable to City of Poway")
// rather than by a block under a heading; and the address block printed under that name elsewhere on the
// page (the remittance stub, the window), which is where its address is.
import type { Line } from '../layout/lines.js';
import type { TextDocument } from '../layout/text-document.js';
import { postalLine } from './address.js';
import { labelledValues } from './find-labelled.js';
import { fold } from './labels.js';
import { blockLine, type Block, type BlockLine } from './party-block.js';
import { dateTokens } from './tokens.js';

/** The name after a name label on its line, as printed (a trailing full stop is punctuation). */
export function labelledName(document: TextDocument, name: 'customerName' | 'vendorName'): BlockLine | null {
  for (const found of labelledValues(document, name, 0)) {
    const text = found.value.text.replace(/[.,;]$/u, '').trim();
    if (!/\p{L}{2}/u.test(text) || text.length > 60 || /:/u.test(text) || dateTokens(text, undefined).length) continue;
    return { ...blockLine(found.value.words, found.value.page), text };
  }
  return null;
}

/** The block that opens with `name` and runs down its column to a postal line within a few lines. */
export function blockNamed(document: TextDocument, name: string): Block | null {
  const wanted = fold(name).replace(/\s+/gu, ' ').trim();
  for (const line of document.lines) {
    const cell = line.cells.find((c) => fold(c.text).replace(/\s+/gu, ' ').trim() === wanted);
    if (!cell) continue;
    const lines: BlockLine[] = [blockLine(cell.words, line.page)];
    const indexes = [line.index];
    for (const next of document.lines.slice(line.index + 1, line.index + 5)) {
      const below = next.page === line.page ? next.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 20) : undefined;
      if (!below || tooFar(lines.length, line, next)) break;
      lines.push(blockLine(below.words, next.page));
      indexes.push(next.index);
      if (postalLine(below.text)) return { lines, indexes, confidence: 0.8 };
    }
  }
  return null;
}

const tooFar = (count: number, first: Line, next: Line) => next.box[1] - first.box[3] > (first.box[3] - first.box[1]) * 2 * count;

/** The words that open a bill's remittance stub, the part torn off and mailed back with the payment. */
const STUB = /\b(?:return this portion|detach and return|amount enclosed|please enter (?:the )?amount enclosed|remittance slip|zahlschein|talon)\b/iu;

/**
 * The remit-to address on a bill's stub: below the stub's opening words, the named address block that is
 * not the customer's (the stub prints both, one for each envelope window). Only with the customer known,
 * since otherwise the two blocks cannot be told apart.
 */
export function remitToBlock(document: TextDocument, customerName: string | undefined): Block | null {
  if (!customerName) return null;
  const start = document.lines.find((l) => l.page === 1 && STUB.test(l.text));
  if (!start) return null;
  const customer = fold(customerName).replace(/\s+/gu, ' ').trim();
  const blocks: Block[] = [];
  for (const line of document.lines.filter((l) => l.page === 1 && l.index > start.index)) {
    for (const cell of line.cells.filter((c) => postalLine(c.text))) {
      const block = blockAbove(document, line, cell);
      if (block) blocks.push(block);
    }
  }
  const others = blocks.filter((b) => fold(b.lines[0]!.text).replace(/\s+/gu, ' ').trim() !== customer);
  return blocks.length > others.length && others.length === 1 ? others[0]! : null;
}

/** The lines above a postal line in its column while they stay close; the top one is the name and has no digits. */
function blockAbove(document: TextDocument, line: Line, cell: { box: [number, number, number, number]; words: BlockLine['words'] }): Block | null {
  const lines: BlockLine[] = [blockLine(cell.words, line.page)];
  const indexes = [line.index];
  for (let i = line.index - 1; i >= 0 && lines.length < 5; i--) {
    const above = document.lines[i]!;
    const aboveCell = above.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 20);
    if (above.page !== line.page || !aboveCell || document.lines[indexes[0]!]!.box[1] - above.box[3] > (line.box[3] - line.box[1]) * 1.5) break;
    lines.unshift(blockLine(aboveCell.words, above.page));
    indexes.unshift(above.index);
  }
  const head = lines[0]!.text;
  return lines.length > 1 && !/\d/u.test(head) && /\p{L}{3}/u.test(head) ? { lines, indexes, confidence: 0.7 } : null;
}
