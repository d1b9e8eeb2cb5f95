// A PDF page rendered to grey pixels for OCR with pdfjs and @napi-rs/canvas (prebuilt Skia).
// The canvas's raw pixels are taken as they are: encoding the render as PNG cost ~10× the raster
// itself (DEPENDENCIES.md: 27 ms raster vs 256 ms with PNG at 300 dpi).
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api.js';
import { withContentLimits } from '../../ingest/pdf-content-limits.js';
import { grayFromRgba, stretchContrast, type GrayImage } from './gray-image.js';

/*
 * pdfjs polyfills Path2D, DOMMatrix and ImageData from the @napi-rs/canvas it loads itself. Our
 * dependency is pinned to the same 0.1.x range as pdfjs-dist's so npm installs one copy: a canvas
 * from one copy drawn with another's Path2D fails ("not of type 'Path2D'"), and drawing an image
 * across two copies crashed the process (free(): invalid pointer).
 */

/** The resolution scanners use for documents; Tesseract is trained on text of about that size. */
export const RENDER_DPI = 300;
/** A0 posters or odd page sizes are rendered at a lower resolution rather than at any size. */
const MAX_RENDER_PIXELS = 16_000_000;

export interface RenderedPage {
  image: GrayImage;
  dpi: number;
  /** Size of the page in PDF points, as pdfjs shows it (its /Rotate applied). */
  width: number;
  height: number;
}

export async function renderPdfPage(page: PDFPageProxy, dpi = RENDER_DPI): Promise<RenderedPage> {
  const unit = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = unit.width * unit.height * scale * scale;
  if (pixels > MAX_RENDER_PIXELS) scale *= Math.sqrt(MAX_RENDER_PIXELS / pixels);
  return withRenderedPage(page, scale, (canvas) => {
    // Opaque white ground, so the premultiplied RGBA is plain RGBA.
    const image = stretchContrast(grayFromRgba(canvas.data(), canvas.width, canvas.height));
    return { image, dpi: scale * 72, width: unit.width, height: unit.height };
  });
}

/** Renders the page at `scale` on a white canvas, hands the canvas to `use`, then frees it. */
export async function withRenderedPage<T>(page: PDFPageProxy, scale: number, use: (canvas: Canvas) => T | Promise<T>): Promise<T> {
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  try {
    // pdfjs's typings name the DOM canvas; @napi-rs/canvas implements the part pdfjs uses.
    await withContentLimits(
      () =>
        page.render({
          canvas: canvas as unknown as RenderParameters['canvas'],
          canvasContext: canvas.getContext('2d') as unknown as RenderParameters['canvasContext'],
          viewport,
          background: '#ffffff',
        }).promise,
    );
    return await use(canvas);
  } finally {
    page.cleanup();
    // Skia's pixels live outside the JS heap; a zero-size canvas lets them go before the GC notices.
    canvas.width = 0;
    canvas.height = 0;
  }
}
