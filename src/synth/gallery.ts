// A handful of rendered pages to look at: for each of n documents, page 1 of its PDF as a PNG, and
// for image documents the degraded image as well.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { openPdf } from '../ingest/open-pdf.js';
import { withRenderedPage } from '../pipeline/ocr/render-pdf-page.js';
import { generateDocument } from './generate.js';

const GALLERY_DPI = 110;

export async function writeGallery(out: string, seed: number, n: number): Promise<string[]> {
  mkdirSync(out, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    // Every third document is an image, so the gallery shows degradations too.
    const doc = await generateDocument(seed, i, { images: i % 3 === 2 ? 1 : 0 });
    const pdf = await openPdf(doc.pdf, { maxPages: 100, maxPixels: 100_000_000 });
    try {
      for (let page = 1; page <= Math.min(pdf.numPages, 2); page++) {
        const png = await withRenderedPage(await pdf.getPage(page), GALLERY_DPI / 72, (canvas) =>
          sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4 } }).png().toBuffer());
        const file = join(out, `${doc.id}-p${page}.png`);
        writeFileSync(file, png);
        files.push(file);
      }
    } finally {
      await pdf.destroy();
    }
    if (doc.output === 'image') {
      const file = join(out, `${doc.id}-degraded.png`);
      writeFileSync(file, await sharp(doc.bytes).resize({ width: 900, withoutEnlargement: true }).png().toBuffer());
      files.push(file);
    }
  }
  return files;
}
