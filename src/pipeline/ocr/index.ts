// The OCR reading stage: words with page-relative boxes from images and from scanned PDF pages, in
// the same shape as the PDF text layer (../read-pdf-words.ts).
//
// Environment (read when the first page is read, or by ocrEngineStatus() at start-up):
//   LEDGERLENS_OCR_ENGINE=tesseract|tesseract.js|paddle  force an engine for every page. Unset: a till receipt's
//     column goes to PP-OCR when it is installed (read-page.ts, back to Tesseract when PP-OCR reads it
//     weakly or in a language whose letters it lacks), and otherwise each page goes to native
//     Tesseract when a `tesseract` binary on the PATH has every language the page is read with,
//     else to tesseract.js with the npm models if it has them (select-engine.ts). Forcing one that
//     is missing is an error, not a silent fallback; forcing one that lacks languages is warned of.
//   LEDGERLENS_OCR_LANGUAGES=eng+deu+est  the languages every page is read with (Tesseract codes,
//     "+"-joined; ISO 639-1 codes are accepted too). Languages the caller passes are added in front.
//     Languages the engine lacks are skipped with an `ocr_language_unavailable` warning.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { MediaType } from '../../ingest/media-type.js';
import type { PageWords } from '../types.js';
import type { EngineName } from './engine.js';
import { describeEngines, type OcrStatus } from './engine-status.js';
import type { GrayImage } from './gray-image.js';
import { defaultLanguages, planLanguages, toTesseractCode, wantedLanguages, type LanguagePlan } from './languages.js';
import { prepareImagePages } from './prepare-image.js';
import { readPage, type Engines, type ReadPage } from './read-page.js';
import { renderPdfPage } from './render-pdf-page.js';
import { engineFor, ocrEngines } from './select-engine.js';

export { closeTesseractJs as closeOcr } from './tesseract-js.js';
export type { OcrStatus } from './engine-status.js';

export interface OcrOptions {
  /** Aborting kills the running Tesseract process (or ends the tesseract.js worker). */
  signal?: AbortSignal;
  /**
   * Shown each page as prepared (an image's upright, grey, stretched; a PDF page's rendering), before
   * it is read: the page hash is taken from it rather than from a second decoding of the file. It
   * must not change the pixels.
   */
  onPagePrepared?: (page: number, image: GrayImage) => Promise<void> | void;
}

/**
 * A 35 MP phone photo cost 0.6 s to prepare and 1.3 s to OCR with nothing gained (DEPENDENCIES.md):
 * photos are read with their long side at most this, unless that would make the text too small.
 */
const PHOTO_LONG_SIDE = 3000;

/**
 * Every page of an image file (each page of a multi-page TIFF; the first frame of a GIF or WebP).
 * Boxes are on 0..1000 of the page as it was read: after the EXIF orientation and after any cut to
 * the paper, turn or levelling OCR applied (reported as `page_cropped` / `page_rotated` /
 * `page_deskewed` warnings); width and height
 * are that page's size in the image's pixels.
 */
export async function readImageWords(bytes: Uint8Array, mediaType: MediaType, languages?: string[], options: OcrOptions = {}): Promise<{ pages: PageWords[]; warnings: string[]; engine: EngineName }> {
  if (mediaType === 'application/pdf') throw new TypeError('readImageWords reads images; use ocrPdfPage for the pages of a PDF');
  const { engines, plan } = await engineAndLanguages(languages);
  const pages: PageWords[] = [];
  const warnings = [...plan.warnings];
  let firstReader: EngineName | undefined;
  for await (const prepared of prepareImagePages(bytes, mediaType)) {
    await options.onPagePrepared?.(prepared.page, prepared.image);
    const read = await readPage(engines, { page: prepared.page, image: prepared.image, unitsScale: 1, longSide: PHOTO_LONG_SIDE }, plan.languages, options.signal);
    pages.push(pageWords(prepared.page, read));
    warnings.push(...read.warnings);
    firstReader ??= read.engine;
  }
  return { pages, warnings, engine: firstReader ?? engines.engine.name };
}

/**
 * A PDF page without a usable text layer, rendered at 300 dpi and read. Width and height are in PDF
 * points like the text layer's; boxes are on 0..1000 of the page as read (turned upright and
 * levelled if it had to be, with the warnings saying so).
 */
export async function ocrPdfPage(page: PDFPageProxy, languages?: string[], options: OcrOptions = {}): Promise<{ words: PageWords; warnings: string[]; engine: EngineName }> {
  const { engines, plan } = await engineAndLanguages(languages);
  const rendered = await renderPdfPage(page);
  await options.onPagePrepared?.(page.pageNumber, rendered.image);
  const read = await readPage(engines, { page: page.pageNumber, image: rendered.image, unitsScale: rendered.dpi / 72, dpi: rendered.dpi }, plan.languages, options.signal);
  return { words: pageWords(page.pageNumber, read), warnings: [...plan.warnings, ...read.warnings], engine: read.engine };
}

/**
 * For /readyz and the start-up log: the engines, their languages, and the configured languages the
 * preferred engine lacks. Throws when no engine can run or the OCR settings are malformed.
 */
export async function ocrEngineStatus(): Promise<OcrStatus> {
  const configured = defaultLanguages();
  return describeEngines(await ocrEngines(), configured);
}

/** The engine that has the languages this document needs (and PP-OCR for receipts), and the languages it will read with. */
async function engineAndLanguages(requested: string[] | undefined): Promise<{ engines: Engines; plan: LanguagePlan }> {
  const { engines, receipts } = await ocrEngines();
  const engine = engineFor(engines, wantedLanguages(requested).languages);
  // A caller who names a language PP-OCR lacks ("pl") is read by the engine that has it; the
  // configured set (eng+deu+est) does not keep receipts from PP-OCR, the words' language does (read-page.ts).
  const hinted = (requested ?? []).map(toTesseractCode).filter((code) => code !== undefined);
  const forReceipts = receipts && hinted.every((code) => receipts.languages.includes(code)) ? { receipts } : {};
  return { engines: { engine, ...forReceipts }, plan: planLanguages(requested, engine.languages, engine.name) };
}

function pageWords(page: number, read: ReadPage): PageWords {
  return { page, width: read.width, height: read.height, source: 'ocr', words: read.words, ...(read.view ? { view: read.view } : {}) };
}
