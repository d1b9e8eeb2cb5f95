// OCR behaviour with native Tesseract as installed here: skipped where there is no tesseract
// binary, and per language where its pack is missing (Debian's tesseract-ocr brings English alone).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { nativeTesseract, probeNativeTesseract } from './native-tesseract.js';
import { defineOcrTests } from './ocr.cases.js';
import { ENV_TEST_NATIVE } from './select-engine.js';

process.env.LEDGERLENS_OCR_ENGINE = 'tesseract';
delete process.env[ENV_TEST_NATIVE];
const native = await probeNativeTesseract();
if (native?.languages.length) {
  defineOcrTests('tesseract', native.languages);

  test('a Tesseract child ends itself when its page uses up its CPU seconds', async () => {
    // An A4 page of noise at 300 dpi keeps Tesseract busy for a few seconds. The limit is the
    // child's own (RLIMIT_CPU), so it holds even when the thread that started it is gone.
    const width = 2480;
    const height = 3508;
    const noise = { data: new Uint8Array(randomBytes(width * height)), width, height };
    const engine = nativeTesseract(native, { cpuSeconds: 1 });
    await assert.rejects(engine.recognize(noise, { languages: [native.languages[0]!] }), /tesseract was killed/);
  });
} else {
  test('native Tesseract', { skip: 'no tesseract binary with language data on the PATH (npm run setup:ocr)' }, () => {});
}
