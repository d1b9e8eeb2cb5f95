import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzParams } from '../../tests/helpers/fuzz-params.js';
import { extractFromWords } from './extract.js';
import { MAX_WORDS_FILE_CHARS, parseWordsFile, WordsFileError } from './words-input.js';

const page = (member: object) => JSON.stringify({ pages: [{ page: 1, width: 463, height: 1013, ...member }] });

describe('words input', () => {
  it('a line becomes its words, each with a box in proportion to its characters inside the line box', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9.,:€$-]{1,12}$/);
    const line = fc.record({
      tokens: fc.array(token, { minLength: 1, maxLength: 8 }),
      gaps: fc.array(fc.constantFrom(' ', '  ', '    '), { minLength: 8, maxLength: 8 }),
      x0: fc.integer({ min: 0, max: 500 }),
      width: fc.integer({ min: 1, max: 500 }),
      y0: fc.integer({ min: 0, max: 980 }),
    });
    fc.assert(
      fc.property(line, ({ tokens, gaps, x0, width, y0 }) => {
        const text = tokens.map((t, i) => (i ? gaps[i]! : '') + t).join('');
        const box = [x0, y0, x0 + width, y0 + 20];
        const [read] = parseWordsFile(page({ lines: [{ text, box }] }));
        assert.deepEqual(read!.words.map((w) => w.text), tokens);
        const perChar = width / text.length;
        let previousRight = -Infinity;
        for (const word of read!.words) {
          const [wx0, wy0, wx1, wy1] = word.box;
          assert.deepEqual([wy0, wy1], [y0, y0 + 20]);
          assert.ok(wx0 >= x0 && wx1 <= x0 + width + 0.05 && wx0 >= previousRight, `${word.text} ${word.box} in ${box}`);
          assert.ok(Math.abs(wx1 - wx0 - word.text.length * perChar) <= 0.1, `${word.text} is as wide as its characters`);
          assert.equal(word.confidence, 1);
          previousRight = wx1;
        }
      }),
      fuzzParams(200, 17),
    );
  });

  it('words are taken as given; pages say where they were read, OCR unless told', () => {
    const [ocr] = parseWordsFile(page({ words: [{ text: ' Total ', box: [10, 10, 60, 30], confidence: 0.4 }, { text: ' ', box: [70, 10, 80, 30] }] }));
    assert.deepEqual(ocr, { page: 1, width: 463, height: 1013, source: 'ocr', words: [{ text: 'Total', box: [10, 10, 60, 30], confidence: 0.4 }] });
    assert.equal(parseWordsFile(page({ source: 'text-layer', words: [] }))[0]!.source, 'text-layer');
  });

  it('a file that is not a words file is refused with the member that is wrong', () => {
    const cases: [string, RegExp][] = [
      ['{"pages": [', /^not JSON/],
      [' '.repeat(MAX_WORDS_FILE_CHARS + 1), /^larger than 64 MiB/],
      ['[]', /^the file /],
      ['{"pages": []}', /^pages .*1/],
      [page({ lines: [{ text: 'x', box: [1, 2, 3] }] }), /^pages\[0\]\.lines\[0\]\.box /],
      [page({ lines: [{ text: 'x', box: [1, 2, 3, 1001] }] }), /^pages\[0\]\.lines\[0\]\.box\[3\] .*1000/],
      [page({ lines: [{ text: 'x', box: [50, 2, 10, 30] }] }), /^pages\[0\]\.lines\[0\]\.box must have x0 ≤ x1 and y0 ≤ y1/],
      [page({ lines: [{ text: 'x', box: [1, 2, 3, 4], colour: 'red' }] }), /^pages\[0\]\.lines\[0\] has an unknown member "colour"/],
      [page({}), /^pages\[0\] must have either words or lines/],
      [page({ words: [], lines: [] }), /^pages\[0\] must have either words or lines/],
      [page({ words: [], source: 'camera' }), /^pages\[0\]\.source /],
      [JSON.stringify({ pages: [{ page: 2, width: 1, height: 1, words: [] }, { page: 1, width: 1, height: 1, words: [] }] }), /^pages\[1\]\.page must be greater/],
      [JSON.stringify({ pages: [{ page: 1, width: 0, height: 1, words: [] }] }), /^pages\[0\]\.width /],
    ];
    for (const [text, message] of cases) {
      assert.throws(() => parseWordsFile(text), (error: Error) => error instanceof WordsFileError && message.test(error.message), text.slice(0, 200));
    }
  });

  it('a receipt given as lines reads like a page: vendor, date and total', () => {
    const lines = [
      ['YONGFATT ENTERPRISE', [190, 106, 790, 131]],
      ['NO 122.124. JALAN DEDAP 13', [200, 140, 780, 160]],
      ['DATE: 25/12/2018', [60, 300, 500, 320]],
      ['TOTAL:                 80.90', [60, 600, 900, 620]],
      ['CASH                  100.00', [60, 630, 900, 650]],
      ['CHANGE                 19.10', [60, 660, 900, 680]],
    ].map(([text, box]) => ({ text, box }));
    const outcome = extractFromWords(parseWordsFile(page({ lines })), {});
    assert.equal(outcome.extraction.vendor?.name, 'YONGFATT ENTERPRISE');
    assert.equal(outcome.extraction.issue_date, '2018-12-25');
    assert.equal(outcome.extraction.total, 80.9);
    assert.ok(outcome.regions?.total, 'the total has its region');
  });
});
