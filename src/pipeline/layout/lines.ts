// Words → lines → cells. A line is the words whose vertical centres fall inside one another's
// height; a cell is a run of words on a line with no wide gap, which is how a label and its value,
// or the columns of a table, come apart without ruling lines.
import type { PageWords, Word } from '../types.js';

export interface Cell {
  text: string;
  box: Box;
  words: Word[];
}

export interface Line {
  page: number;
  /** Index of the line in the document's reading order. */
  index: number;
  text: string;
  box: Box;
  cells: Cell[];
  words: Word[];
}

export type Box = [number, number, number, number];

/** Lines of one page, top to bottom. */
export function buildLines(page: PageWords): Omit<Line, 'index'>[] {
  // Words are sorted by centre, so only the most recent groups can take a word.
  const words = page.words.filter((w) => w.text.trim()).sort((a, b) => centreY(a.box) - centreY(b.box));
  const groups: Word[][] = [];
  for (const word of words) {
    const group = groups.slice(-6).reverse().find((g) => sameLine(g, word));
    if (group) group.push(word);
    else groups.push([word]);
  }
  return groups
    .map((group) => group.sort((a, b) => a.box[0] - b.box[0]))
    .map((group) => ({ page: page.page, ...joinWords(group), cells: splitCells(group, page) }))
    .sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}

function sameLine(group: Word[], word: Word): boolean {
  // The latest word leads (a line may slope), unless it is a speck read as ";" with almost no height,
  // which would shut the rest of its own line out; a group of specks takes no word of full height.
  const last = group.findLast((w) => w.box[3] - w.box[1] >= 0.5 * (word.box[3] - word.box[1]));
  if (!last) return false;
  const height = Math.min(last.box[3] - last.box[1], word.box[3] - word.box[1]);
  if (Math.abs(centreY(last.box) - centreY(word.box)) > height * 0.5) return false;
  // Words of one line do not overlap horizontally; overlapping words are stacked text.
  return !group.some((w) => overlapX(w.box, word.box) > 0.5 * Math.min(width(w.box), width(word.box)));
}

function splitCells(words: Word[], page: PageWords): Cell[] {
  const cells: Word[][] = [];
  // A gap wider than about two character widths (in the page's own proportions) separates cells.
  const aspect = page.width > 0 && page.height > 0 ? page.height / page.width : 1.414;
  for (const word of words) {
    const current = cells[cells.length - 1];
    const previous = current?.[current.length - 1];
    const height = (word.box[3] - word.box[1]) * aspect;
    const gap = previous ? word.box[0] - previous.box[2] : Infinity;
    if (current && gap < Math.max(height * 1.2, 4)) current.push(word);
    else cells.push([word]);
  }
  return cells.map(joinWords).map((cell, i) => ({ ...cell, words: cells[i]! }));
}

function joinWords(words: Word[]): { text: string; box: Box; words: Word[] } {
  return { text: words.map((w) => w.text).join(' '), box: boundingBox(words), words };
}

/** The one box around some words (regions of multi-word values use one enclosing box). */
export function boundingBox(words: Word[]): Box {
  return enclosingBox(words.map((w) => w.box));
}

/** The smallest box around `boxes` ([x0, y0, x1, y1] each). */
export function enclosingBox(boxes: readonly (readonly number[])[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0]!)),
    Math.min(...boxes.map((b) => b[1]!)),
    Math.max(...boxes.map((b) => b[2]!)),
    Math.max(...boxes.map((b) => b[3]!)),
  ];
}

const centreY = (box: Box) => (box[1] + box[3]) / 2;
const width = (box: Box) => box[2] - box[0];
export const overlapX = (a: Box, b: Box) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
