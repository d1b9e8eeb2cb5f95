// A text-layer PDF's own words, dumped to the words input form and read back by the extraction API,
// give the same outcome as the PDF: fields, statuses, confidences, regions, raw text, and every warning
// but those about the file itself.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { creditNotePage, creditNotes } from '../helpers/credit-note.js';
import { textPdf } from '../helpers/fixtures.js';
import { fuzzParams } from '../helpers/fuzz-params.js';
import { wordsFileOf } from '../helpers/words-file.js';
import { detectMediaType } from '../../src/ingest/media-type.js';
import { extract, extractFromWords } from '../../src/pipeline/extract.js';
import { readDocument } from '../../src/pipeline/read-document.js';
import { parseWordsFile } from '../../src/pipeline/words-input.js';
import type { Hints } from '../../src/schemas/hints.schema.js';

const limits = { maxPages: 200, maxPixels: 100_000_000, maxDecodedBytes: 512 * 1024 * 1024, maxDecodedStreamBytes: 32 * 1024 * 1024 };
const golden = new URL('../../../tests/fixtures/golden/', import.meta.url);

async function assertWordsExtractLikeThePdf(bytes: Uint8Array, hints: Hints = {}) {
  const request = { bytes, mediaType: await detectMediaType(bytes), filename: 'doc.pdf', hints, limits, ignoreEmbeddedXml: true };
  const read = await readDocument(request);
  assert.ok(read.pages.every((p) => p.source === 'text-layer'), 'a text-layer PDF');
  const dumped = JSON.stringify(wordsFileOf(read.pages));
  const fromWords = extractFromWords(parseWordsFile(dumped), hints);
  const fromPdf = await extract(request);
  // The reading stage's own warnings are about the file (its embedded files, say), which words have not.
  assert.deepEqual(fromWords, { ...fromPdf, warnings: fromPdf.warnings.filter((w) => !read.warnings.includes(w)) });
  return fromPdf;
}

const LABELS = ['Invoice no', 'Rechnung Nr.', 'Date', 'Datum', 'Due date', 'Subtotal', 'VAT 20%', 'MwSt 19%', 'Total', 'Summe', 'IBAN', 'Amount due'];
const VALUES = [
  fc.stringMatching(/^[A-Z]{2}-\d{3,6}$/),
  fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10).split('-').reverse().join('.')),
  fc.integer({ min: 1, max: 9_999_999 }).map((c) => `${(c / 100).toFixed(2).replace('.', ',')} EUR`),
  fc.integer({ min: 1, max: 9_999_999 }).map((c) => `$${(c / 100).toFixed(2)}`),
  fc.constantFrom('ACME GmbH', 'Nordic Supplies OÜ', 'DE89 3704 0044 0532 0130 00', 'Musterstraße 5, 10115 Berlin'),
];
const invoiceLine = fc.tuple(fc.constantFrom(...LABELS), fc.oneof(...VALUES), fc.constantFrom(' ', ': ', '      ')).map(([label, value, gap]) => `${label}${gap}${value}`);
const pagesOfLines = fc.array(fc.array(invoiceLine, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 2 });
const creditNotePages = creditNotes().map((note) => [creditNotePage(note).split('\n')]);

describe('extraction from words equals extraction from the PDF they were read from', () => {
  it('generated text-layer PDFs: invoice lines on one or two pages, and credit notes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(pagesOfLines, creditNotePages), fc.constantFrom<Hints>({}, { date_order: 'MDY', currency: 'USD' }), async (pages, hints) => {
        await assertWordsExtractLikeThePdf(await textPdf(pages), hints);
      }),
      fuzzParams(20, 1724),
    );
  });

  for (const name of ['zc_EN16931_Rabatte', 'zc_ZUGFeRD_1p0_BASIC_Einfach', 'AzureInterior']) {
    it(`golden ${name}.pdf`, async () => {
      const outcome = await assertWordsExtractLikeThePdf(await readFile(new URL(`${name}.pdf`, golden)));
      assert.ok(outcome.extraction.total !== null && Object.keys(outcome.regions ?? {}).length > 0, 'a document with fields and regions');
    });
  }
});
