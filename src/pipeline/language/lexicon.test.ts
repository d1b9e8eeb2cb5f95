import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Locale } from 'date-fns';
import { de, enGB, es, et, fi, fr, lt, lv, pl, ru, sv } from 'date-fns/locale';
import { fold } from './fold.js';
import { buildLanguage, LANGUAGE, LEXICONS, phraseSource, validateLexicon, type Lexicon } from './lexicon.js';

// The JSON files in the source tree (tsc copies only the imported ones into dist/, so a file that was
// added but not registered shows only there).
const source = fileURLToPath(new URL('../../../../src/pipeline/language/', import.meta.url));
const folder = existsSync(source) ? source : fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(folder).filter((f) => /^[a-z]{2}\.json$/u.test(f));

describe('lexicon files', () => {
  test('every file validates and is registered', () => {
    assert.ok(files.length >= 12);
    for (const file of files) {
      const lexicon = validateLexicon(JSON.parse(readFileSync(`${folder}/${file}`, 'utf8')));
      assert.equal(`${lexicon.language}.json`, file);
      assert.ok(LEXICONS.some((l) => l.language === lexicon.language), `${file} is not in LEXICONS`);
    }
  });

  test('a malformed lexicon is refused with the member named', () => {
    const good = LEXICONS.find((l) => l.language === 'en')!;
    assert.throws(() => validateLexicon({ ...good, months: good.months.slice(0, 11) }), /months must hold twelve lists/u);
    assert.throws(() => validateLexicon({ ...good, labels: { totl: { 0: ['total'] } } }), /labels\.totl is not one of/u);
    assert.throws(() => validateLexicon({ ...good, tax: { vat: ['MwSt'], other: [] } }), /tax\.vat: "MwSt" must be folded/u);
    assert.throws(() => validateLexicon({ ...good, labels: { total: { 0: ['total(?:'] } } }), /Invalid regular expression/u);
  });
});

describe('a language is a file', () => {
  // A made-up language, given only as data: its label, VAT word and month work once it is built.
  const klingon: Lexicon = {
    language: 'xk',
    name: 'Test',
    letters: 'ŋ',
    labels: { total: { 0: ['grozzum'] }, documentNumber: { 0: ['blorp{no}~'] } },
    not: { total: ['unter'] },
    columns: { quantity: ['stueckzahl'] },
    table: {},
    months: [['qa'], ['zwo'], ['dra'], ['fiv'], ['fyf'], ['sixo'], ['sevo'], ['octa'], ['nono'], ['deco'], ['elvo'], ['dodo']],
    tax: { vat: ['zakat'], other: [] },
    payment: { change: ['rueck'] },
    kinds: { invoice: ['blorpa'] },
    reader: ['tvoj'],
    legalForms: { anyCase: [], capitals: ['XK'] },
    party: { contact: ['fonz'] },
  };
  const language = buildLanguage([validateLexicon(klingon)]);

  test('its labels match their phrases, ranked and word-bounded', () => {
    assert.match(fold('GROZZUM 12,00'), language.labels.total.labels[0]!);
    assert.doesNotMatch('grozzumx 12,00', language.labels.total.labels[0]!);
    assert.equal(language.labels.documentNumber.labels[0]!.exec('blorp nr. 42')?.[0], 'blorp nr. ');
    assert.match('unterwegs', language.labels.total.not!);
  });

  test('its months and words are read', () => {
    assert.equal(language.months.get('dra'), 3);
    assert.match('zakat 5%', new RegExp(language.tax.vat, 'u'));
    assert.match('rueck 1,00', language.payment.change);
    assert.match('stueckzahl', new RegExp(`^${language.columns.quantity}$`, 'u'));
    assert.match('fonz: 555 1234', language.party.contact);
    assert.doesNotMatch('fonzie', language.party.contact);
  });

  test('merged with the registered languages, it adds and takes nothing away', () => {
    const merged = buildLanguage([...LEXICONS, klingon]);
    assert.match('grozzum 5', merged.labels.total.labels[0]!);
    assert.match('grand total 5', merged.labels.total.labels[0]!);
    assert.equal(merged.months.get('maart'), 3);
  });
});

describe('phrase syntax', () => {
  const re = (phrase: string) => new RegExp(phraseSource(phrase), 'u');
  test('a phrase starts and ends a word unless ~ says otherwise', () => {
    assert.doesNotMatch('subtotal', re('total'));
    assert.match('subtotal', re('~total'));
    assert.match('totals', re('total~'));
  });
  test('a final dot or colon is optional and part of the label', () => {
    assert.equal(re('arve nr.').exec('arve nr. 12')?.[0], 'arve nr.');
    assert.equal(re('arve nr.').exec('arve nr 12')?.[0], 'arve nr');
    assert.equal(re('seller:').exec('seller : acme')?.[0], 'seller :');
  });
});

describe('month names', () => {
  test('the lexicons hold every month name date-fns knows, meaning the same month', () => {
    // The table date.ts used to build from date-fns: names of one meaning in the eleven locales.
    const locales: Locale[] = [enGB, et, de, fi, lv, lt, ru, fr, sv, pl, es];
    const seen = new Map<string, Set<number>>();
    for (const locale of locales) {
      for (let month = 0; month < 12; month++) {
        for (const width of ['wide', 'abbreviated'] as const) {
          for (const context of ['formatting', 'standalone'] as const) {
            const name = fold(String(locale.localize.month(month as never, { width, context }))).replace(/\.$/u, '');
            if (name.length >= 3) seen.set(name, (seen.get(name) ?? new Set()).add(month + 1));
          }
        }
      }
    }
    for (const [name, months] of seen) {
      if (months.size === 1) assert.equal(LANGUAGE.months.get(name), [...months][0], name);
      else assert.equal(LANGUAGE.months.get(name), undefined, name);
    }
  });
});
