// Reading stage for PDFs with a text layer: the text of each page, lines in the order pdfjs gives
// them. Word boxes and layout come with the engine.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageText } from './types.js';

export async function readPdfText(pdf: PDFDocumentProxy): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str;
      if (item.hasEOL) text += '\n';
    }
    pages.push({ page: number, text: text.trim() });
    page.cleanup();
  }
  return pages;
}
