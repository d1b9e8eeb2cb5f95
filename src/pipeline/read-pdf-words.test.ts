import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { textPdf } from '../../tests/helpers/fixtures.js';
import { openPdf } from '../ingest/open-pdf.js';
import { readPdfWords } from './read-pdf-words.js';

test('words of a text PDF come with boxes on 0..1000 in reading position', async () => {
  const pdf = await openPdf(await textPdf([['Invoice 2024-17', 'Kuupäev 05.01.2024', 'Total 12,50 €'], ['Second page']]), { maxPages: 5, maxPixels: 1e8 });
  try {
    const first = await readPdfWords(await pdf.getPage(1));
    assert.equal(first.page, 1);
    assert.equal(first.source, 'text-layer');
    assert.deepEqual(first.words.map((w) => w.text), ['Invoice', '2024-17', 'Kuupäev', '05.01.2024', 'Total', '12,50', '€']);
    for (const word of first.words) {
      const [x0, y0, x1, y1] = word.box;
      assert.ok(0 <= x0 && x0 < x1 && x1 <= 1000 && 0 <= y0 && y0 < y1 && y1 <= 1000, `${word.text} ${word.box}`);
      assert.equal(word.confidence, 1);
    }
    const at = (text: string) => first.words.find((w) => w.text === text)!.box;
    // Same line: same top, left to right. Next line: lower on the page.
    assert.equal(at('Invoice')[1], at('2024-17')[1]);
    assert.ok(at('Invoice')[2] <= at('2024-17')[0]);
    assert.ok(at('Kuupäev')[1] > at('Invoice')[1]);
    assert.ok(at('Total')[1] > at('Kuupäev')[1]);
    const second = await readPdfWords(await pdf.getPage(2));
    assert.deepEqual(second.words.map((w) => w.text), ['Second', 'page']);
  } finally {
    await pdf.destroy();
  }
});

/** One line per entry: its pieces drawn one after another, alternating fonts, `gap` font sizes apart. */
async function piecesPdf(lines: { pieces: string[]; gap: number; fonts?: 'one' | 'alternating' }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  const fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
  const size = 10;
  lines.forEach(({ pieces, gap, fonts: which = 'alternating' }, row) => {
    let x = 50;
    pieces.forEach((piece, i) => {
      const font = fonts[which === 'one' ? 0 : i % 2]!;
      page.drawText(piece, { x, y: 380 - row * 20, size, font });
      x += font.widthOfTextAtSize(piece, size) + gap * size;
    });
  });
  return doc.save();
}

test('runs of the text layer that touch on one baseline are one word; runs a space apart stay apart', async () => {
  const bytes = await piecesPdf([
    // Each piece in its own font: pdfjs gives one run per piece, the runs touching.
    { pieces: ['342', '78', '587'], gap: 0 },
    { pieces: ['6/1', '8', '/2017'], gap: 0.02 },
    { pieces: ['Invoice', '2024-17'], gap: 0 },
    // A space's width between the pieces: a spaced number group, as printed.
    { pieces: ['DE89', '3704', '0044'], gap: 0.28 },
    { pieces: ['342', '78', '587'], gap: 0.8, fonts: 'one' },
    // Leader dots touching the value they point at.
    { pieces: ['Office........', '300'], gap: 0 },
  ]);
  const pdf = await openPdf(Buffer.from(bytes), { maxPages: 1, maxPixels: 1e8 });
  try {
    const words = (await readPdfWords(await pdf.getPage(1))).words;
    assert.deepEqual(words.map((w) => w.text), ['34278587', '6/18/2017', 'Invoice2024-17', 'DE89', '3704', '0044', '342', '78', '587', 'Office........', '300']);
    // The joined word spans its pieces.
    const number = words[0]!;
    assert.ok(number.box[2] - number.box[0] > 40, `${number.box}`);
  } finally {
    await pdf.destroy();
  }
});
