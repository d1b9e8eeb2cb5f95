// Reading the page: every page as words with boxes. PDFs give them from the text layer; scanned pages,
// pages whose text layer is garbage, and images go through OCR.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ServiceError } from '../errors.js';
import { inspectImage } from '../ingest/open-image.js';
import { openPdf } from '../ingest/open-pdf.js';
import { throwIfOverDecodeBudget } from '../ingest/pdf-decode-budget.js';
import { activeContentWarnings } from './active-content.js';
import { pageImageHash, pdfFirstPageHash } from './fingerprint/page-hash.js';
import { findEmbeddedInvoiceXml, type EmbeddedInvoiceXml } from './einvoice/index.js';
import type { GrayImage } from './ocr/gray-image.js';
import { ocrPdfPage, readImageWords, type OcrOptions } from './ocr/index.js';
import { readPdfWords } from './read-pdf-words.js';
import { StageTimings } from './stage-timings.js';
import type { ExtractionRequest, PageWords, Word } from './types.js';

export interface ReadDocument {
  pageCount: number;
  pages: PageWords[];
  warnings: string[];
  /** The e-invoice XML a PDF carries, unless the request asked to read the page only. */
  embeddedXml?: EmbeddedInvoiceXml;
  /** The first page's perceptual hash (fingerprint/page-hash.ts), when asked for; null when it has none. */
  pageHash?: string | null;
}

export interface ReadOptions {
  /** Take the first page's hash from the pages being read, rather than opening the file again for it. */
  pageHash?: boolean;
}

export async function readDocument(request: ExtractionRequest, timings = new StageTimings(), options: ReadOptions = {}): Promise<ReadDocument> {
  const languages = request.hints.language ? [request.hints.language] : undefined;
  // The first page's hash comes from the page as OCR pictured it, when OCR read it: picturing it
  // again cost a scanned PDF page 0.3–0.5 s (pdfjs decodes the whole 300 dpi scan for a thumbnail).
  let pageHash: string | null | undefined;
  const ocrOptions = options.pageHash
    ? { onPagePrepared: async (page: number, prepared: GrayImage) => {
        if (page === 1) pageHash = await timings.time('page_hash', () => pageImageHash(prepared));
      } }
    : {};
  if (request.mediaType !== 'application/pdf') {
    const image = await timings.time('open', () => inspectImage(request.bytes, request.mediaType, request.limits));
    const read = await timings.time('ocr', () => readImageWords(request.bytes, request.mediaType, languages, ocrOptions));
    return { pageCount: image.pages, pages: read.pages, warnings: read.warnings, ...(options.pageHash ? { pageHash: pageHash ?? null } : {}) };
  }
  const pdf = await timings.time('open', () => openPdf(request.bytes, request.limits));
  try {
    const { pages, warnings } = await readPdfPages(pdf, languages, timings, ocrOptions).catch(asUnreadable);
    const embeddedXml = request.ignoreEmbeddedXml ? null : await findEmbeddedInvoiceXml(pdf);
    warnings.push(...(await activeContentWarnings(pdf, embeddedXml?.filename)));
    if (options.pageHash && pageHash === undefined) pageHash = await timings.time('page_hash', () => pdfFirstPageHash(pdf));
    return { pageCount: pdf.numPages, pages, warnings, ...(embeddedXml ? { embeddedXml } : {}), ...(pageHash !== undefined ? { pageHash } : {}) };
  } finally {
    await pdf.destroy();
  }
}

/**
 * pdfjs opens a file lazily: a page tree that loops or a page that cannot be parsed fails only when
 * the page is read. That is the file's fault, not ours.
 */
function asUnreadable(error: unknown): never {
  if (error instanceof ServiceError) throw error;
  throw new ServiceError('pdf_unreadable', `the PDF is damaged and its pages cannot be read (${error instanceof Error ? error.message : String(error)})`);
}

async function readPdfPages(pdf: PDFDocumentProxy, languages: string[] | undefined, timings: StageTimings, ocrOptions: OcrOptions): Promise<{ pages: PageWords[]; warnings: string[] }> {
  const pages: PageWords[] = [];
  const warnings: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await timings.time('text_layer', () => pdf.getPage(number));
    try {
      const layer = await timings.time('text_layer', () => readPdfWords(page));
      throwIfOverDecodeBudget();
      if (textLayerUsable(layer.words)) {
        pages.push(layer);
        continue;
      }
      const read = await timings.time('ocr', () => ocrPdfPage(page, languages, ocrOptions));
      pages.push(read.words);
      warnings.push(...read.warnings);
      if (layer.words.length) warnings.push(`text_layer_unusable: page ${number} was read by OCR because its text layer does not map to readable text`);
    } finally {
      page.cleanup();
    }
  }
  return { pages, warnings: [...new Set(warnings)] };
}

/**
 * A text layer worth reading has some words, and most of them are made of letters, digits and
 * punctuation: fonts without a proper Unicode map give private-use, control or replacement characters.
 */
export function textLayerUsable(words: Word[]): boolean {
  if (words.length === 0) return false;
  const readable = words.filter((w) => /^[\p{L}\p{N}\p{P}\p{S}]+$/u.test(w.text) && !/[\uFFFD\p{Co}\p{Cc}]/u.test(w.text));
  const letters = words.filter((w) => /\p{L}{2}/u.test(w.text));
  return readable.length >= words.length * 0.8 && (words.length < 5 || letters.length >= words.length * 0.3);
}
