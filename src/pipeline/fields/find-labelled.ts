// Label → value. Documents put a value after its label in the same cell ("Invoice no.: 123"), in the
// next cell of the line (label and value columns), or under the label (a header row over a value row,
// a label above its value). Each finder gets the candidates in that order and keeps the ones it can parse.
import { boundingBox, type Box, type Cell, type Line } from '../layout/lines.js';
import { cellsBelow, type TextDocument } from '../layout/text-document.js';
import type { Word } from '../types.js';
import { ALL_LABELS, fold, LABELS, type LabelName } from './labels.js';

export type Placement = 'inline' | 'right' | 'below';

/** A piece of the page: what a value was read from, for regions and confidence. */
export interface Evidence {
  page: number;
  box: Box;
  /** OCR confidence of the words, 1 for a text layer. */
  confidence: number;
}

export interface ValueText extends Evidence {
  text: string;
  words: Word[];
}

export interface LabelledValue {
  value: ValueText;
  /** 0 for the most specific label of the set, growing for weaker ones. */
  rank: number;
  placement: Placement;
  line: Line;
  label: Evidence;
}

export interface LabelHit {
  line: Line;
  cell: Cell;
  rank: number;
  /** Words of the cell after the label. */
  rest: Word[];
  labelWords: Word[];
}

/** Every cell that carries one of the set's labels. */
export function findLabels(document: TextDocument, name: LabelName): LabelHit[] {
  const set = LABELS[name];
  const hits: LabelHit[] = [];
  for (const line of document.lines) {
    for (const [i, printed] of line.cells.entries()) {
      const cell = spacedOut(printed, line.cells[i + 1]) ?? printed;
      // A currency sign standing alone inside a label ("Total € incl. VAT") is not one of its words.
      const words = cell.words.filter((w) => !/^[€$£¥]$/u.test(w.text));
      const folded = words.map((w) => fold(w.text));
      const text = folded.join(' ');
      const rank = set.labels.findIndex((label) => label.test(text));
      if (rank < 0) continue;
      const match = set.labels[rank]!.exec(text)!;
      // A label opens its cell; the same words deep inside a sentence are prose, not a label.
      if (match.index > 30) continue;
      // The weakest label of a set is a bare word ("Invoice", "Total"): only as the start of its cell.
      if (rank === set.labels.length - 1 && set.labels.length > 1 && /[\p{L}]/u.test(text.slice(0, match.index))) continue;
      // The most specific labels carry their own qualifiers ("Total incl. VAT"); weaker ones are checked.
      if (rank > 0 && set.not?.test(text.slice(0, match.index + match[0].length + 12))) continue;
      // A qualifier printed before any label makes it another one ("Past due date", "Sub total amount").
      if (match.index > 0 && set.not?.test(text.slice(0, match.index))) continue;
      const { index: end, cut } = wordIndexAt(folded, match.index + match[0].length);
      // "n°562044387": the label ends inside a word, whose remainder is the value.
      const rest = cut > 0 ? [{ ...words[end - 1]!, text: words[end - 1]!.text.slice(cut) }, ...words.slice(end)] : words.slice(end);
      hits.push({ line, cell, rank, rest, labelWords: words.slice(0, end) });
    }
  }
  return hits;
}

const joined = new WeakMap<Cell, Cell | null>();

/**
 * A receipt printer's wide letters set "Total   Due" so far apart that the words fall into two cells:
 * the two cells are one label (for every label set, so "Total" is not read alone) when any label runs
 * from the first into the second.
 */
function spacedOut(cell: Cell, next: Cell | undefined): Cell | undefined {
  if (!next || /\d/u.test(next.text)) return undefined;
  let known = joined.get(cell);
  if (known === undefined) {
    const first = fold(cell.text);
    const text = `${first} ${fold(next.text)}`;
    const spans = ALL_LABELS.some((label) => {
      const match = label.exec(text);
      return match && match.index < first.length && match.index + match[0].trimEnd().length > first.length + 1;
    });
    const words = [...cell.words, ...next.words];
    known = spans ? { text: words.map((w) => w.text).join(' '), box: boundingBox(words), words } : null;
    joined.set(cell, known);
  }
  return known ?? undefined;
}

/**
 * Values near each label of the set, in the order a reader would try them. `rowsBelow` is how many rows
 * under a header cell are read: a totals table prints one row per VAT rate and the sum row last.
 */
