// OCR behaviour with tesseract.js and the npm language models (always installed with the service).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readImageWords } from './index.js';
import { defineOcrTests } from './ocr.cases.js';
import { probeTesseractJs } from './tesseract-js.js';

process.env.LEDGERLENS_OCR_ENGINE = 'tesseract.js';
const js = await probeTesseractJs();
defineOcrTests('tesseract.js', [...(js?.models.keys() ?? [])]);

test('tesseract.js: a language it has no model for is skipped and reported, not fatal', async () => {
  const image = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="75" font-family="DejaVu Sans" font-size="40">Total 12.50</text></svg>');
  const { default: sharp } = await import('sharp');
  const { pages, warnings } = await readImageWords(await sharp(image).png().toBuffer(), 'image/png', ['ru']);
  assert.ok(warnings.some((w) => /^ocr_language_unavailable: rus /.test(w)), JSON.stringify(warnings));
  assert.ok(pages[0]!.words.some((w) => w.text === '12.50'));
});
