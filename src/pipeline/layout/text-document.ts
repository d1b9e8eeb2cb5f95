// The whole document as lines in reading order: page by page, top to bottom, and the page model: the
// lines' blocks with their roles (blocks.ts, block-roles.ts). Field finders work on this and never on
// raw words, so a text layer and OCR look the same to them.
import type { PageWords, Word } from '../types.js';
import { giveRoles } from './block-roles.js';
import { buildBlocks, type PageBlock } from './blocks.js';
import { buildLines, overlapX, type Box, type Cell, type Line } from './lines.js';

export interface TextDocument {
  lines: Line[];
  /** The pages' blocks (paragraphs, bands of columns), each with its role; page by page, top to bottom. */
  blocks: PageBlock[];
  pages: number;
  /** Mean word confidence over the document, 0..1. */
  confidence: number;
  source: 'text-layer' | 'ocr' | 'mixed';
}

export function buildTextDocument(pages: PageWords[]): TextDocument {
  const lines: Line[] = [];
  for (const page of pages) {
    for (const line of buildLines(page)) lines.push({ ...line, index: lines.length });
  }
  const words = pages.flatMap((p) => p.words);
  const sources = new Set(pages.filter((p) => p.words.length).map((p) => p.source));
  const blocks = buildBlocks(lines);
  giveRoles(blocks, lines);
  return {
    lines,
    blocks,
    pages: pages.length,
    confidence: words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0,
    source: sources.size > 1 ? 'mixed' : sources.has('ocr') ? 'ocr' : 'text-layer',
  };
}

export function rawText(document: TextDocument): string {
  const out: string[] = [];
  let page = 0;
  for (const line of document.lines) {
    if (line.page !== page && page !== 0) out.push('');
    page = line.page;
    out.push(line.cells.map((c) => c.text).join('   '));
  }
  return out.join('\n');
}

/** The cells below `cell` on the next lines of its page that share its column, nearest first. */
export function cellsBelow(document: TextDocument, line: Line, cell: Cell, maxLines = 2): Cell[] {
  const below: Cell[] = [];
  const lineHeight = line.box[3] - line.box[1];
  let previousBottom = line.box[3];
  for (let i = line.index + 1; i < document.lines.length && below.length < maxLines; i++) {
    const next = document.lines[i]!;
    if (next.page !== line.page || next.box[1] - previousBottom > lineHeight * 3) break;
    // The cell most under this one: header cells are wider or narrower than their values.
    const match = next.cells
      .filter((c) => overlapX(c.box, cell.box) > 0 || aligned(c.box, cell.box))
      .sort((a, b) => overlapX(b.box, cell.box) - overlapX(a.box, cell.box))[0];
    if (match) below.push(match);
    previousBottom = next.box[3];
  }
  return below;
}

const aligned = (a: Box, b: Box) => Math.abs(a[0] - b[0]) < 15 || Math.abs(a[2] - b[2]) < 15;

/** The block a word was put in. */
export function blockOf(document: TextDocument, word: Word): PageBlock | undefined {
  return document.blocks.find((b) => b.rows.some((r) => r.cells.some((c) => c.words.includes(word))));
}

/** The blocks that hold some of a line's cells, left to right. */
export function blocksOfLine(document: TextDocument, line: Line): PageBlock[] {
  return document.blocks.filter((b) => b.page === line.page && b.rows.some((r) => r.line === line.index));
}
