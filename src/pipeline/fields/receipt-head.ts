// The head of a till receipt: the shop's name, its address, then the sale. Above the name a receipt
// often carries a logo, a stamp or handwriting, which OCR reads as a few letters of low confidence
// or stray marks ("aE OT rar", "»", "|"); taken as the first line of text they become the shop's
// name. Words without a letter or digit and words read with little confidence are left out, and
// lines with too little left are dropped. The head ends where the sale begins: a date, a time or
// an amount.
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
    const words = line.words.filter((word, i) => isReadable(word) || heldBetween(line.words, i));
    const characters = words.reduce((n, w) => n + alphanumerics(w), 0);
    if (characters < MIN_CHARACTERS) continue;
    const confidence = words.reduce((sum, w) => sum + alphanumerics(w) * w.confidence, 0) / characters;
    if (confidence < MIN_LINE_CONFIDENCE) continue;
    if (words.length === line.words.length) out.push(line);
    else out.push({ ...line, words, text: words.map((w) => w.text).join(' '), cells: line.cells.map((c) => keepWords(c, words)).filter((c) => c.words.length) });
  }
  return out;
}

/** "&" joins the words of a name ("TIMBER & HARDWARE"); other marks without a letter or digit are stray. */
const isReadable = (word: Word) => (alphanumerics(word) > 0 || word.text === '&') && word.confidence >= MIN_WORD_CONFIDENCE;
/** A word read with little confidence between two read with much ("YONG SOON FATT") is print, not a mark. */
function heldBetween(words: readonly Word[], i: number): boolean {
  const [before, word, after] = [words[i - 1], words[i]!, words[i + 1]];
  return alphanumerics(word) > 0 && word.confidence >= 0.3 && !!before && !!after && before.confidence >= 0.8 && after.confidence >= 0.8;
}

const alphanumerics = (word: Word) => word.text.replace(/[^\p{L}\p{N}]/gu, '').length;

function keepWords(cell: Cell, kept: readonly Word[]): Cell {
  const words = cell.words.filter((w) => kept.includes(w));
  return words.length === cell.words.length ? cell : { ...cell, words, text: words.map((w) => w.text).join(' ') };
}

const DATE_OR_TIME = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|ma[iy]|jun|jul|aug|sep|oct|okt|nov|de[cz])\p{L}*\.?\s+\d{4}\b|\b\d{1,2}:\d{2}\b/iu;
/** At the end of the line: a mall unit ("UNIT 1.02, LEVEL 1") is not an amount. */
const AMOUNT = /(?<![\d.,])\d{1,7}[.,]\d{2}\s*$/u;

/** A line of the sale rather than of the shop's address: it prints a date, a time or an amount. */
export function endsReceiptHead(text: string): boolean {
  return DATE_OR_TIME.test(text) || AMOUNT.test(text);
}

/**
 * The name without the company number printed after it ("MOONLIGHT CAKE HOUSE SDN BHD 862725-U",
 * "GARDENIA BAKERIES (KL) SDN BHD (139386 X)"): from the first word after the first that is a
 * number of four or more digits, possibly in brackets or with a check letter.
 */
export function withoutCompanyNumber(words: readonly Word[]): Word[] {
  const cut = words.findIndex((w, i) => i > 0 && /^\(?\d{4,}(?:-?[A-Z])?\)?$/u.test(w.text));
  return cut > 0 ? words.slice(0, cut) : [...words];
}

/** A till's or a receipt's number printed before the name ("#000002 BAIFU (M) SDN BHD") is not part of it. */
export function withoutLeadingNumber(words: readonly Word[]): Word[] {
  const start = words.findIndex((w, i) => i === words.length - 1 || !/^#\d+$/u.test(w.text));
  return words.slice(start);
}
