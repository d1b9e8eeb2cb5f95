import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageWithUnwrittenLetters } from './unwritten-letters.js';

const words = (line: string) => line.split(' ').map((text) => ({ text }));
// PP-OCR's ch dictionary, as far as these languages go: ä ü é, but no ö õ š ž ß.
const paddle = (letter: string) => !/[öõšžßåł]/u.test(letter);

test('a German receipt read by an engine without ö and ß is named German', () => {
  assert.equal(languageWithUnwrittenLetters(words('BACKSTUBE MULLER Summe EUR 12,40 Gegeben BAR 20,00 MwSt 7%'), paddle)?.language, 'de');
});

test('an Estonian receipt is named Estonian, though the engine writes its ä and ü', () => {
  assert.equal(languageWithUnwrittenLetters(words('KOKKU 12,40 Kaibemaks 20% 2,07 Kuupaev 01.02.2024'), paddle)?.language, 'et');
});

test('an English or Malay receipt, and one word of another language, name none', () => {
  assert.equal(languageWithUnwrittenLetters(words('GARDENIA BAKERIES SDN BHD TOTAL 12.40 CASH 20.00 CHANGE 7.60 GST 6%'), paddle), undefined);
  assert.equal(languageWithUnwrittenLetters(words('RESTORAN SUMME TOTAL 12.40 JUMLAH'), paddle), undefined);
});

test('an engine that writes every letter is never sent back', () => {
  assert.equal(languageWithUnwrittenLetters(words('Summe EUR 12,40 Gegeben BAR MwSt'), () => true), undefined);
});
