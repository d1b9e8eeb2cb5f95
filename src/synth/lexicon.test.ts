// Lexicons are complete (every key English has, twelve months, a title per kind, known countries)
// and every character they or the country facts hold has a glyph in every font the generator uses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fontkit from '@pdf-lib/fontkit';
import { fontFamilies } from './fonts.js';
import { COUNTRIES, LEXICONS, lexiconOf } from './lexicon.js';

const en = lexiconOf('en');

test('every lexicon has every label, twelve months, a title per kind and known countries', () => {
  assert.equal(LEXICONS.length, 12);
  for (const lexicon of LEXICONS) {
    const where = lexicon.language;
    assert.deepEqual(Object.keys(lexicon.labels).sort(), Object.keys(en.labels).sort(), where);
    for (const [key, options] of Object.entries(lexicon.labels)) assert.ok(options.length > 0 && options.every((o) => o.trim()), `${where} ${key}`);
    assert.equal(lexicon.months.length, 12, where);
    assert.deepEqual(Object.keys(lexicon.titles).sort(), ['credit_note', 'invoice', 'receipt', 'utility_bill'], where);
    assert.deepEqual(Object.keys(lexicon.units).sort(), Object.keys(en.units).sort(), where);
    assert.ok(lexicon.dates.every((d) => /YY/.test(d) && /M/.test(d) && /D/.test(d)), where);
    assert.ok(lexicon.labels.page.every((p) => p.includes('{n}') && p.includes('{m}')), where);
    for (const country of lexicon.countries) {
      assert.ok(COUNTRIES[country], `${where}: ${country}`);
      assert.ok(lexicon.country_names[country], `${where}: name of ${country}`);
    }
    for (const list of [lexicon.products, lexicon.services, lexicon.receipt_items, lexicon.utility_items, lexicon.name_stems, lexicon.legal_forms.forms]) assert.ok(list.length > 0, where);
  }
});

test('every character of the lexicons and country facts has a glyph in every font', () => {
  const text = JSON.stringify([LEXICONS, COUNTRIES]) + '0123456789,.-–·×%€£';
  const chars = [...new Set(text)].filter((c) => c.trim() && c !== '"' && c !== '\\');
  const families = fontFamilies();
  assert.ok(families.some((f) => f.name === 'LiberationSans'));
  for (const family of families) {
    for (const bytes of [family.regular, family.bold]) {
      const font = fontkit.create(Buffer.from(bytes));
      const missing = chars.filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0)!));
      assert.deepEqual(missing, [], `${family.name} lacks ${missing.join(' ')}`);
    }
  }
});