export function labelledValues(document: TextDocument, name: LabelName, rowsBelow = 2): LabelledValue[] {
  const out: LabelledValue[] = [];
  for (const hit of findLabels(document, name)) {
    const label = evidenceOf(hit.labelWords, hit.line.page);
    const push = (words: Word[], placement: Placement, line: Line) => {
      const clean = stripLeadingPunctuation(words);
      if (clean.length) out.push({ value: valueText(clean, line.page), rank: hit.rank, placement, line, label });
    };
    push(hit.rest, 'inline', hit.line);
    const right = hit.line.cells.filter((c) => c.box[0] >= hit.cell.box[2]);
    for (const cell of right.slice(0, 2)) push(cell.words, 'right', hit.line);
    // The rest of the line as one value: a totals row printing net, VAT and gross ends with the gross.
    if (right.length > 2) push(right.flatMap((c) => c.words), 'right', hit.line);
    // A label alone on its line whose value stands to its right a little lower or higher: a photo taken
    // at a slant splits one printed line in two. Alone also with words of its own after it and no
    // figure among them ("TOTAL SALES (INCLUSIVE | OF GST) :" over "32.70").
    const lower = !hit.rest.some((w) => /\p{N}/u.test(w.text)) && !right.length ? slantedOn(document, hit) : undefined;
    if (lower) for (const cell of lower.cells.filter((c) => c.box[0] >= hit.cell.box[2]).slice(0, 1)) push(cell.words, 'right', lower);
    for (const cell of cellsBelow(document, hit.line, hit.cell, rowsBelow)) {
      const line = document.lines.find((l) => l.cells.includes(cell))!;
      push(cell.words, 'below', line);
    }
  }
  return out;
}

/**
 * The next line when it starts above the label's bottom edge; else the line before when it ends below
 * the label's top edge and holds no words, only the value (a label's line above it is its own).
 */
function slantedOn(document: TextDocument, hit: LabelHit): Line | undefined {
  const next = document.lines[hit.line.index + 1];
  if (next && next.page === hit.line.page && next.box[1] < hit.line.box[3]) return next;
  const previous = document.lines[hit.line.index - 1];
  return previous && previous.page === hit.line.page && previous.box[3] > hit.line.box[1] && !/\p{L}/u.test(previous.text) ? previous : undefined;
}

export function valueText(words: Word[], page: number): ValueText {
  return { ...evidenceOf(words, page), text: words.map((w) => w.text).join(' '), words };
}

export function evidenceOf(words: Word[], page: number): Evidence {
  if (!words.length) return { page, box: [0, 0, 0, 0], confidence: 0 };
  return { page, box: boundingBox(words), confidence: Math.min(...words.map((w) => w.confidence)) };
}

/** The line on `page` whose middle is nearest the box's middle. */
export function lineAt(lines: readonly Line[], page: number, box: readonly number[]): Line | undefined {
  const middle = (box[1]! + box[3]!) / 2;
  let best: Line | undefined;
  for (const line of lines) {
    if (line.page !== page) continue;
    if (!best || Math.abs((line.box[1] + line.box[3]) / 2 - middle) < Math.abs((best.box[1] + best.box[3]) / 2 - middle)) best = line;
  }
  return best;
}

/** The line's words whose middles fall in the box. */
export function wordsIn(line: Line, box: readonly number[]): Word[] {
  return line.words.filter((w) => {
    const x = (w.box[0] + w.box[2]) / 2;
    const y = (w.box[1] + w.box[3]) / 2;
    return x >= box[0]! && x <= box[2]! && y >= box[1]! && y <= box[3]!;
  });
}

/** The word after a label ending at `offset`, and where in the last label word it ended (0 when at its end). */
function wordIndexAt(folded: string[], offset: number): { index: number; cut: number } {
  let position = 0;
  for (let i = 0; i < folded.length; i++) {
    const start = position;
    // A label that ends in white space ("Nr. ") ends before this word.
    if (offset <= start) return { index: i, cut: 0 };
    position += folded[i]!.length;
    if (position >= offset) return { index: i + 1, cut: position > offset && offset > start ? offset - start : 0 };
    position += 1;
  }
  return { index: folded.length, cut: 0 };
}

/** "Invoice no.: 123" leaves ":" or "." in front of the value; a word that is only punctuation goes. */
function stripLeadingPunctuation(words: Word[]): Word[] {
  const out = [...words];
  while (out.length && /^[\s:.#\-–—|/]*$/u.test(out[0]!.text)) out.shift();
  if (out.length && /^[:#]/u.test(out[0]!.text)) out[0] = { ...out[0]!, text: out[0]!.text.replace(/^[:#\s]+/u, '') };
  return out;
}
