// OCR behaviour with native Tesseract (skipped where no tesseract binary is installed).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { nativeTesseract, probeNativeTesseract } from './native-tesseract.js';
import { defineOcrTests } from './ocr.cases.js';

process.env.LEDGERLENS_OCR_ENGINE = 'tesseract';
const native = await probeNativeTesseract();
if (native) {
  defineOcrTests('tesseract');

  test('a Tesseract child ends itself when its page uses up its CPU seconds', async () => {
    // An A4 page of noise at 300 dpi keeps Tesseract busy for a few seconds. The limit is the
    // child's own (RLIMIT_CPU), so it holds even when the thread that started it is gone.
    const width = 2480;
    const height = 3508;
    const noise = { data: new Uint8Array(randomBytes(width * height)), width, height };
    const engine = nativeTesseract(native, { cpuSeconds: 1 });
    await assert.rejects(engine.recognize(noise, { languages: ['eng'] }), /tesseract was killed/);
  });
} else {
  test('native Tesseract', { skip: 'no tesseract binary on the PATH (apt-get install tesseract-ocr tesseract-ocr-est tesseract-ocr-deu)' }, () => {});
}
