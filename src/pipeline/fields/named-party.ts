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
