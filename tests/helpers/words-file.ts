// Pages as the reading stage hands them on, written in the words input form (schemas/words-file.schema.ts):
// what a user would dump from another reader, and what `extract --words` reads back.
import type { PageWords } from '../../src/pipeline/types.js';
import type { WordsFile } from '../../src/schemas/words-file.schema.js';

export function wordsFileOf(pages: PageWords[]): WordsFile {
  return {
    pages: pages.map(({ page, width, height, source, words }) => ({
      page,
      width,
      height,
      source,
      words: words.map(({ text, box, confidence }) => ({ text, box, confidence })),
    })),
  };
}
