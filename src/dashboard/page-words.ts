// The words of one page of a stored document with their boxes, for the review desk's "pick from the
// page": a person clicks printed words to fill a field. Read as extraction reads that page (its text
// layer when usable, else OCR), in an extraction thread under the document's limits
// (ExtractionPool.readPageWords); only that page is read. Boxes are on 0..1000 of the page as read,
// where the field regions are too.
import { notFound } from '../errors.js';
import { inspectImage } from '../ingest/open-image.js';
import { openPdf } from '../ingest/open-pdf.js';
import { throwIfOverDecodeBudget } from '../ingest/pdf-decode-budget.js';
import { ocrPdfPage, readImageWords } from '../pipeline/ocr/index.js';
import { textLayerUsable } from '../pipeline/read-document.js';
import { readPdfWords } from '../pipeline/read-pdf-words.js';
import type { PageImageRequest, PageWords } from '../pipeline/types.js';

export async function readPageWords({ bytes, mediaType, page, limits }: PageImageRequest): Promise<PageWords['words']> {
  if (mediaType !== 'application/pdf') {
    const image = await inspectImage(bytes, mediaType, limits);
    if (page > image.pages) throw notFound('page');
    const { pages } = await readImageWords(bytes, mediaType);
    return pages.find((p) => p.page === page)?.words ?? [];
  }
  const pdf = await openPdf(bytes, limits);
  try {
    if (page > pdf.numPages) throw notFound('page');
    const pdfPage = await pdf.getPage(page);
    try {
      const layer = await readPdfWords(pdfPage);
      throwIfOverDecodeBudget();
      return textLayerUsable(layer.words) ? layer.words : (await ocrPdfPage(pdfPage)).words.words;
    } finally {
      pdfPage.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
}
