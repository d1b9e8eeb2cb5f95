import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPage } from '../../../tests/helpers/text-page.js';
import { openPdf } from '../../ingest/open-pdf.js';
import { generateDocument } from '../../synth/generate.js';
import { readPdfWords } from '../read-pdf-words.js';
import type { PageWords } from '../types.js';
import { rowText } from './blocks.js';
import { blockOf, buildTextDocument, type TextDocument } from './text-document.js';

async function pdfPages(bytes: Uint8Array): Promise<PageWords[]> {
  const pdf = await openPdf(bytes, { maxPages: 20, maxPixels: 1e8 });
  try {
    const pages: PageWords[] = [];
    for (let n = 1; n <= pdf.numPages; n++) pages.push(await readPdfWords(await pdf.getPage(n)));
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The role of the block holding the first page-1 cell printed exactly as `text`. */
function roleOf(document: TextDocument, text: string, page = 1): string | undefined {
  const line = document.lines.find((l) => l.page === page && l.cells.some((c) => c.text === text));
  const cell = line?.cells.find((c) => c.text === text);
  return cell ? blockOf(document, cell.words[0]!)?.role : 'not printed';
}

describe('page model on generated documents', () => {
  // The generator knows what it put where: the vendor in the letterhead, the customer in the window
  // under its caption, the totals under the items, bank and vendor lines in the footer.
  it('gives the vendor letterhead, the customer window, the totals and the footer their roles', async () => {
    const seen = { documents: 0, totals: 0, footers: 0 };
    for (let index = 0; seen.documents < 8; index++) {
      const generated = await generateDocument(4242, index, { images: 0 });
      const { model } = generated;
      if (model.kind === 'receipt') continue;
      seen.documents++;
      const document = buildTextDocument(await pdfPages(generated.pdf));
      assert.equal(roleOf(document, model.vendor.name), 'letterhead', `${generated.id}: vendor ${model.vendor.name}`);
      if (model.customer) assert.equal(roleOf(document, model.customer.name), 'address', `${generated.id}: customer ${model.customer.name}`);
      const totals = document.blocks.filter((b) => b.role === 'totals');
      const lastPage = document.blocks.at(-1)!.page;
      assert.ok(totals.some((b) => b.page === lastPage), `${generated.id}: a totals block on the last page`);
      seen.totals += totals.length;
      for (const block of document.blocks.filter((b) => b.role === 'footer')) {
        assert.ok(block.box[1] > 800, `${generated.id}: footer "${rowText(block.rows[0]!)}" at the foot of the page`);
        seen.footers++;
      }
      // The items are a table, never the letterhead or the addressee.
      const firstItem = document.lines.find((l) => l.cells.some((c) => c.text.startsWith(model.lines[0]!.description.split(' ')[0]!)) && l.box[1] > 250);
      if (firstItem) assert.ok(!['letterhead', 'address'].includes(blockOf(document, firstItem.words[0]!)!.role), `${generated.id}: items`);
    }
    assert.ok(seen.footers > 0, 'some generated documents print footers');
  });
});

describe('page model on laid-out text', () => {
  const page = `ACME Widgets GmbH                                   Invoice
Hauptstraße 5
80333 München
Tel. +49 89 123456



Max Mustermann
Musterweg 11
12345 Berlin

Invoice no.:   2024-17
Date:          05.01.2024

Widget          2     10.00      20.00
Gadget          1     15.00      15.00
Bolt            4      1.00       4.00

                         Subtotal      39.00
                         VAT 19%        7.41
                         Total         46.41`;

  it('tells the sender, the unlabelled window, the facts, the items and the totals apart', () => {
    const document = buildTextDocument([textPage(page)]);
    assert.equal(roleOf(document, 'ACME Widgets GmbH'), 'letterhead');
    assert.equal(roleOf(document, 'Max Mustermann'), 'address');
    assert.equal(roleOf(document, 'Invoice no.:'), 'key-value');
    assert.equal(roleOf(document, 'Widget'), 'table');
    assert.equal(roleOf(document, 'Total'), 'totals');
    assert.equal(roleOf(document, 'Subtotal'), 'totals');
  });

  it('keeps a window in its column beside a key-value group, and a labelled block as the addressee', () => {
    const document = buildTextDocument([
      textPage(`Northwind Ltd
12 Harbour Road
Tallinn 10111



Bill to:                                   Invoice no.:   7
Contoso Trading OU                         Date:          05.01.2024
Pikk 3                                     Due date:      19.01.2024
10123 Tallinn`),
    ]);
    const window = blockOf(document, document.lines.find((l) => l.text.startsWith('Contoso'))!.words[0]!)!;
    assert.equal(window.role, 'address');
    assert.deepEqual(window.rows.map(rowText), ['Bill to:', 'Contoso Trading OU', 'Pikk 3', '10123 Tallinn']);
    assert.equal(roleOf(document, 'Date:'), 'key-value');
  });

  it('does not take the sender\'s head at the top for a window, nor a block opening with a sentence\'s name', () => {
    const document = buildTextDocument([
      textPage(`APPLE INC
PO BOX 183263
COLUMBUS OH 43218-3263


Return this portion with your payment.
APPLE INC
PO BOX 183263
COLUMBUS OH 43218-3263`),
    ]);
    assert.equal(document.blocks[0]!.role, 'letterhead');
    assert.equal(document.blocks[1]!.role, 'address');
  });

  it('splits a brand printed large from the smaller lines under it and keeps it in the letterhead', () => {
    const pageWords = textPage(`Northwind Consulting
12 Harbour Road
10111 Tallinn`);
    // The first line printed twice as large.
    pageWords.words = pageWords.words.map((w) => (w.box[1] === 20 ? { ...w, box: [w.box[0], 4, w.box[2] + 6, 32] } : w));
    const document = buildTextDocument([pageWords]);
    assert.equal(document.blocks.length, 2);
    assert.ok(document.blocks[0]!.fontHeight > document.blocks[1]!.fontHeight * 1.6);
    assert.deepEqual(
      document.blocks.map((b) => b.role),
      ['letterhead', 'letterhead'],
    );
  });
});
