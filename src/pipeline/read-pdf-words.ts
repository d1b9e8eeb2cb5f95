// Reading stage for PDFs with a text layer: every word with a page-relative box, the same shape OCR
// produces, so layout and fields never need to know where a word came from. pdfjs gives runs of
// text with a transform and a width; a run's words get boxes in proportion to their characters
// (split-run.ts; pdfjs exposes no glyph positions).
import { Util, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { withContentLimits } from '../ingest/pdf-content-limits.js';
import { splitRun } from './split-run.js';
import type { PageWords, Word } from './types.js';

const SCALE = 1000;

/**
 * pdfjs itself puts no space between glyphs closer than a tenth of the font size (its "tracking"
 * bound) and starts a new run when the font changes or text is placed again: two runs that touch on
 * one baseline are one printed word ("342" "78" "587" each in its own run, a digit group set in
 * another font), not three. Any wider gap is a space the page shows, so spaced digit groups
 * (an IBAN's, a document number's) stay apart.
 */
const TOUCHING_GAP = 0.1;

/** A run placed on the page, in viewport space (origin top left, y down). */
interface PlacedRun {
  left: number;
  right: number;
  baseline: number;
  fontHeight: number;
  str: string;
}

export async function readPdfWords(page: PDFPageProxy): Promise<PageWords> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await withContentLimits(() => page.getTextContent());
  const words: Word[] = [];
  let previous: PlacedRun | undefined;
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const run = placed(item, viewport.transform);
    const runWords = wordsOfRun(run, viewport.width, viewport.height);
    if (previous && touching(previous, run) && words.length && runWords.length) {
      words.push(joined(words.pop()!, runWords.shift()!));
    }
    words.push(...runWords);
    previous = run;
  }
  return { page: page.pageNumber, width: viewport.width, height: viewport.height, source: 'text-layer', words };
}

function placed(item: TextItem, viewportTransform: number[]): PlacedRun {
  // Into viewport space: origin top left, y down, page rotation applied.
  const [a, b, c, d, x, baseline] = Util.transform(viewportTransform, item.transform) as number[];
  const fontHeight = Math.hypot(c!, d!) || Math.hypot(a!, b!);
  const width = item.width || fontHeight * item.str.length * 0.5;
  return { left: x!, right: x! + width, baseline: baseline!, fontHeight, str: item.str };
}

/** The next run starts where the last one ended, on its baseline, in a font of its size, with no space printed between. */
function touching(previous: PlacedRun, next: PlacedRun): boolean {
  const height = Math.min(previous.fontHeight, next.fontHeight);
  if (Math.max(previous.fontHeight, next.fontHeight) > height * 1.25) return false;
  if (Math.abs(previous.baseline - next.baseline) > height * 0.2) return false;
  if (/\s$/u.test(previous.str) || /^\s/u.test(next.str)) return false;
  // Leader dots run up to the value they point at ("Office.........300"); the value is a word of its own.
  if (/[.…_]{2,}$/u.test(previous.str) || /^[.…_]{2,}/u.test(next.str)) return false;
  const gap = next.left - previous.right;
  return gap > -0.2 * height && gap < TOUCHING_GAP * height;
}

function wordsOfRun(run: PlacedRun, pageWidth: number, pageHeight: number): Word[] {
  const perChar = (run.right - run.left) / run.str.length;
  const top = run.baseline - run.fontHeight;
  return splitRun(run.str, run.left, perChar).map((span) => ({
    text: span.text,
    box: [scaled(span.x0, pageWidth), scaled(top, pageHeight), scaled(span.x1, pageWidth), scaled(run.baseline + run.fontHeight * 0.2, pageHeight)],
    confidence: 1,
  }));
}

function joined(left: Word, right: Word): Word {
  const box: Word['box'] = [Math.min(left.box[0], right.box[0]), Math.min(left.box[1], right.box[1]), Math.max(left.box[2], right.box[2]), Math.max(left.box[3], right.box[3])];
  return { text: left.text + right.text, box, confidence: Math.min(left.confidence, right.confidence) };
}

const scaled = (value: number, size: number) => Math.min(SCALE, Math.max(0, Math.round((value / size) * SCALE * 10) / 10));
