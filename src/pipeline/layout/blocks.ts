// Lines → blocks: the paragraphs of a page. A block is the cells of consecutive lines that sit in one
// column (overlapping, or sharing a left edge, right edge or centre), close together and in about the
// same print size; a blank line, a jump in print size or a change of column ends it. Column blocks
// that run side by side over the same lines (a label column and its values, a table's columns, the
// labels and amounts of the totals) are then one block, a band. Roles are given in block-roles.ts.
import { postalLine } from '../fields/address.js';
import { boundingBox, overlapX, type Box, type Cell, type Line } from './lines.js';

export type BlockRole =
  /** The sender's head at the top of the first page: brand, name, address, contacts. */
  | 'letterhead'
  /** The addressee: the letter's address window, or the block under a customer label ("Bill to"). */
  | 'address'
  /** "Label: value" lines, or a label column beside (or over) a value column. */
  | 'key-value'
  /** Rows of three or more columns (the line items); read by fields/line-items for now. */
  | 'table'
  /** Amounts right of total, subtotal and VAT labels, below the items. */
  | 'totals'
  /** The foot of a page: bank, registration, legal lines, page numbers. */
  | 'footer'
  | 'body';

export interface BlockRow {
  /** Index of the document line the cells are on. */
  line: number;
  cells: Cell[];
}

export interface PageBlock {
  page: number;
  role: BlockRole;
  /** Top to bottom; a row holds the block's cells on one line, left to right. */
  rows: BlockRow[];
  box: Box;
  /** Median word height: the print size, on the page's 0..1000 scale. */
  fontHeight: number;
  /** Side-by-side columns the block was joined from (1 for a plain paragraph). */
  columns: number;
}

/** A gap between lines wider than this share of their print size is a blank line. */
const PARAGRAPH_GAP = 0.9;
/** Print sizes further apart than this ratio are a heading and its text, not one paragraph. */
const SIZE_RATIO = 1.6;

/** The blocks of the document's pages, each page top to bottom, with the role 'body' until roles are given. */
export function buildBlocks(lines: readonly Line[]): PageBlock[] {
  const blocks: PageBlock[] = [];
  const pages = [...new Set(lines.map((l) => l.page))];
  for (const page of pages) {
    const onPage = lines.filter((l) => l.page === page);
    blocks.push(...joinBands(columnBlocks(onPage)).map((b) => finish(b, page)));
  }
  return blocks;
}

interface Growing {
  rows: BlockRow[];
  columns: number;
  /** Set once the column blocks are complete. */
  box?: Box;
  /** Holds a postal line: an address block. */
  party?: boolean;
  lineSet?: Set<number>;
}

function columnBlocks(lines: Line[]): Growing[] {
  const blocks: Growing[] = [];
  let open: Growing[] = [];
  for (const line of lines) {
    // Only blocks that end near this line can take its cells.
    open = open.filter((b) => {
      const box = rowBox(b.rows[b.rows.length - 1]!);
      return line.box[1] - box[3] <= height(box) * 2;
    });
    for (const cell of line.cells) {
      const home = open
        .map((block) => ({ block, fit: fit(block, line, cell) }))
        .filter((c) => c.fit > 0)
        .sort((a, b) => b.fit - a.fit)[0]?.block;
      if (!home) {
        const block = { rows: [{ line: line.index, cells: [cell] }], columns: 1 };
        blocks.push(block);
        open.push(block);
        continue;
      }
      const last = home.rows[home.rows.length - 1]!;
      if (last.line === line.index) {
        last.cells.push(cell);
        rowBoxes.delete(last);
      } else home.rows.push({ line: line.index, cells: [cell] });
    }
  }
  return blocks;
}

/** How well a cell continues a block: 0 when it does not, else how much it shares the block's column. */
function fit(block: Growing, line: Line, cell: Cell): number {
  const last = block.rows[block.rows.length - 1]!;
  // A second cell on the line the block already reached continues it only beside the block's own cell
  // ("VAT:" and its number in one column); the row above says where the column is.
  const reference = last.line === line.index ? block.rows[block.rows.length - 2] : last;
  if (!reference) return 0;
  if (last.line === line.index && !last.cells.some((c) => cell.box[0] - c.box[2] < height(c.box) * 2)) return 0;
  const above = rowBox(reference);
  const size = Math.min(height(above), height(cell.box));
  if (size <= 0 || cell.box[1] - above[3] > size * PARAGRAPH_GAP) return 0;
  if (Math.max(height(above), height(cell.box)) > size * SIZE_RATIO) return 0;
  const overlap = overlapX(above, cell.box);
  const aligned =
    Math.abs(above[0] - cell.box[0]) < 15 || Math.abs(above[2] - cell.box[2]) < 15 || Math.abs(above[0] + above[2] - cell.box[0] - cell.box[2]) < 20;
  if (overlap <= 0 && !aligned) return 0;
  return overlap + (aligned ? 1 : 0);
}

