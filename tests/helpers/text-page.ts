// A page of words laid out from plain text, for testing layout and fields without a PDF: each text
// line is a printed line, each character 8 units wide, and three or more spaces make a column gap.
import type { PageWords, Word } from '../../src/pipeline/types.js';

export function textPage(text: string, options: { page?: number; confidence?: number; source?: PageWords['source'] } = {}): PageWords {
  const words: Word[] = [];
  text.split('\n').forEach((line, row) => {
    for (const match of line.matchAll(/\S+/gu)) {
      const x0 = 20 + match.index * 8;
      words.push({ text: match[0], box: [x0, 20 + row * 20, x0 + match[0].length * 8 - 2, 32 + row * 20], confidence: options.confidence ?? 1 });
    }
  });
  return { page: options.page ?? 1, width: 1000, height: 1000, source: options.source ?? 'text-layer', words };
}
