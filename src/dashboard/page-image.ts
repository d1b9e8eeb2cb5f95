// One page of a stored document as a PNG for the dashboard, which draws the field regions (0..1000
// boxes, page-relative) over it. Rendered on demand in an extraction thread (ExtractionPool.renderPage),
// under the document time limit and decoding budget: a page usually takes tens of milliseconds, a
// hostile one as long as it is let.
import sharp, { type Sharp } from 'sharp';
import { notFound } from '../errors.js';
import type { IngestLimits } from '../ingest/limits.js';
import type { MediaType } from '../ingest/media-type.js';
import { inspectImage } from '../ingest/open-image.js';
import { openPdf } from '../ingest/open-pdf.js';
import { heicPipeline } from '../pipeline/ocr/prepare-image.js';
import { withRenderedPage } from '../pipeline/ocr/render-pdf-page.js';

/** Wide enough to read an invoice's small print on a laptop screen, small enough to send quickly. */
const PAGE_WIDTH = 1240;

export async function renderPageImage(bytes: Uint8Array, mediaType: MediaType, page: number, limits: IngestLimits): Promise<Buffer> {
  if (mediaType === 'application/pdf') return renderPdfPage(bytes, page, limits);
  // Every page's size is checked before one is decoded, as for extraction.
  await inspectImage(bytes, mediaType, limits);
  return renderImagePage(bytes, mediaType, page);
}

async function renderPdfPage(bytes: Uint8Array, pageNumber: number, limits: IngestLimits): Promise<Buffer> {
  const pdf = await openPdf(bytes, limits);
  try {
    if (pageNumber > pdf.numPages) throw notFound('page');
    const page = await pdf.getPage(pageNumber);
    return await withRenderedPage(page, PAGE_WIDTH / page.getViewport({ scale: 1 }).width, (canvas) => canvas.encode('png'));
  } finally {
    await pdf.destroy();
  }
}

async function renderImagePage(bytes: Uint8Array, mediaType: MediaType, pageNumber: number): Promise<Buffer> {
  let input: Sharp;
  if (mediaType === 'image/heic') {
    if (pageNumber !== 1) throw notFound('page');
    input = await heicPipeline(bytes);
  } else {
    const pages = mediaType === 'image/tiff' ? ((await sharp(bytes).metadata()).pages ?? 1) : 1;
    if (pageNumber > pages) throw notFound('page');
    input = sharp(bytes, { page: pageNumber - 1 });
  }
  // The EXIF orientation applied, as the extraction saw the page, so the regions line up.
  return input.rotate().flatten({ background: '#ffffff' }).resize({ width: PAGE_WIDTH, withoutEnlargement: true }).png().toBuffer();
}
