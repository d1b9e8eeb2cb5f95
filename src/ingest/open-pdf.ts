// Opens a PDF with pdfjs (Apache-2.0) and tells apart the ways that can go wrong for a client: a
// password, a damaged file, too many pages. Decompression bombs are stopped while pdfjs decodes
// (pdf-decode-budget.ts), by whoever runs the document's work under withDecodeBudget.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ServiceError } from '../errors.js';
import type { IngestLimits } from './limits.js';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// Fonts for the 14 standard PDF fonts ship inside pdfjs-dist; nothing is fetched at run time.
const standardFontDataUrl = pathToFileURL(join(pdfjsRoot, 'standard_fonts') + '/').href;

export async function openPdf(bytes: Uint8Array, limits: Pick<IngestLimits, 'maxPages' | 'maxPixels'>): Promise<PDFDocumentProxy> {
  let pdf: PDFDocumentProxy;
  try {
    pdf = await getDocument({
      // pdfjs takes ownership of (and detaches) the buffer it is given.
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl,
      stopAtErrors: false,
      // An image XObject claiming more pixels than an image upload may have is not drawn at all.
      maxImageSize: limits.maxPixels,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new ServiceError('pdf_password_required', 'the PDF is protected by a password; send it without one');
    }
    throw new ServiceError('pdf_unreadable', 'the PDF is damaged or not a PDF and cannot be read');
  }
  if (pdf.numPages < 1) {
    await pdf.destroy();
    throw new ServiceError('pdf_unreadable', 'the PDF has no pages');
  }
  if (pdf.numPages > limits.maxPages) {
    const pages = pdf.numPages;
    await pdf.destroy();
    throw new ServiceError('too_many_pages', `the PDF has ${pages} pages; at most ${limits.maxPages} are accepted`);
  }
  return pdf;
}
