// OCR on receipts and thermal paper often reads the gap before the decimal separator as a word break:
// "1000000 ,00", "124995 .00", and reads that comma as a low quote ("120000 ‚00"). Every later stage
// reads words, so the amount is put back together here, once, where the boxes still say how close the
// two parts stand.
import type { EngineWord } from './engine.js';

/** Digits, with a sign or currency mark in front ("-", "$", "R", "RM"). */
const WHOLE = /^[-(]?(?:[$€£]|\p{Lu}{1,3})?\d(?:[\d.,]*\d)?$/u;
const CENTS = /^[.,‚](\d{2})$/u;

/** Joins "123" + ",45" (the second word starting within a character's width of the first) into "123,45". */
export function joinSplitAmounts(words: readonly EngineWord[]): EngineWord[] {
  const joined: EngineWord[] = [];
  for (const word of words) {
    const previous = joined.at(-1);
    const cents = CENTS.exec(word.text);
    if (previous && cents && WHOLE.test(previous.text) && !/[.,]\d{2}$/u.test(previous.text) && nextOnLine(previous, word)) {
      const separator = word.text[0] === '.' ? '.' : ',';
      joined[joined.length - 1] = {
        text: `${previous.text}${separator}${cents[1]}`,
        x0: Math.min(previous.x0, word.x0),
        y0: Math.min(previous.y0, word.y0),
        x1: Math.max(previous.x1, word.x1),
        y1: Math.max(previous.y1, word.y1),
        confidence: Math.min(previous.confidence, word.confidence),
      };
      continue;
    }
    joined.push(word);
  }
  return joined;
}

function nextOnLine(a: EngineWord, b: EngineWord): boolean {
  const height = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const gap = b.x0 - a.x1;
  // OCR sometimes draws the cents' box starting inside the number's own.
  return overlap > 0.5 * height && gap >= -(b.x1 - b.x0) && b.x1 > a.x1 && gap <= 1.2 * (a.y1 - a.y0);
}
