// A party as printed: a block of lines (name, street, postal code and city, contacts) that the party
// finders locate on the page and parties.ts reads into fields.
import type { Word } from '../types.js';

export interface BlockLine {
  text: string;
  words: Word[];
  page: number;
  /** Set when the line was "Name: value" inside the block. */
  key?: string;
}

export interface Block {
  lines: BlockLine[];
  /** Indexes of the document lines the block was read from. */
  indexes: number[];
  confidence: number;
  /** Lines beside the name or the address the reading passed over (Found.leftOut). */
  leftOut?: { name?: number; address?: number };
}

export const blockLine = (words: Word[], page: number): BlockLine => ({ text: words.map((w) => w.text).join(' '), words, page });
