import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formFanOutPdf, manyPathsPdf, nestedContentPdf } from '../../tests/helpers/hostile-files.js';
import { renderPdfPage } from '../pipeline/ocr/render-pdf-page.js';
import { readPdfWords } from '../pipeline/read-pdf-words.js';
import { openPdf } from './open-pdf.js';
import { MAX_CONTENT_NESTING, withContentLimits } from './pdf-content-limits.js';

/** The first page's text layer, then its drawing (at 36 dpi), each a pass within the limits. */
async function readAndDraw(bytes: Buffer): Promise<string[]> {
  const pdf = await openPdf(bytes, { maxPages: 5, maxPixels: 1e8 });
  try {
    const page = await pdf.getPage(1);
    const words = (await readPdfWords(page)).words.map((w) => w.text);
    await renderPdfPage(page, 36);
    return words;
  } finally {
    await pdf.destroy();
  }
}

const refused = (message: RegExp) => ({ code: 'processing_failed', message });

test('graphics states and marked content nested as deep as the limit are read and drawn; one level more is refused', async () => {
  assert.ok((await readAndDraw(nestedContentPdf('q', 'Q', MAX_CONTENT_NESTING))).includes('Invoice'));
  assert.ok((await readAndDraw(nestedContentPdf('/P BMC', 'EMC', MAX_CONTENT_NESTING))).includes('Invoice'));
  await assert.rejects(readAndDraw(nestedContentPdf('q', 'Q', MAX_CONTENT_NESTING + 1)), refused(/nests its content more than 256 levels/));
  await assert.rejects(readAndDraw(nestedContentPdf('/P BMC', 'EMC', MAX_CONTENT_NESTING + 1)), refused(/nests its content more than 256 levels/));
});

test('a page that draws forms drawing forms is refused when it has drawn 5,000', async () => {
  assert.ok((await readAndDraw(formFanOutPdf(8))).includes('Invoice'));
  await assert.rejects(readAndDraw(formFanOutPdf(24)), refused(/draws more than 5000 forms/));
});

test('a page of more than a million operators is refused; one of 300,000 is read and drawn', async () => {
  await readAndDraw(manyPathsPdf(100_000));
  await assert.rejects(readAndDraw(manyPathsPdf(400_000)), refused(/more than 1000000 drawing operators/));
});

test('each pass over a page counts afresh, and a pass inside another counts with it', async () => {
  // 600,000 operators a pass.
  const pdf = await openPdf(manyPathsPdf(200_000), { maxPages: 5, maxPixels: 1e8 });
  try {
    const page = await pdf.getPage(1);
    await readPdfWords(page);
    await readPdfWords(page);
    await assert.rejects(
      withContentLimits(async () => {
        await readPdfWords(page);
        await readPdfWords(page);
      }),
      refused(/more than 1000000 drawing operators/),
    );
  } finally {
    await pdf.destroy();
  }
});
