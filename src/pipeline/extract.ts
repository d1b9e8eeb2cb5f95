// The pipeline for one document: open (ingest) → read the pages → fields → reconcile → outcome.
// Runs inside an extraction worker thread; see extraction-pool.ts for the main-thread side.
import { inspectImage } from '../ingest/open-image.js';
import { openPdf } from '../ingest/open-pdf.js';
import type { ExtractionOutcome } from '../schemas/document.schema.js';
import { readPdfText } from './read-pdf-text.js';
import type { ExtractionRequest, PageText } from './types.js';

interface ReadDocument {
  pages: number;
  texts: PageText[];
  warnings: string[];
}

async function readDocument(request: ExtractionRequest): Promise<ReadDocument> {
  if (request.mediaType === 'application/pdf') {
    const pdf = await openPdf(request.bytes, request.limits);
    try {
      return { pages: pdf.numPages, texts: await readPdfText(pdf), warnings: [] };
    } finally {
      await pdf.destroy();
    }
  }
  const image = await inspectImage(request.bytes, request.mediaType, request.limits);
  return { pages: image.pages, texts: [], warnings: [] };
}

export async function extract(request: ExtractionRequest): Promise<ExtractionOutcome> {
  const read = await readDocument(request);
  const rawText = read.texts.map((t) => t.text).filter(Boolean).join('\n\n');
  return {
    pages: read.pages,
    is_document: true,
    confidence: 0,
    extraction: { line_items: [] },
    field_confidence: {},
    field_status: {},
    review_fields: [],
    warnings: [...read.warnings, 'fields_not_extracted: this build reads document text only; field extraction is not enabled'],
    regions: {},
    ...(rawText ? { raw_text: rawText } : {}),
  };
}
