// OCR behaviour with native Tesseract (skipped where no tesseract binary is installed).
import { test } from 'node:test';
import { probeNativeTesseract } from './native-tesseract.js';
import { defineOcrTests } from './ocr.cases.js';

process.env.LEDGERLENS_OCR_ENGINE = 'tesseract';
if (await probeNativeTesseract()) defineOcrTests('tesseract');
else test('native Tesseract', { skip: 'no tesseract binary on the PATH (apt-get install tesseract-ocr tesseract-ocr-est tesseract-ocr-deu)' }, () => {});
