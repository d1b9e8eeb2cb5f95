import { Type, type Static } from 'typebox';

// The bounds keep one file's work small: as many pages as an upload may have (MAX_PAGES' default),
// and more words on a page than any printed page holds.
const MAX_PAGES = 200;
const MAX_WORDS_PER_PAGE = 20_000;
const MAX_TEXT = 2_000;

const Coordinate = Type.Number({ minimum: 0, maximum: 1000 });
const Box = Type.Tuple([Coordinate, Coordinate, Coordinate, Coordinate], {
  description: '[x0, y0, x1, y1] on 0..1000 of the page, x from the left, y from the top',
});

const WordIn = Type.Object(
  {
    text: Type.String({ maxLength: MAX_TEXT }),
    box: Box,
    confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: "The reader's own confidence; 1 when absent" })),
  },
  { additionalProperties: false },
);

const LineIn = Type.Object(
  {
    text: Type.String({ maxLength: MAX_TEXT, description: 'Split into words with boxes in proportion to their characters' }),
    box: Box,
    confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

const PageIn = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGES }),
    width: Type.Number({ exclusiveMinimum: 0, description: 'Page size in points or pixels (its aspect is what counts)' }),
    height: Type.Number({ exclusiveMinimum: 0 }),
    source: Type.Optional(Type.Enum(['text-layer', 'ocr'], { description: "Where the words were read: a PDF's text layer or an OCR; ocr when absent" })),
    words: Type.Optional(Type.Array(WordIn, { maxItems: MAX_WORDS_PER_PAGE })),
    lines: Type.Optional(Type.Array(LineIn, { maxItems: MAX_WORDS_PER_PAGE })),
  },
  { additionalProperties: false },
);

/** Pages of words (or lines) with boxes: the input of `extract --words`, entering the pipeline after reading the page. */
export const WordsFile = Type.Object({ pages: Type.Array(PageIn, { minItems: 1, maxItems: MAX_PAGES }) }, { additionalProperties: false, title: 'WordsFile' });
export type WordsFile = Static<typeof WordsFile>;
