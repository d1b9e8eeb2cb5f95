import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { textPage } from '../../tests/helpers/text-page.js';
import { generateDocument } from '../synth/generate.js';
import { documentsInFile } from './documents-in-file.js';
import { extract, extractFromWords } from './extract.js';

const limits = { maxPages: 20, maxPixels: 100_000_000, maxDecodedBytes: 200 * 1024 * 1024, maxDecodedStreamBytes: 32 * 1024 * 1024 };
const extractPdf = (bytes: Uint8Array) => extract({ bytes, mediaType: 'application/pdf', filename: 'file.pdf', hints: {}, limits, ignoreEmbeddedXml: true });
const generated = (index: number) => generateDocument(777, index, { images: 0 });

async function concatenated(...pdfs: Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const bytes of pdfs) {
    const source = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  return out.save();
}

describe('several documents in one file', () => {
  it('reads the first of two generated documents in one PDF (the first two pages long) and says so', async () => {
    const [first, second] = await Promise.all([generated(38), generated(39)]);
    assert.equal(first.pages, 2, 'the first document runs over two pages');
    const outcome = await extractPdf(await concatenated(first.pdf, second.pdf));
    assert.ok(outcome.warnings.includes('multiple_documents: the file holds 2 documents; fields are read from the first (pages 1–2)'), outcome.warnings.join('\n'));
    for (const field of ['document_number', 'issue_date', 'total'] as const) assert.equal(outcome.extraction[field], first.label[field], field);
    assert.notEqual(outcome.extraction.total, second.label.total);
  });

  it('reads the first of a receipt and a credit note one page each', async () => {
    const [first, second] = await Promise.all([generated(12), generated(13)]);
    const outcome = await extractPdf(await concatenated(first.pdf, second.pdf));
    assert.ok(outcome.warnings.includes('multiple_documents: the file holds 2 documents; fields are read from the first (page 1)'), outcome.warnings.join('\n'));
    for (const field of ['document_number', 'issue_date', 'total'] as const) assert.equal(outcome.extraction[field], first.label[field], field);
  });

  it('does not flag a generated invoice whose lines continue onto a second page', async () => {
    for (const index of [2, 38]) {
      const document = await generated(index);
      assert.equal(document.pages, 2);
      const outcome = await extractPdf(document.pdf);
      assert.deepEqual(outcome.warnings.filter((w) => w.startsWith('multiple_documents')), [], document.id);
      assert.equal(outcome.extraction.total, document.label.total, document.id);
    }
  });

  it('starts another document at a page whose numbering starts again', () => {
    const pages = [
      textPage('Invoice   Date 03.05.2024\nTotal   120.00\nPage 1 of 1'),
      textPage('Invoice   Date 03.05.2024\nTotal   80.00\nPage 1 of 1', { page: 2 }),
    ];
    assert.equal(documentsInFile(pages, {})?.where, 'page 1');
    const continued = [textPage('Invoice no. 4711   Date 03.05.2024\nPage 1 of 2'), textPage('Invoice no. 4711\nTotal   80.00\nPage 2 of 2', { page: 2 })];
    assert.equal(documentsInFile(continued, {}), null);
  });

  it('keeps the first of two invoices told apart by their numbers, not a statement listing other invoices', () => {
    const two = [textPage('Invoice no. 4711\nDate 03.05.2024\nTotal   120.00'), textPage('Invoice no. 4712\nDate 03.05.2024\nTotal   80.00', { page: 2 })];
    assert.equal(documentsInFile(two, {})?.count, 2);
    const statement = [
      textPage('Statement no. 77   Date 03.05.2024\nInvoice no. 4711   120.00\nInvoice no. 4712   80.00'),
      textPage('Statement no. 77\nInvoice no. 4713   40.00\nTotal   240.00', { page: 2 }),
    ];
    assert.equal(documentsInFile(statement, {}), null);
  });

  it('takes two receipts photographed side by side apart, the left one first', () => {
    const left = ['CAFE ONE', 'Receipt no: 1001', 'Date: 03/05/2024', 'Coffee      3.50', 'Cake        4.00', 'Tea         2.00', 'TOTAL       9.50', 'CASH       10.00', 'CHANGE      0.50', 'Thank you'];
    const right = ['BAKERY TWO', 'Receipt no: 2002', 'Date: 04/05/2024', 'Bread       2.20', 'Milk        1.10', 'Eggs        3.00', 'TOTAL       6.30', 'CARD        6.30', 'Auth 123456', 'Goodbye'];
    const text = left.map((l, i) => l.padEnd(40) + right[i]).join('\n');
    const found = documentsInFile([textPage(text, { source: 'ocr' })], {});
    assert.equal(found?.where, 'the left one');
    assert.ok(found.first[0]!.words.every((w) => w.box[0] < 300));
    const outcome = extractFromWords([textPage(text, { source: 'ocr' })], {});
    assert.ok(outcome.warnings.includes('multiple_documents: the file holds 2 documents; fields are read from the first (the left one)'));
    assert.deepEqual([outcome.extraction.total, outcome.extraction.document_number, outcome.extraction.issue_date], [9.5, '1001', '2024-05-03']);
    // One receipt with a card slip under it that repeats its total is one document.
    const slip = [...left, '', '', '', '', '', '', 'CARD SLIP', 'Date: 03/05/2024', 'TOTAL       9.50', 'Approved'].join('\n');
    assert.equal(documentsInFile([textPage(slip, { source: 'ocr' })], {}), null);
  });

  it('takes two receipts photographed one above the other apart, the top one first', () => {
    const top = 'CAFE ONE\nReceipt no: 1001\nDate: 03/05/2024\nCoffee      3.50\nCake        4.00\nTOTAL       7.50\nCASH       10.00\nCHANGE      2.50';
    const bottom = 'BAKERY TWO\nReceipt no: 2002\nDate: 04/05/2024\nBread       2.20\nMilk        1.10\nTOTAL       3.30\nCARD        3.30';
    const found = documentsInFile([textPage(`${top}${'\n'.repeat(8)}${bottom}`, { source: 'ocr' })], {});
    assert.equal(found?.where, 'the top one');
    assert.equal(found.count, 2);
  });
});
