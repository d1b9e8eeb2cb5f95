// Reading stage for PDFs with a text layer: every word with a page-relative box, the same shape OCR
// produces, so layout and fields never need to know where a word came from. pdfjs gives runs of
// text with a transform and a width; a run's words get boxes in proportion to their characters
// (split-run.ts; pdfjs exposes no glyph positions).
import { Util, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { splitRun } from './split-run.js';
import type { PageWords, Word } from './types.js';

const SCALE = 1000;

export async function readPdfWords(page: PDFPageProxy): Promise<PageWords> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: Word[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    words.push(...wordsOfRun(item, viewport.transform, viewport.width, viewport.height));
  }
  return { page: page.pageNumber, width: viewport.width, height: viewport.height, source: 'text-layer', words };
}

function wordsOfRun(item: TextItem, viewportTransform: number[], pageWidth: number, pageHeight: number): Word[] {
  // Into viewport space: origin top left, y down, page rotation applied.
  const [a, b, c, d, x, baseline] = Util.transform(viewportTransform, item.transform) as number[];
  const fontHeight = Math.hypot(c!, d!) || Math.hypot(a!, b!);
  const runWidth = item.width || fontHeight * item.str.length * 0.5;
  const perChar = runWidth / item.str.length;
  const top = baseline! - fontHeight;
  return splitRun(item.str, x!, perChar).map((span) => ({
    text: span.text,
    box: [scaled(span.x0, pageWidth), scaled(top, pageHeight), scaled(span.x1, pageWidth), scaled(baseline! + fontHeight * 0.2, pageHeight)],
    confidence: 1,
  }));
}

const scaled = (value: number, size: number) => Math.min(SCALE, Math.max(0, Math.round((value / size) * SCALE * 10) / 10));
