import assert from 'node:assert/strict';
import { test } from 'node:test';
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
