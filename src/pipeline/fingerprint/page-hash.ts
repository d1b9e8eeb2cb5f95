// The perceptual hash of a document's first page, for finding the same paper uploaded again as
// another file: a re-compressed or rescaled copy, a scan of a printed PDF. The first page is the one
// that tells invoices apart; later pages (terms and conditions, remittance slips) are often the same
// for every document of a vendor and would make all of them look alike.
//
// pHash (sharp-phash: DCT of a 32×32 grey thumbnail, 64 bits) changes little under JPEG
// re-encoding, scaling, small crops and contrast changes, unlike a byte hash.
//
// The extraction takes the hash from what it already has (read-document.ts): an image's first page
// as OCR prepared it, a PDF's first page from the document it has open. firstPageHash opens the file
// anew, which decoded a 35 MP receipt scan a second time (0.8 s and 40 MB) just for a thumbnail.
import { createRequire } from 'node:module';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ServiceError } from '../../errors.js';
import { openPdf } from '../../ingest/open-pdf.js';
import type { GrayImage } from '../ocr/gray-image.js';
import { prepareImagePages } from '../ocr/prepare-image.js';
import { renderPdfPage } from '../ocr/render-pdf-page.js';
import type { ExtractionRequest } from '../types.js';

// sharp-phash is CommonJS exporting the function itself, which its typings describe as a default export.
const phash = createRequire(import.meta.url)('sharp-phash') as typeof import('sharp-phash').default;

/** A thumbnail is all a 32×32 DCT needs; rendering at this resolution costs a few milliseconds. */
const RENDER_DPI = 36;

/**
 * Below this share of dark pixels a page is all but blank (a cover sheet, a one-line note): the
 * thumbnails of all such pages look alike, so they get no hash. Real invoice pages measured 5–24 %.
 */
const MIN_INK_SHARE = 0.01;

/** 16 hex digits (64 bits), or null when the page cannot be pictured or is nearly blank (the fields still count). */
export async function firstPageHash(request: ExtractionRequest): Promise<string | null> {
  try {
    return await pageImageHash(await firstPageImage(request));
  } catch {
    return null;
  }
}

/** The hash of a page pictured as prepareImagePages gives it, or null as for firstPageHash. */
export async function pageImageHash(image: GrayImage): Promise<string | null> {
  try {
    return inkShare(image) < MIN_INK_SHARE ? null : await hashImage(image);
  } catch {
    return null;
  }
}

/** firstPageHash of a PDF the caller has open; a page refused by the PDF limits (ingest/) refuses the document. */
export async function pdfFirstPageHash(pdf: PDFDocumentProxy): Promise<string | null> {
  try {
    return await pageImageHash((await renderPdfPage(await pdf.getPage(1), RENDER_DPI)).image);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    return null;
  }
}

function inkShare(image: GrayImage): number {
  let dark = 0;
  for (const value of image.data) if (value < 200) dark++;
  return dark / Math.max(1, image.data.length);
}

async function firstPageImage(request: ExtractionRequest): Promise<GrayImage> {
  if (request.mediaType !== 'application/pdf') {
    const first = await prepareImagePages(request.bytes, request.mediaType).next();
    if (first.done) throw new Error('no page');
    return first.value.image;
  }
  const pdf = await openPdf(request.bytes, request.limits);
  try {
    return (await renderPdfPage(await pdf.getPage(1), RENDER_DPI)).image;
  } finally {
    await pdf.destroy();
  }
}

export async function hashImage(image: GrayImage): Promise<string> {
  const bits = await phash(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 1 },
  });
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
}

/** Bits that differ between two hashes of hashImage. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
