// Reading stage for PDFs with a text layer: every word with a page-relative box, the same shape OCR
// produces, so layout and fields never need to know where a word came from. pdfjs gives runs of
// text with a transform and a width; a run's words get boxes in proportion to their characters,
// which is close enough for regions and column detection (pdfjs exposes no glyph positions).
import { Util, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
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
  const words: Word[] = [];
  for (const match of item.str.matchAll(/\S+/gu)) {
    const x0 = x! + match.index * perChar;
    const x1 = x0 + match[0].length * perChar;
    words.push({
      text: match[0],
      box: [scaled(x0, pageWidth), scaled(top, pageHeight), scaled(x1, pageWidth), scaled(baseline! + fontHeight * 0.2, pageHeight)],
      confidence: 1,
    });
  }
  return words;
}

const scaled = (value: number, size: number) => Math.min(SCALE, Math.max(0, Math.round((value / size) * SCALE * 10) / 10));
