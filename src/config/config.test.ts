import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ConfigError, loadConfig } from './config.js';
import { ENGINE_NAMES } from '../pipeline/ocr/engine.js';
import { TESSERACT_LANGUAGES } from './tesseract-languages.js';

const stopsNaming = (name: string, env: Record<string, string>) =>
  assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && error.message.includes(name));

test('LEDGERLENS_OCR_ENGINE: one of ENGINE_NAMES or unset; anything else stops start-up naming the variable', () => {
  for (const engine of ['', ...ENGINE_NAMES]) loadConfig({ LEDGERLENS_OCR_ENGINE: engine });
  stopsNaming('LEDGERLENS_OCR_ENGINE', { LEDGERLENS_OCR_ENGINE: 'tess' });
  fc.assert(
    fc.property(
      fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !(ENGINE_NAMES as readonly string[]).includes(s.trim()) && s.trim() !== ''),
      (engine) => stopsNaming('LEDGERLENS_OCR_ENGINE', { LEDGERLENS_OCR_ENGINE: engine }),
    ),
  );
});

test('LEDGERLENS_OCR_LANGUAGES: Tesseract or ISO 639-1 codes pass; an unknown language stops start-up naming the variable', () => {
  loadConfig({ LEDGERLENS_OCR_LANGUAGES: 'eng+fin, sv+chi_sim' });
  stopsNaming('LEDGERLENS_OCR_LANGUAGES', { LEDGERLENS_OCR_LANGUAGES: 'english' });
  // Well-formed three-letter codes that name no language: the case the syntax check alone let through.
  const unknownCode = fc.stringMatching(/^[a-z]{3}$/).filter((code) => !TESSERACT_LANGUAGES.has(code));
  fc.assert(
    fc.property(unknownCode, fc.subarray([...TESSERACT_LANGUAGES]), (code, known) => {
      const env = { LEDGERLENS_OCR_LANGUAGES: [...known, code].join('+') };
      assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && error.message.includes('LEDGERLENS_OCR_LANGUAGES') && error.message.includes(code));
    }),
  );
});

test('LEDGERLENS_SHUTDOWN_GRACE_MS and LEDGERLENS_MAX_DECODED_STREAM_BYTES: defaults 30 s and 32 MiB, whole numbers, else start-up stops naming them', () => {
  const defaults = loadConfig({});
  assert.deepEqual([defaults.shutdownGraceMs, defaults.maxDecodedStreamBytes], [30_000, 32 * 1024 * 1024]);
  const set = loadConfig({ LEDGERLENS_SHUTDOWN_GRACE_MS: '0', LEDGERLENS_MAX_DECODED_STREAM_BYTES: '67108864' });
  assert.deepEqual([set.shutdownGraceMs, set.maxDecodedStreamBytes], [0, 64 * 1024 * 1024]);
  stopsNaming('LEDGERLENS_SHUTDOWN_GRACE_MS', { LEDGERLENS_SHUTDOWN_GRACE_MS: 'soon' });
  stopsNaming('LEDGERLENS_MAX_DECODED_STREAM_BYTES', { LEDGERLENS_MAX_DECODED_STREAM_BYTES: '1000' });
});
