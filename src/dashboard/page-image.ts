// One page of a stored document as a PNG for the dashboard, which draws the field regions (0..1000
// boxes, page-relative) over it. Rendered in the API process on demand: an owner looks at one page
// at a time, and a page at screen size takes tens of milliseconds.
import { createCanvas } from '@napi-rs/canvas';
import sharp, { type Sharp } from 'sharp';
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api.js';
import { notFound } from '../errors.js';
import type { IngestLimits } from '../ingest/limits.js';
import type { MediaType } from '../ingest/media-type.js';
import { openPdf } from '../ingest/open-pdf.js';
import { heicPipeline } from '../pipeline/ocr/prepare-image.js';

/** Wide enough to read an invoice's small print on a laptop screen, small enough to send quickly. */
const PAGE_WIDTH = 1240;

export async function renderPageImage(bytes: Buffer, mediaType: string, page: number, limits: IngestLimits): Promise<Buffer> {
  return mediaType === 'application/pdf' ? renderPdfPage(bytes, page, limits) : renderImagePage(bytes, mediaType as MediaType, page);
}

async function renderPdfPage(bytes: Buffer, pageNumber: number, limits: IngestLimits): Promise<Buffer> {
  const pdf = await openPdf(bytes, limits);
  try {
    if (pageNumber > pdf.numPages) throw notFound('page');
    const page = await pdf.getPage(pageNumber);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PAGE_WIDTH / unit.width });
    const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
    try {
      await page.render({
        canvas: canvas as unknown as RenderParameters['canvas'],
        canvasContext: canvas.getContext('2d') as unknown as RenderParameters['canvasContext'],
        viewport,
        background: '#ffffff',
      }).promise;
      return await canvas.encode('png');
    } finally {
      page.cleanup();
      canvas.width = 0;
      canvas.height = 0;
    }
  } finally {
    await pdf.destroy();
  }
}

async function renderImagePage(bytes: Buffer, mediaType: MediaType, pageNumber: number): Promise<Buffer> {
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
