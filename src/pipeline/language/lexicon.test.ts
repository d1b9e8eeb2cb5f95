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

describe('every lexicon has what the English one has', () => {
  // A key is a member of en.json and, for the members that are objects, each key under it ("labels.total",
  // "party.phone"); label ranks may differ between languages (a rank no file fills matches nothing).
  const keysOf = (lexicon: Lexicon): string[] =>
    Object.entries(lexicon).flatMap(([member, value]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value).map((key) => `${member}.${key}`) : [member],
    );
  const all = ['de', 'fr', 'nl', 'et', 'fi', 'lv', 'lt', 'pl', 'es', 'sv', 'ru', 'da', 'no', 'it', 'pt'];
  const newer = ['da', 'no', 'it', 'pt'];
  // Malay's file holds what Malaysian receipts print in Malay (months, "kembali", legal forms, party
  // words); their labels, tables, tax and payment words are printed in English, which en.json reads.
  const malayHas = [
    ...['language', 'name', 'letters', 'labels', 'not', 'columns', 'table', 'months', 'tax', 'payment', 'kinds', 'reader', 'legalForms', 'party'],
    ...['tax.vat', 'tax.other', 'payment.change', 'legalForms.anyCase', 'legalForms.capitals'],
    ...['party.phone', 'party.contact', 'party.registration', 'party.street', 'party.ownership', 'party.trade', 'party.bank', 'party.courtesy'],
  ];
  const notWords =
    'none of its own: a label of rank 0 is never checked against `not` words, and for weaker ranks the words of every lexicon (merged, en\'s among them) apply';
  const notYet = 'not written yet: pages in this language get the merged words of the other lexicons (en\'s among them); adding them is a rule change to measure with npm run eval';
  /** Key → the languages that may lack it, and why. */
  const mayLack: Record<string, { languages: string[]; reason: string }> = {
    'labels.iban': { languages: all, reason: 'printed as "IBAN" in every language; the lexicons are merged, so en\'s phrase reads it on any page' },
    'labels.bic': { languages: all, reason: 'printed as "BIC" or "SWIFT" in every language (merged, as IBAN)' },
    'columns.ean': { languages: all, reason: 'GTIN, EAN and UPC are the codes\' own names in every language (merged, as IBAN)' },
    'labels.vatAmount': { languages: ['es', 'et', 'fi', 'lt', 'lv', 'ru'], reason: 'en\'s rank-1 phrase "{vat}." labels the VAT amount with every lexicon\'s `tax.vat` word' },
    'labels.vendorName': { languages: all, reason: 'remittance lines ("make checks payable to", "remit to") are written for English only; ' + notYet },
    'kinds.utilityBill': { languages: all.filter((l) => l !== 'pt'), reason: 'a bill is told by en\'s words, its units among them ("kwh", "therms"); de and fr carry `notUtilityBill` instead; ' + notYet },
    'party.trade': { languages: all, reason: notYet },
    'not.paymentsCredits': { languages: all, reason: notWords },
    'not.accountNumber': { languages: all, reason: notWords },
    'not.dueDate': { languages: all, reason: notWords },
    'not.documentNumber': { languages: all.filter((l) => l !== 'de'), reason: notWords },
    'not.vatAmount': { languages: all.filter((l) => !['de', 'fr'].includes(l)), reason: notWords },
    'not.customerBlock': { languages: all.filter((l) => l !== 'de'), reason: notWords },
    'not.issueDate': { languages: ['lt', 'lv', 'ru', 'sv', ...newer], reason: notWords },
    'labels.issueDate': { languages: ['lt'], reason: notYet },
    'labels.bankName': { languages: ['es', 'nl', 'pl', 'ru', 'sv'], reason: 'a bank is named by its own word (`party.bank`) on the IBAN\'s line; a bank-name label is ' + notYet },
    'labels.customerName': { languages: ['lt', 'lv', 'pl', 'ru', 'sv'], reason: 'the customer is read from its block (`customerBlock`); a customer-name label is ' + notYet },
    'labels.vatId': { languages: ['ru', 'sv'], reason: notYet },
    'columns.position': { languages: ['de', 'es', 'lt', 'lv', 'nl', 'ru'], reason: notYet },
    'columns.code': { languages: ['sv'], reason: notYet },
    'table.sums': { languages: ['es'], reason: notYet },
    'table.sumsInCell': { languages: ['es', 'lt', 'lv', 'sv'], reason: notYet },
    'table.sections': { languages: ['es', 'et', 'fi', 'lt', 'lv', 'nl', 'pl', 'ru', 'sv'], reason: notYet },
    'table.page': { languages: ['nl'], reason: notYet },
    'table.summary': { languages: ['nl'], reason: notYet },
    'payment.handedOver': { languages: ['es', 'fi', 'lt', 'lv', 'nl', 'pl', 'ru', 'sv'], reason: notYet },
    'kinds.billedLater': { languages: ['es', 'lt', 'lv', 'nl', 'pl', 'ru', 'sv', ...newer], reason: notYet },
    'kinds.creditNote': { languages: ['ru'], reason: notYet },
    'party.courtesy': { languages: ['es', 'fi', 'lt', 'lv', 'nl', 'pl', 'ru', 'sv'], reason: notYet },
  };
  const english = keysOf(LEXICONS.find((l) => l.language === 'en')!);
  const allowed = (language: string, key: string): boolean =>
    (language === 'ms' && !malayHas.includes(key)) || (mayLack[key]?.languages.includes(language) ?? false);

  for (const file of files.filter((f) => f !== 'en.json')) {
    test(`${file} has every key of en.json, or the list above says why not`, () => {
      const lexicon = validateLexicon(JSON.parse(readFileSync(`${folder}/${file}`, 'utf8')));
      const has = new Set(keysOf(lexicon));
      const missing = english.filter((key) => !has.has(key) && !allowed(lexicon.language, key));
      assert.deepEqual(missing, [], `${file} lacks ${missing.join(', ')}: add the words, or list the key with the reason in this test`);
      // A listed gap that has been filled is taken off the list, so the list stays the true one.
      const filled = Object.entries(mayLack)
        .filter(([key, gap]) => gap.languages.includes(lexicon.language) && has.has(key))
        .map(([key]) => key);
      assert.deepEqual(filled, [], `${file} now has ${filled.join(', ')}: take ${lexicon.language} off that key's list in this test`);
    });
  }
});
