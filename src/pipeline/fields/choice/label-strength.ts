// How strongly each label set points at each cell of the document: the cell holding the label (the
// value follows it there), the cells to its right on its line, the cells under it. One number per
// (cell, label set), so a candidate value's features can say "a total label sits right before me"
// and "a VAT label sits over my column" without each family re-scanning the page.
import type { Cell } from '../../layout/lines.js';
import { cellsBelow, type TextDocument } from '../../layout/text-document.js';
import { findLabels } from '../find-labelled.js';
import type { LabelName } from '../labels.js';

export type LabelStrengths = Map<Cell, Map<LabelName, number>>;

// The same order a reader tries (find-labelled.ts): in the cell, then the next cells, then below.
const INLINE = 1;
const RIGHT = [0.9, 0.75, 0.6];
const BELOW = [0.8, 0.65, 0.5, 0.4];
/** Each step down a set's labels (from its most specific) weakens the pointer. */
const PER_RANK = 0.08;

export function labelStrengths(document: TextDocument, names: readonly LabelName[]): LabelStrengths {
  const strengths: LabelStrengths = new Map();
  const raise = (cell: Cell, name: LabelName, value: number) => {
    const byName = strengths.get(cell) ?? new Map<LabelName, number>();
    byName.set(name, Math.max(byName.get(name) ?? 0, value));
    strengths.set(cell, byName);
  };
  for (const name of names) {
    for (const hit of findLabels(document, name)) {
      const rank = Math.max(0.3, 1 - hit.rank * PER_RANK);
      if (hit.rest.length) raise(hit.cell, name, INLINE * rank);
      const right = hit.line.cells.filter((c) => c.box[0] >= hit.cell.box[2]);
      right.forEach((cell, i) => raise(cell, name, (RIGHT[i] ?? RIGHT.at(-1)!) * rank));
      cellsBelow(document, hit.line, hit.cell, BELOW.length).forEach((cell, i) => raise(cell, name, BELOW[i]! * rank));
    }
  }
  return strengths;
}

export const strengthOf = (strengths: LabelStrengths, cell: Cell, name: LabelName) => strengths.get(cell)?.get(name) ?? 0;
