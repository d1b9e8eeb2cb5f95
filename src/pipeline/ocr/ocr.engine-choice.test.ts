// Which engine reads a page, on real engines, with native Tesseract absent, partial (English alone,
// as Debian installs it) and full. The machine's own install is narrowed with
// LEDGERLENS_TEST_NATIVE_TESSERACT, so one with every pack plays all three; a case that needs
// more than the machine has is skipped with the reason.
import assert from 'node:assert/strict';
import { after, beforeEach, test } from 'node:test';
import { closeOcr, ocrEngineStatus, readImageWords } from './index.js';
import { probeNativeTesseract } from './native-tesseract.js';
import { DIACRITICS, assertKeepsDiacritics, linePng } from './ocr.cases.js';
import { ENV_TEST_NATIVE } from './select-engine.js';

const SETTINGS = ['LEDGERLENS_OCR_ENGINE', 'LEDGERLENS_OCR_LANGUAGES', ENV_TEST_NATIVE] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

function settings(values: Partial<Record<(typeof SETTINGS)[number], string>>): void {
  for (const name of SETTINGS) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
}

beforeEach(() => settings({}));
after(async () => {
  for (const name of SETTINGS) if (saved[name] === undefined) delete process.env[name]; else process.env[name] = saved[name];
  await closeOcr();
});

const native = await probeNativeTesseract();
const nativeHas = (codes: string[]) => {
  const missing = codes.filter((code) => !native?.languages.includes(code));
  if (!native) return 'no tesseract binary on the PATH (npm run setup:ocr)';
  return missing.length ? `native Tesseract has no ${missing.join(', ')} here (npm run setup:ocr)` : false;
};
const POLISH = DIACRITICS.pl!;

test('without native Tesseract every page goes to tesseract.js, no gap is reported, and start-up says it runs the weaker engine', async () => {
  settings({ [ENV_TEST_NATIVE]: 'none' });
  const status = await ocrEngineStatus();
  assert.equal(status.engine, 'tesseract.js');
  assert.deepEqual(status.engines.map((e) => e.engine), ['tesseract.js']);
  assert.deepEqual(status.language_gaps, []);
  assert.equal(status.warnings.length, 1);
  assert.match(status.warnings[0]!, /^native Tesseract is not installed, so .* tesseract\.js, the weaker engine .*npm run setup:ocr/);
  const read = await readImageWords(await linePng(POLISH), 'image/png', ['pl']);
  assert.equal(read.engine, 'tesseract.js');
  assertKeepsDiacritics(POLISH, read.pages[0]!, 'pl');
});

test('native Tesseract with English alone: start-up names the gap, and a Polish page is read by tesseract.js with its letters', { skip: nativeHas(['eng']) }, async () => {
  settings({ [ENV_TEST_NATIVE]: 'eng' });
  const status = await ocrEngineStatus();
  assert.deepEqual(status.engines.map((e) => [e.engine, e.languages.includes('pol')]), [['tesseract', false], ['tesseract.js', true]]);
  // The default set eng+deu+est is not all native's, so pages go to the engine that has it.
  assert.equal(status.engine, 'tesseract.js');
  assert.deepEqual(status.language_gaps, [
    { language: 'deu', missing_from: 'tesseract', read_by: 'tesseract.js' },
    { language: 'est', missing_from: 'tesseract', read_by: 'tesseract.js' },
  ]);
  assert.match(status.warnings.join('\n'), /^native Tesseract lacks deu, est of the configured OCR languages, so pages are read by tesseract\.js instead; .*tesseract-ocr-deu tesseract-ocr-est/);

  const read = await readImageWords(await linePng(POLISH), 'image/png', ['pl']);
  assert.equal(read.engine, 'tesseract.js');
  assertKeepsDiacritics(POLISH, read.pages[0]!, 'pl');
  assert.deepEqual(read.warnings.filter((w) => w.startsWith('ocr_language')), []);
});

test('native Tesseract with English alone and English configured: native reads plain pages, a Polish hint goes to tesseract.js', { skip: nativeHas(['eng']) }, async () => {
  settings({ [ENV_TEST_NATIVE]: 'eng', LEDGERLENS_OCR_LANGUAGES: 'eng' });
  const status = await ocrEngineStatus();
  assert.deepEqual([status.engine, status.language_gaps, status.warnings], ['tesseract', [], []]);
  const png = await linePng(POLISH);
  assert.equal((await readImageWords(png, 'image/png')).engine, 'tesseract');
  const hinted = await readImageWords(png, 'image/png', ['pl']);
  assert.equal(hinted.engine, 'tesseract.js');
  assertKeepsDiacritics(POLISH, hinted.pages[0]!, 'pl');
});

test('native Tesseract with English alone, forced: the gap is warned of at start-up and on the page', { skip: nativeHas(['eng']) }, async () => {
  settings({ [ENV_TEST_NATIVE]: 'eng', LEDGERLENS_OCR_ENGINE: 'tesseract' });
  const status = await ocrEngineStatus();
  assert.deepEqual(status.engines.map((e) => e.engine), ['tesseract']);
  assert.deepEqual(status.language_gaps.map((gap) => [gap.language, gap.read_by]), [['deu', null], ['est', null]]);
  assert.match(status.warnings.join('\n'), /^native Tesseract \(forced by LEDGERLENS_OCR_ENGINE\) reads pages without deu, est/);
  const read = await readImageWords(await linePng(POLISH), 'image/png', ['pl']);
  assert.equal(read.engine, 'tesseract');
  assert.ok(read.warnings.includes('ocr_language_unavailable: pol, deu, est are not installed for tesseract; the page was read without them'), JSON.stringify(read.warnings));
});

test('native Tesseract with every configured language and Polish reads the Polish page itself', { skip: nativeHas(['eng', 'deu', 'est', 'pol']) }, async () => {
  const status = await ocrEngineStatus();
  assert.deepEqual([status.engine, status.language_gaps, status.warnings], ['tesseract', [], []]);
  const read = await readImageWords(await linePng(POLISH), 'image/png', ['pl']);
  assert.equal(read.engine, 'tesseract');
  assertKeepsDiacritics(POLISH, read.pages[0]!, 'pl');
});
