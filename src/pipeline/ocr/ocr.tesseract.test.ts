// OCR behaviour with native Tesseract as installed here: skipped where there is no tesseract
// binary, and per language where its pack is missing (Debian's tesseract-ocr brings English alone).
// LEDGERLENS_TEST_NATIVE_TESSERACT=eng (or none) plays a partial (or no) install on a full one.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { nativeTesseract } from './native-tesseract.js';
import { defineOcrTests } from './ocr.cases.js';
import { ocrEngines } from './select-engine.js';

process.env.LEDGERLENS_OCR_ENGINE = 'tesseract';
const native = await ocrEngines().then(({ engines }) => engines[0], () => undefined);
if (native) {
  defineOcrTests('tesseract', native.languages);

  test('a Tesseract child ends itself when its page uses up its CPU seconds', async () => {
    // An A4 page of noise at 300 dpi keeps Tesseract busy for a few seconds. The limit is the
    // child's own (RLIMIT_CPU), so it holds even when the thread that started it is gone.
    const width = 2480;
    const height = 3508;
    const noise = { data: new Uint8Array(randomBytes(width * height)), width, height };
    const engine = nativeTesseract({ version: native.version, languages: [...native.languages] }, { cpuSeconds: 1 });
    await assert.rejects(engine.recognize(noise, { languages: [native.languages[0]!] }), /tesseract was killed/);
  });
} else {
  test('native Tesseract', { skip: 'no tesseract binary with language data on the PATH (npm run setup:ocr)' }, () => {});
}