/**
 * Column blocks over the same lines, next to each other, are one band: a label column and its values,
 * a table's columns, the totals' labels and amounts. Each must have most of its rows on the other's
 * lines, so a window beside a shorter key-value column stays apart.
 */
function joinBands(blocks: Growing[]): Growing[] {
  const out: Growing[] = blocks.map((b) => ({ ...b, box: boxOf(b), lineSet: new Set(b.rows.map((r) => r.line)), party: b.rows.some((r) => r.cells.some(isPostal)) }));
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = 0; j < out.length; j++) {
        if (i === j || !sideBySide(out[i]!, out[j]!, out)) continue;
        out[i] = mergeRows(out[i]!, out[j]!);
        out.splice(j, 1);
        if (j < i) i--;
        j--;
        merged = true;
      }
    }
  }
  return out;
}

function sideBySide(left: Growing, right: Growing, all: Growing[]): boolean {
  // A party's address stays one column whatever stands beside it.
  if (left.party || right.party) return false;
  const leftBox = left.box!;
  const rightBox = right.box!;
  if (leftBox[2] > rightBox[0] || leftBox[3] < rightBox[1] || rightBox[3] < leftBox[1]) return false;
  const shared = right.rows.filter((r) => left.lineSet!.has(r.line)).length;
  if (shared < 2 || shared < 0.75 * left.rows.length || shared < 0.75 * right.rows.length) return false;
  // Nothing else stands between them on those lines.
  return !all.some((other) => {
    if (other === left || other === right) return false;
    const box = other.box!;
    return box[0] >= leftBox[2] && box[2] <= rightBox[0] && box[1] < rightBox[3] && box[3] > rightBox[1];
  });
}

function mergeRows(a: Growing, b: Growing): Growing {
  const byLine = new Map<number, Cell[]>();
  for (const row of [...a.rows, ...b.rows]) byLine.set(row.line, [...(byLine.get(row.line) ?? []), ...row.cells]);
  const rows = [...byLine.entries()].sort(([x], [y]) => x - y).map(([line, cells]) => ({ line, cells: cells.sort((p, q) => p.box[0] - q.box[0]) }));
  const merged = { rows, columns: a.columns + b.columns };
  return { ...merged, box: boxOf(merged), lineSet: new Set(rows.map((r) => r.line)) };
}

function finish(block: Growing, page: number): PageBlock {
  const words = block.rows.flatMap((r) => r.cells.flatMap((c) => c.words));
  const heights = words.map((w) => height(w.box)).sort((a, b) => a - b);
  return {
    page,
    role: 'body',
    rows: block.rows,
    box: boundingBox(words),
    fontHeight: heights[Math.floor(heights.length / 2)] ?? 0,
    columns: block.columns,
  };
}

function boxOf(block: Growing): Box {
  return boundingBox(block.rows.flatMap((r) => r.cells.flatMap((c) => c.words)));
}

const height = (box: Box) => box[3] - box[1];

const rowBoxes = new WeakMap<BlockRow, Box>();
function rowBox(row: BlockRow): Box {
  let box = rowBoxes.get(row);
  if (!box) rowBoxes.set(row, (box = boundingBox(row.cells.flatMap((c) => c.words))));
  return box;
}

const postal = new WeakMap<Cell, boolean>();
/** A cell that is a postal-code-and-city line (asked once per cell; every form has digits). */
export function isPostal(cell: Cell): boolean {
  let known = postal.get(cell);
  if (known === undefined) postal.set(cell, (known = /\d/u.test(cell.text) && postalLine(cell.text) !== null));
  return known;
}

/** The text of a block's row, its cells joined by wide spaces. */
export const rowText = (row: BlockRow) => row.cells.map((c) => c.text).join('   ');
