import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LANGUAGES, MAX_LANGUAGES, defaultLanguages, otherScriptModels, planLanguages, toTesseractCode } from './languages.js';

const ALL = ['deu', 'eng', 'est', 'fin', 'fra', 'lav', 'lit', 'pol', 'rus', 'spa', 'swe'];

test('client hints in ISO 639-1 and Tesseract codes both map to Tesseract codes; nothing else passes', () => {
  assert.equal(toTesseractCode('et'), 'est');
  assert.equal(toTesseractCode('LV'), 'lav');
  assert.equal(toTesseractCode('rus'), 'rus');
  assert.equal(toTesseractCode('chi_sim'), 'chi_sim');
  for (const bad of ['', 'xx', 'e', '../eng', 'eng;rm', 'eng+deu']) assert.equal(toTesseractCode(bad), undefined, bad);
});

test('the default set comes from LEDGERLENS_OCR_LANGUAGES when set, and a malformed value names the variable', () => {
  assert.deepEqual(defaultLanguages({}), [...DEFAULT_LANGUAGES]);
  assert.deepEqual(defaultLanguages({ LEDGERLENS_OCR_LANGUAGES: 'eng+fin, sv' }), ['eng', 'fin', 'swe']);
  assert.throws(() => defaultLanguages({ LEDGERLENS_OCR_LANGUAGES: 'eng+klingon' }), /LEDGERLENS_OCR_LANGUAGES.*klingon/);
});

test('the caller\'s languages come first, then the defaults, without repeats', () => {
  const plan = planLanguages(['lv', 'eng'], ALL, 'tesseract', {});
  assert.deepEqual(plan.languages, ['lav', 'eng', ...DEFAULT_LANGUAGES.filter((l) => l !== 'eng')]);
  assert.deepEqual(plan.warnings, []);
});

test('a language the engine lacks is skipped with a warning; an unknown code too', () => {
  const plan = planLanguages(['ru', 'zz'], ['eng', 'deu', 'est'], 'tesseract.js', { LEDGERLENS_OCR_LANGUAGES: 'eng+deu+est' });
  assert.deepEqual(plan.languages, ['eng', 'deu', 'est']);
  assert.equal(plan.warnings.length, 2);
  assert.match(plan.warnings[0]!, /^ocr_language_unknown: "zz"/);
  assert.match(plan.warnings[1]!, /^ocr_language_unavailable: rus is not installed for tesseract\.js/);
});

test('too many languages are capped, and with none available English or anything installed is used', () => {
  const many = planLanguages(['fi', 'fr', 'sv', 'pl', 'es', 'lt'], ALL, 'tesseract', {});
  assert.equal(many.languages.length, MAX_LANGUAGES);
  assert.match(many.warnings.join(), /^ocr_languages_capped/);
  assert.deepEqual(planLanguages(undefined, ['fra'], 'tesseract', { LEDGERLENS_OCR_LANGUAGES: 'est' }).languages, ['fra']);
  assert.throws(() => planLanguages(undefined, [], 'tesseract', {}), /no language data/);
});

test('other scripts are offered with one installed model each, unless the page\'s languages already read them', () => {
  assert.deepEqual(otherScriptModels(['eng', 'deu'], ['eng', 'deu', 'ukr', 'rus', 'ell']), [{ script: 'Cyrillic', model: 'rus' }, { script: 'Greek', model: 'ell' }]);
  assert.deepEqual(otherScriptModels(['ukr', 'eng'], ['eng', 'ukr', 'rus']), []);
  assert.deepEqual(otherScriptModels(['eng'], ['eng', 'deu']), []);
});
