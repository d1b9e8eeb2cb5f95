// Pages of words from outside the engine (another OCR, a data set's ground truth), checked against
// schemas/words-file.schema.ts and turned into the pages the reading stage would have handed on, so
// layout, fields and reconciliation run on them unchanged (extract.ts, extractFromWords).
import { Compile } from 'typebox/compile';
import { WordsFile } from '../schemas/words-file.schema.js';
import { splitRun } from './split-run.js';
import type { PageWords, Word } from './types.js';

const validator = Compile(WordsFile);
/** Far above any real document's words (a dense A4 page is some 30 KB), far below what strains JSON.parse. */
export const MAX_WORDS_FILE_CHARS = 64 * 1024 * 1024;

/** The file is not a words file; the message names the first member that is wrong. */
export class WordsFileError extends Error {}

export function parseWordsFile(text: string): PageWords[] {
  if (text.length > MAX_WORDS_FILE_CHARS) throw new WordsFileError(`larger than ${MAX_WORDS_FILE_CHARS / 1024 / 1024} MiB`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new WordsFileError(`not JSON (${(error as Error).message})`);
  }
  if (!validator.Check(value)) {
    // An unknown member is reported twice: as a `false` schema on it, and as its parent's additionalProperties.
    const first = validator.Errors(value).find((e) => e.keyword !== 'boolean');
    const unknown = (first?.params as { additionalProperties?: string[] } | undefined)?.additionalProperties?.[0];
    const problem = unknown ? `has an unknown member "${unknown}"` : (first?.message ?? 'is not a words file');
    throw new WordsFileError(`${memberPath(first?.instancePath ?? '') || 'the file'} ${problem}`);
  }
  return value.pages.map((page, index) => {
    if (index > 0 && page.page <= value.pages[index - 1]!.page) throw new WordsFileError(`pages[${index}].page must be greater than the page before it`);
    if (!page.words === !page.lines) throw new WordsFileError(`pages[${index}] must have either words or lines`);
    const items = page.words ?? page.lines!;
    items.forEach(({ box: [x0, y0, x1, y1] }, at) => {
      if (x0 > x1 || y0 > y1) throw new WordsFileError(`pages[${index}].${page.words ? 'words' : 'lines'}[${at}].box must have x0 ≤ x1 and y0 ≤ y1`);
    });
    const words = page.words ? page.words.flatMap(asWord) : page.lines!.flatMap(wordsOfLine);
    return { page: page.page, width: page.width, height: page.height, source: page.source ?? 'ocr', words };
  });
}

type WordIn = NonNullable<WordsFile['pages'][number]['words']>[number];

function asWord({ text, box, confidence }: WordIn): Word[] {
  const trimmed = text.trim();
  return trimmed ? [{ text: trimmed, box: [box[0], box[1], box[2], box[3]], confidence: confidence ?? 1 }] : [];
}

function wordsOfLine({ text, box: [x0, y0, x1, y1], confidence }: WordIn): Word[] {
  return splitRun(text, x0, text.length ? (x1 - x0) / text.length : 0).map((span) => ({
    text: span.text,
    box: [tenth(span.x0), y0, tenth(span.x1), y1],
    confidence: confidence ?? 1,
  }));
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/** "/pages/0/lines/3/box" → "pages[0].lines[3].box" */
function memberPath(pointer: string): string {
  return pointer.split('/').filter(Boolean).reduce((path, part) => (/^\d+$/u.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}
