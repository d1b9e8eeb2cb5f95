import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { cleanFilename, defaultFilename } from './filename.js';

const codePoints = (s: string) => [...s].length;
// C0 controls, DEL and C1 controls: the characters the module promises to drop.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

describe('cleanFilename', () => {
  test('only the last path component survives, for both slash styles', () => {
    assert.equal(cleanFilename('../../etc/passwd'), 'passwd');
    assert.equal(cleanFilename('C:\\Users\\x\\inv.pdf'), 'inv.pdf');
    assert.equal(cleanFilename('/abs/dir\\mixed/inv.pdf'), 'inv.pdf');
    assert.equal(cleanFilename('..\\..\\boot.ini'), 'boot.ini');
  });

  test('a path ending in a separator leaves no name', () => {
    assert.equal(cleanFilename('dir/'), null);
    assert.equal(cleanFilename('C:\\'), null);
  });

  test('control characters and U+FFFD replacement marks are removed', () => {
    assert.equal(cleanFilename('a\u0000b\u001fc\u007fd\u009f.pdf'), 'abcd.pdf');
    assert.equal(cleanFilename('inv\r\noice.pdf'), 'invoice.pdf');
    assert.equal(cleanFilename('x\ufffd.pdf'), 'x.pdf');
  });

  test('names that are empty or only dots are no name at all', () => {
    for (const raw of [undefined, '', '.', '..', '...', ' .. ', '\u0000', '\ufffd', '  ', '.\u0000.', 'dir/..']) {
      assert.equal(cleanFilename(raw), null, JSON.stringify(raw));
    }
  });

  test('dots inside a name are kept', () => {
    assert.equal(cleanFilename('.hidden'), '.hidden');
    assert.equal(cleanFilename('inv..2024.pdf'), 'inv..2024.pdf');
  });

  test('diacritics are kept and decomposed input is normalised to NFC', () => {
    assert.equal(cleanFilename('Kuupäev õ.pdf'), 'Kuupäev õ.pdf');
    const decomposed = 'Kuupa\u0308ev o\u0303.pdf';
    const result = cleanFilename(decomposed);
    assert.equal(result, 'Kuup\u00e4ev \u00f5.pdf');
    assert.equal(result, result?.normalize('NFC'));
  });

  test('length is capped at 255 code points, not UTF-16 units', () => {
    assert.equal(cleanFilename('a'.repeat(300)), 'a'.repeat(255));
    const emoji = cleanFilename('😀'.repeat(300))!;
    assert.equal(codePoints(emoji), 255);
    // Cutting by UTF-16 units would split a surrogate pair and leave half an emoji behind.
    assert.equal(emoji, '😀'.repeat(255));
    assert.equal(cleanFilename('é'.repeat(255)), 'é'.repeat(255));
  });

  test('property: no separators, no control characters, at most 255 code points', () => {
    const unit = fc.oneof(
      fc.constantFrom('/', '\\', '.', ' ', '\u0000', '\u001f', '\u007f', '\u0085', '\u009f', '\ufffd', '\r', '\n', 'a\u0308'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 600 }), (raw) => {
        const name = cleanFilename(raw);
        if (name === null) return;
        assert.ok(name.length > 0);
        assert.ok(!name.includes('/') && !name.includes('\\'), name);
        assert.ok(!CONTROL.test(name), JSON.stringify(name));
        assert.ok(!name.includes('\ufffd'));
        assert.ok(codePoints(name) <= 255);
        assert.notEqual(name.replace(/\./g, ''), '', 'a name of only dots must be null');
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test('property: a clean short name passes through unchanged', () => {
    const safeChar = fc.constantFrom(...'abcXYZ019-_ äõüö€'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: safeChar, minLength: 1, maxLength: 40 }), (stem) => {
        const raw = `${stem.trim() || 'x'}.pdf`;
        assert.equal(cleanFilename(raw), raw);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('defaultFilename', () => {
  test('numbers from 1 and adds the extension of the media type', () => {
    assert.equal(defaultFilename(0), 'document-1');
    assert.equal(defaultFilename(2, 'application/pdf'), 'document-3.pdf');
    assert.equal(defaultFilename(0, 'image/jpeg'), 'document-1.jpg');
  });
});

test('bidirectional override characters are removed so a name displays as what it is', () => {
  assert.equal(cleanFilename('\u202efdp.exe'), 'fdp.exe');
  assert.equal(cleanFilename('in\u2066voice\u2069.pdf'), 'invoice.pdf');
});

test('lone surrogates (invalid UTF-16, as JSON can spell them) are removed; pairs are kept', () => {
  assert.equal(cleanFilename('inv\ud800oice.pdf'), 'invoice.pdf');
  assert.equal(cleanFilename('inv\udc00oice\ud83d.pdf'), 'invoice.pdf');
  assert.equal(cleanFilename('😀.pdf'), '😀.pdf');
});
