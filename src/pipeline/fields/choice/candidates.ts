// Every value of a kind the page prints: each amount and each date, where it stands (line, cell, the
// words it was read from). The field families' rules pick one; the learned choice scores them all.
import type { Cell, Line } from '../../layout/lines.js';
import type { Word } from '../../types.js';
import type { FieldContext } from '../context.js';
import { evidenceOf, type Evidence } from '../find-labelled.js';
import { amountTokens, dateTokens } from '../tokens.js';

export interface Candidate<T> {
  value: T;
  printed: string;
  line: Line;
  cell: Cell;
  /** Where in the cell's text the value starts. */
  index: number;
  evidence: Evidence;
  /** Day and month could be read either way (dates only). */
  ambiguous?: boolean;
}

export function amountCandidates(context: FieldContext): Candidate<number>[] {
  const out: Candidate<number>[] = [];
  for (const line of context.document.lines) {
    for (const cell of line.cells) {
      // "bis 15.06.2018" is a date, not 15.06 of money.
      const text = dateTokens(cell.text, undefined).reduce((t, d) => t.slice(0, d.index) + ' '.repeat(d.text.length) + t.slice(d.index + d.text.length), cell.text);
      for (const token of amountTokens(text, context.separator)) {
        if (token.percent) continue;
        out.push({ value: token.value, printed: token.text, line, cell, index: token.index, evidence: evidenceOf(wordsAt(cell, token.index, token.text.length), line.page) });
      }
    }
  }
  return out;
}

export function dateCandidates(context: FieldContext): Candidate<string>[] {
  const out: Candidate<string>[] = [];
  for (const line of context.document.lines) {
    for (const cell of line.cells) {
      for (const token of dateTokens(cell.text, context.dateOrder)) {
        out.push({ value: token.iso, printed: token.text, line, cell, index: token.index, ambiguous: token.ambiguous, evidence: evidenceOf(wordsAt(cell, token.index, token.text.length), line.page) });
      }
    }
  }
  return out;
}

/** A word that can be a document's number: it has a digit, and is neither a date nor an amount with cents. */
const CODE = /^[\p{L}\p{N}][\p{L}\p{N}\-/_.]*[\p{L}\p{N}]$/u;

export function codeCandidates(context: FieldContext): Candidate<string>[] {
  const out: Candidate<string>[] = [];
  for (const line of context.document.lines) {
    for (const cell of line.cells) {
      let index = 0;
      for (const word of cell.words) {
        const code = word.text.replace(/^[(:#№]+|[),;:]+$/gu, '');
        const start = index + word.text.indexOf(code);
        index += word.text.length + 1;
        if (code.length < 2 || code.length > 30 || !CODE.test(code) || !/\p{N}/u.test(code)) continue;
        if (dateTokens(code, context.dateOrder).length || /^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/u.test(code)) continue;
        out.push({ value: code, printed: code, line, cell, index: start, evidence: evidenceOf([word], line.page) });
      }
    }
  }
  return out;
}

/** The words of a cell that the characters [start, start + length) of its text fall in (words are joined by one space). */
function wordsAt(cell: Cell, start: number, length: number): Word[] {
  const words: Word[] = [];
  let position = 0;
  for (const word of cell.words) {
    const end = position + word.text.length;
    if (end > start && position < start + length) words.push(word);
    position = end + 1;
  }
  return words.length ? words : cell.words;
}
