// The readable lines at the head of a receipt. Above the shop's name a till receipt often carries a
// logo, a stamp or handwriting, which OCR reads as a few letters of low confidence or stray marks
// ("aE OT rar", "»", "|"); taken as the first line of text they become the shop's name. Words
// without a letter or digit and words read with little confidence are left out, and lines with
// too little left are dropped.
import type { Cell, Line } from '../layout/lines.js';
import type { Word } from '../types.js';

/** Below this OCR confidence a word at the head is more likely a logo's or a mark's than print. */
const MIN_WORD_CONFIDENCE = 0.5;
/** A line needs this many letters and digits in confident words to be read at all. */
const MIN_CHARACTERS = 4;
/** …and this mean confidence over them (weighted by letters and digits). */
const MIN_LINE_CONFIDENCE = 0.6;

export function readableHeadLines(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const words = line.words.filter(isReadable);
    const characters = words.reduce((n, w) => n + alphanumerics(w), 0);
    if (characters < MIN_CHARACTERS) continue;
    const confidence = words.reduce((sum, w) => sum + alphanumerics(w) * w.confidence, 0) / characters;
    if (confidence < MIN_LINE_CONFIDENCE) continue;
    if (words.length === line.words.length) out.push(line);
    else out.push({ ...line, words, text: words.map((w) => w.text).join(' '), cells: line.cells.map((c) => keepWords(c, words)).filter((c) => c.words.length) });
  }
  return out;
}

const isReadable = (word: Word) => alphanumerics(word) > 0 && word.confidence >= MIN_WORD_CONFIDENCE;
const alphanumerics = (word: Word) => word.text.replace(/[^\p{L}\p{N}]/gu, '').length;

function keepWords(cell: Cell, kept: readonly Word[]): Cell {
  const words = cell.words.filter((w) => kept.includes(w));
  return words.length === cell.words.length ? cell : { ...cell, words, text: words.map((w) => w.text).join(' ') };
}
