// The OCR behaviour tests, run once per engine by ocr.tesseract.test.ts and
// ocr.tesseract-js.test.ts (each test file is its own process, so each can force its engine).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { heicImage, multiPageTiff } from '../../../tests/helpers/fixtures.js';
import { openPdf } from '../../ingest/open-pdf.js';
import { Rng } from '../../synth/prng.js';
import type { PageWords, Word } from '../types.js';
import { debianPackage } from './engine-status.js';
import { closeOcr, ocrEngineStatus, ocrPdfPage, readImageWords } from './index.js';
import { defaultLanguages, toTesseractCode } from './languages.js';

const LINES = ['Rechnung Nr. 12345', 'Kuupäev 05.01.2024 Põhjala OÜ', 'Summe 1.234,56 €'];
const WORDS = LINES.join(' ').split(' ');
/** Kuupäev, Põhjala and OÜ need the Estonian model; the rest any Latin-script model reads. */
const ASCII_WORDS = WORDS.filter((word) => !/[^\x00-\x7f]/u.test(word));

/** White page with the three lines in DejaVu Sans, 44 px, as a scanner at ~300 dpi would show 10 pt text. */
function textPage(width = 1400, height = 520): Sharp {
  const text = LINES.map((line, i) => `<text x="70" y="${120 + i * 110}">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="44" fill="#111">${text}</g></svg>`;
  return sharp(Buffer.from(svg));
}

const png = (image: Sharp) => image.png().toBuffer();

/** Everyday invoice words with the letters each language adds to English. */
export const DIACRITICS: Readonly<Record<string, string>> = {
  et: 'Põhjala Müük OÜ tšekk 12,50 €',
  de: 'Straße Größe Rechnungsempfänger 12,50 €',
  fi: 'Päivämäärä Yhteensä Myyjä 12,50 €',
  lv: 'Rēķins Summa apmaksai Līgums 12,50 €',
  lt: 'Sąskaita Įmonės Mokėti 12,50 €',
  fr: 'Société Prénom Reçu TVA 12,50 €',
  sv: 'Försäljning Kvitto Åtgärd 12,50 €',
  pl: 'Płatność Wartość łączna Zażółć 12,50 €',
  es: 'Descripción Año Señor 12,50 €',
};

/** One line of text in DejaVu Sans, 48 px, on a white strip. */
export async function linePng(line: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="160"><rect width="100%" height="100%" fill="#fff"/><text x="40" y="100" font-family="DejaVu Sans" font-size="48" fill="#111">${line}</text></svg>`;
  return png(sharp(Buffer.from(svg)));
}

/** The words of `line` with letters beyond ASCII came back as printed; one slip in a line is OCR, more means the language's letters are not being read. */
/**
 * A till receipt's scan: a narrow column of short lines on white, softened as a scanner does (crisp
 * rendered capitals measure 4–7 px lines in orientation.ts, and a column is at most 45 of them wide).
 */
export async function receiptPng(lines: readonly string[]): Promise<Buffer> {
  const text = lines.map((line, i) => `<text x="30" y="${60 + i * 64}" font-family="DejaVu Sans Mono" font-size="40" fill="#111">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="${240 + lines.length * 64}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).blur(1.5).png().toBuffer();
}

export function assertKeepsDiacritics(line: string, page: PageWords, context: string): void {
  const read = page.words.map((w) => w.text);
  const wanted = line.split(' ').filter((word) => /[^\x00-\x7f]/u.test(word));
  const kept = wanted.filter((word) => read.includes(word));
  assert.ok(kept.length >= wanted.length - 1, `${context}: wanted ${JSON.stringify(wanted)}, read ${JSON.stringify(read)}`);
}

function found(page: PageWords, expected: readonly string[]): string[] {
  return expected.filter((token) => page.words.some((w) => w.text.toLowerCase() === token.toLowerCase()));
}

/**
 * OCR may slip on a letter or two (õ read as ö, a capital read small: native Tesseract's local
 * thresholding does that to this clean synthetic page on a dark table); the numbers and most words must be exact.
 */
function assertReads(page: PageWords, context: string, expected: readonly string[]): void {
  const hits = found(page, expected);
  assert.ok(hits.length >= expected.length - 2, `${context}: read ${JSON.stringify(page.words.map((w) => w.text))}`);
  for (const must of ['Rechnung', '12345', '05.01.2024', '1.234,56']) assert.ok(hits.includes(must), `${context}: ${must} missing`);
}

const at = (page: PageWords, text: string): Word => {
  const word = page.words.find((w) => w.text === text);
  assert.ok(word, `no word ${text}`);
  return word;
};

/** Upright layout: lines top to bottom, words left to right, boxes where the SVG put the text. */
function assertUprightBoxes(page: PageWords): void {
  for (const w of page.words) {
    const [x0, y0, x1, y1] = w.box;
    assert.ok(0 <= x0 && x0 < x1 && x1 <= 1000 && 0 <= y0 && y0 < y1 && y1 <= 1000, `${w.text} ${w.box}`);
    assert.ok(w.confidence >= 0 && w.confidence <= 1);
  }
  const rechnung = at(page, 'Rechnung');
  const nummer = at(page, '12345');
  const summe = at(page, '1.234,56');
  assert.ok(rechnung.box[2] < nummer.box[0], 'same line, left to right');
  assert.ok(Math.abs(rechnung.box[1] - nummer.box[1]) < 40, 'same line, same top');
  assert.ok(summe.box[1] > rechnung.box[3], 'third line below the first');
  // The SVG draws the first line from x = 70 of 1400 (50 on 0..1000), baseline at 120 of 520.
  assert.ok(Math.abs(rechnung.box[0] - 50) < 25, `Rechnung starts at ${rechnung.box[0]}`);
  assert.ok(rechnung.box[1] < 230 && rechnung.box[3] > 150, `Rechnung spans ${rechnung.box[1]}..${rechnung.box[3]}`);
}

/**
 * `languages`: the models the engine has on this machine. A case that needs one it lacks is skipped
 * with the package to install, never failed; the pages in the default languages are still read, and
 * their words that need no missing model are still checked.
 */
export function defineOcrTests(engine: 'tesseract' | 'tesseract.js', languages: readonly string[]): void {
  test.after(() => closeOcr());
  const lacking = (codes: readonly string[]) => codes.filter((code) => !languages.includes(code));
  const skipUnless = (code: string) =>
    languages.includes(code) ? false : `${engine} has no ${code} model here (${engine === 'tesseract' ? `apt-get install ${debianPackage(code)}` : `npm install @tesseract.js-data/${code}`})`;
  const configured = defaultLanguages();
  const hasConfigured = !lacking(configured).length;
  const expected = hasConfigured && configured.includes('est') ? WORDS : ASCII_WORDS;
  const assertPage = (page: PageWords, context: string) => assertReads(page, context, expected);

  // One line per language the engine promises, read with that language as the client's hint: the
  // letters that English-only OCR loses must come back as printed.
  for (const [language, line] of Object.entries(DIACRITICS)) {
    test(`${engine}: ${language} text keeps its diacritics and the euro sign`, { skip: skipUnless(toTesseractCode(language)!) }, async () => {
      const { pages } = await readImageWords(await linePng(line), 'image/png', [language]);
      assertKeepsDiacritics(line, pages[0]!, language);
    });
  }

  test(`${engine}: status names the engine, its languages, and the configured ones it lacks`, async () => {
    const status = await ocrEngineStatus();
    assert.equal(status.engine, engine);
    assert.match(status.version, /^\d+\.\d+/);
    assert.deepEqual(status.languages, [...languages]);
    assert.deepEqual(status.language_gaps.map((gap) => gap.language), lacking(status.configured_languages));
    assert.equal(status.warnings.length > 0, lacking(status.configured_languages).length > 0, JSON.stringify(status.warnings));
  });

  test(`${engine}: a PNG of text comes back word by word with boxes in place`, async () => {
    const { pages, warnings } = await readImageWords(await png(textPage()), 'image/png');
    assert.equal(pages.length, 1);
    const page = pages[0]!;
    assert.deepEqual([page.page, page.width, page.height, page.source], [1, 1400, 520, 'ocr']);
    assertPage(page, 'upright');
    assertUprightBoxes(page);
    assert.deepEqual(warnings.filter((w) => /^page_rotated|^page_deskewed/.test(w)), []);
  });

  test(`${engine}: a page turned 90° is turned back, and its boxes are those of the upright page`, async () => {
    const { pages, warnings } = await readImageWords(await png(textPage().rotate(90)), 'image/png');
    const page = pages[0]!;
    assert.ok(warnings.some((w) => /^page_rotated: page 1 was turned 270°/.test(w)), JSON.stringify(warnings));
    assert.deepEqual([page.width, page.height], [1400, 520]);
    assertPage(page, 'turned 90°');
    assertUprightBoxes(page);
  });

  test(`${engine}: an upside-down page is turned back`, async () => {
    const { pages, warnings } = await readImageWords(await png(textPage().rotate(180)), 'image/png');
    assert.ok(warnings.some((w) => /^page_rotated: page 1 was turned 180°/.test(w)), JSON.stringify(warnings));
    assertPage(pages[0]!, 'upside down');
    assertUprightBoxes(pages[0]!);
  });

  test(`${engine}: an aborted read stops with the abort reason`, async () => {
    const controller = new AbortController();
    controller.abort(new Error('document timed out'));
    await assert.rejects(readImageWords(await png(textPage()), 'image/png', undefined, { signal: controller.signal }), /document timed out|aborted/i);
  });

  test(`${engine}: a page tilted by 6° is levelled`, async () => {
    const tilted = await png(textPage().rotate(6, { background: '#ffffff' }));
    const { pages, warnings } = await readImageWords(tilted, 'image/png');
    assert.ok(warnings.some((w) => /^page_deskewed: page 1 was levelled by -6/.test(w)), JSON.stringify(warnings));
    assertPage(pages[0]!, 'tilted 6°');
  });

  test(`${engine}: the EXIF orientation is honoured (pixels stored on their side, tagged to show upright)`, async () => {
    // Orientation 6 means "turn 90° clockwise to display": store the upright page turned counter-clockwise.
    const stored = await sharp(await png(textPage().rotate(270))).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
    const { pages, warnings } = await readImageWords(stored, 'image/jpeg');
    const page = pages[0]!;
    assert.deepEqual([page.width, page.height], [1400, 520]);
    assert.deepEqual(warnings.filter((w) => w.startsWith('page_rotated')), [], 'upright once EXIF is applied');
    assertPage(page, 'EXIF');
    assertUprightBoxes(page);
  });

  test(`${engine}: a page photographed on a dark, speckled table is cut to the paper and read`, async () => {
    // A granite-like table: dark grey with light specks, which OCR reads as stray letters when left in.
    const [width, height] = [2000, 1100];
    const table = Buffer.alloc(width * height);
    let seed = 11;
    for (let i = 0; i < table.length; i++) table[i] = (seed = (seed * 48271) % 2147483647) % 9 === 0 ? 150 : 40;
    const photo = await sharp(table, { raw: { width, height, channels: 1 } })
      .composite([{ input: await png(textPage()), left: 300, top: 290 }])
      .png()
      .toBuffer();
    const { pages, warnings } = await readImageWords(photo, 'image/png');
    assert.ok(warnings.some((w) => /^page_cropped: page 1 was cut to the paper/.test(w)), JSON.stringify(warnings));
    assertPage(pages[0]!, 'photo on a table');
    assertUprightBoxes(pages[0]!);
  });

  test(`${engine}: a small-print page speckled with salt-and-pepper noise is cleaned before it is read`, async () => {
    // 20 px print (a page scanned at ~130 dpi), 2 % of its pixels set black or white: unfiltered,
    // OCR breaks "05.01.2024" and "1.234,56" at the specks and reads stray marks between the words.
    const { data, info } = await textPage().resize(630).greyscale().raw().toBuffer({ resolveWithObject: true });
    const rng = new Rng(7);
    for (let k = Math.round(data.length * 0.02); k > 0; k--) data[rng.int(0, data.length - 1)] = rng.chance(0.5) ? 30 : 255;
    const noisy = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
    const { pages } = await readImageWords(noisy, 'image/png');
    assertPage(pages[0]!, 'speckled page');
    assert.ok(pages[0]!.words.length <= WORDS.length + 2, `stray words: ${JSON.stringify(pages[0]!.words.map((w) => w.text))}`);
  });

  test(`${engine}: a Russian page is recognised from its Latin reading and read with the Russian model`, { skip: skipUnless('rus') }, async () => {
    const lines = ['Счёт-фактура № 4330 от 10.04.2023', 'Поставщик: Северный ООО, Рига', 'Итого без НДС 5840,77', 'Всего к оплате 6578,22 EUR'];
    const text = lines.map((line, i) => `<text x="70" y="${120 + i * 110}">${line}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="560"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="44" fill="#111">${text}</g></svg>`;
    const { pages, warnings } = await readImageWords(await png(sharp(Buffer.from(svg))), 'image/png');
    assert.ok(warnings.includes('ocr_language_added: page 1 holds Cyrillic print and was read with rus too'), JSON.stringify(warnings));
    const read = pages[0]!.words.map((w) => w.text);
    for (const word of ['Поставщик:', 'Северный', 'НДС', '5840,77', '6578,22', 'EUR']) assert.ok(read.includes(word), `${word} missing from ${JSON.stringify(read)}`);
  });

  test(`${engine}: a Latin-script page is not read with other scripts' models`, async () => {
    const { warnings } = await readImageWords(await png(textPage()), 'image/png');
    assert.ok(!warnings.some((w) => w.startsWith('ocr_language_added')), JSON.stringify(warnings));
  });

  test(`${engine}: every page of a multi-page TIFF is read`, async () => {
    const { pages } = await readImageWords(await multiPageTiff(2), 'image/tiff');
    assert.deepEqual(pages.map((p) => p.page), [1, 2]);
    pages.forEach((p, i) => {
      const read = p.words.map((w) => w.text);
      assert.ok(read.includes('Page'), `page ${i + 1}: ${read}`);
      // Native Tesseract 5.3 with English alone reads this tiny page's lone "1" as "lL"; with the
      // configured set it reads it right.
      if (hasConfigured) assert.ok(read.includes(String(i + 1)), `page ${i + 1}: ${read}`);
    });
  });

  test(`${engine}: a small HEIC photo is decoded and its small text scaled up`, async () => {
    const { pages } = await readImageWords(await heicImage(), 'image/heic');
    assert.deepEqual([pages[0]!.width, pages[0]!.height], [200, 100]);
    const text = pages[0]!.words.map((w) => w.text).join(' ');
    assert.match(text, /HEIC/);
    assert.match(text, /12\.50/);
  });

  test(`${engine}: a scanned PDF page is rendered and read, sized in points`, async () => {
    const doc = await PDFDocument.create();
    const scan = await doc.embedJpg(await textPage(2480, 921).jpeg({ quality: 85 }).toBuffer());
    const pdfPage = doc.addPage([595.28, 841.89]);
    // The scan covers the top of an A4 page: 2480 px over 595 pt is 300 dpi.
    pdfPage.drawImage(scan, { x: 0, y: 841.89 - 221, width: 595.28, height: 221 });
    const pdf = await openPdf(await doc.save(), { maxPages: 5, maxPixels: 1e8 });
    try {
      const { words, warnings } = await ocrPdfPage(await pdf.getPage(1));
      assert.equal(words.source, 'ocr');
      assert.ok(Math.abs(words.width - 595.3) < 1 && Math.abs(words.height - 841.9) < 1, `${words.width}×${words.height}`);
      assertPage(words, 'PDF');
      const rechnung = at(words, 'Rechnung');
      // x = 70 of 2480 px → 28 of 1000; the first line sits in the top quarter of the page.
      assert.ok(Math.abs(rechnung.box[0] - 28) < 15 && rechnung.box[3] < 120, `${rechnung.box}`);
      assert.deepEqual(warnings.filter((w) => w.startsWith('page_')), []);
    } finally {
      await pdf.destroy();
    }
  });
}
