// Engine choice and the start-up report over any language sets, with stand-in engines (no OCR runs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { EngineName, OcrEngine } from './engine.js';
import { describeEngines } from './engine-status.js';
import { engineFor, ocrEngines } from './select-engine.js';

const CODES = ['eng', 'deu', 'est', 'fin', 'lav', 'lit', 'pol', 'rus', 'spa'];

const engine = (name: EngineName, languages: string[]): OcrEngine => ({
  name,
  version: '1.0',
  languages,
  recognize: () => Promise.reject(new Error('not for reading')),
});

const languageSet = fc.subarray(CODES);
const missingFrom = (e: OcrEngine, wanted: readonly string[]) => wanted.filter((code) => !e.languages.includes(code)).length;

test('a page goes to the first engine that has all its languages, else to the one that lacks fewest (the preferred on a tie)', () => {
  fc.assert(
    fc.property(languageSet, languageSet, languageSet, (nativeLanguages, jsLanguages, wanted) => {
      const engines = [engine('tesseract', nativeLanguages), engine('tesseract.js', jsLanguages)];
      const chosen = engineFor(engines, wanted);
      const complete = engines.find((e) => missingFrom(e, wanted) === 0);
      if (complete) return assert.equal(chosen, complete);
      const fewest = Math.min(...engines.map((e) => missingFrom(e, wanted)));
      assert.equal(chosen, engines.find((e) => missingFrom(e, wanted) === fewest));
    }),
  );
});

test('the report names every configured language the preferred engine lacks, and who reads it instead', () => {
  fc.assert(
    fc.property(languageSet, languageSet, fc.subarray(CODES, { minLength: 1 }), fc.boolean(), (nativeLanguages, jsLanguages, configured, forced) => {
      const engines = forced ? [engine('tesseract', nativeLanguages)] : [engine('tesseract', nativeLanguages), engine('tesseract.js', jsLanguages)];
      const status = describeEngines({ engines, forced: forced ? 'tesseract' : undefined }, configured);
      const reader = engineFor(engines, configured);
      assert.equal(status.engine, reader.name);
      assert.deepEqual(status.languages, reader.languages);
      assert.deepEqual(status.engines.map((e) => e.engine), engines.map((e) => e.name));
      const lacking = configured.filter((code) => !nativeLanguages.includes(code));
      assert.deepEqual(status.language_gaps, lacking.map((language) => ({
        language,
        missing_from: 'tesseract',
        read_by: reader.languages.includes(language) ? reader.name : null,
      })));
      // Each gap is in a warning, with the Debian package that fills it.
      for (const language of lacking) assert.ok(status.warnings.some((w) => w.includes(language) && w.includes(`tesseract-ocr-${language}`)), `${language}: ${status.warnings}`);
      assert.equal(status.warnings.length === 0, lacking.length === 0);
    }),
  );
});

test('a forced engine that is not there, or an unknown one, is an error naming the setting', async () => {
  await assert.rejects(ocrEngines({ LEDGERLENS_OCR_ENGINE: 'tesseract', LEDGERLENS_TEST_NATIVE_TESSERACT: 'none' }), /LEDGERLENS_OCR_ENGINE=tesseract, but no tesseract binary/);
  await assert.rejects(ocrEngines({ LEDGERLENS_OCR_ENGINE: 'ocrad' }), /LEDGERLENS_OCR_ENGINE="ocrad"/);
  await assert.rejects(ocrEngines({ LEDGERLENS_TEST_NATIVE_TESSERACT: 'eng+klingon' }), /LEDGERLENS_TEST_NATIVE_TESSERACT.*klingon/);
});
