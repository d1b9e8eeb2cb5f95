// Where a vendor's name can stand: the cells of the first page's head (its first lines and its upper
// part) and of its foot, every cell of its letterhead and address blocks, every first-page cell that
// names a legal form (a footer's legal line, cut after the form however long it runs), the lines
// around the rules' pick, and the rules' pick itself, which can join two lines or spell a short name
// out, so that no cell prints it as it is. A cell that goes on after its legal form or its company
// number ("… SDN BHD (862725-U)", "… CO. THE GARDENS MALL") is also a candidate cut there, as the rules
// cut it (parties.ts), and so is one after a key or a number that opens it ("DIMILIKI: BANH MI CAFE
// SDN BHD", "#000002 BAIFU (M) SDN BHD"). Long names wrap, so two lines of the head, one under the
// other, are also a candidate together ("NANDO'S CHICKENLAND MALAYSIA" over "SDN BHD"): on the words
// corpus 7 of the 13 names no cell held were such pairs.
import type { Cell, Line } from '../../layout/lines.js';
import type { Word } from '../../types.js';
import type { FieldContext } from '../context.js';
import type { Draft } from '../draft.js';
import { evidenceOf, lineAt, wordsIn } from '../find-labelled.js';
import { fold } from '../labels.js';
import { withoutCompanyNumber } from '../receipt-head.js';
import type { Candidate } from './candidates.js';
import { endsInLegalForm, hasLegalForm } from './party-words.js';

export interface PartyCandidate extends Candidate<string> {
  /** A cell as printed, a cell cut (after its legal form, before its company number, after its key), two lines joined, or the rules' pick. */
  source: 'cell' | 'cut' | 'join' | 'rule';
}

/** The head of a page: a letterhead stands above the first 40 % (as letterhead.ts's HEAD_BOTTOM)… */
const HEAD_BOTTOM = 400;
/** …and a receipt's name among its first lines, however long the roll is. */
const HEAD_LINES = 12;
/** Lines read around the rules' pick, so the lines the rules weighed against it are scored too. */
const AROUND_RULE = 3;
/** A name is a few words: longer cells are sentences or item lines. */
const MAX_LENGTH = 90;
/** Wrapped names are joined only among the first lines of the head, where a name stands. */
const JOIN_LINES = 8;
/** A name before a dash is a few words; a longer run before one is a sentence's clause. */
const SEGMENT_WORDS = 6;
/** A page's foot (below 85 % of its height): where a letter prints its sender's name and legal line. */
const FOOT_TOP = 850;

export function partyCandidates(context: FieldContext, draft: Draft): PartyCandidate[] {
  const { document } = context;
  const first = document.lines.filter((l) => l.page === 1);
  const rule = draft.vendor.name;
  const ruleLine = rule?.evidence ? lineAt(document.lines, rule.evidence.page, rule.evidence.box) : undefined;
  const blockCells = new Set(
    document.blocks.filter((b) => b.page === 1 && (b.role === 'letterhead' || b.role === 'address')).flatMap((b) => b.rows.flatMap((r) => r.cells)),
  );
  const out: PartyCandidate[] = [];
  const seen = new Set<string>();
  const add = (candidate: PartyCandidate) => {
    const key = `${candidate.line.index}|${fold(candidate.value).trim()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(candidate);
  };
  if (rule) {
    const line = ruleLine ?? first[0] ?? document.lines[0];
    if (line) {
      const words = rule.evidence ? wordsIn(line, rule.evidence.box) : [];
      const cell: Cell = { text: rule.value, box: rule.evidence?.box ?? line.box, words: words.length ? words : line.words };
      add({ value: rule.value, printed: rule.printed ?? rule.value, line, cell, index: 0, evidence: rule.evidence ?? evidenceOf(cell.words, line.page), source: 'rule' });
    }
  }
  first.forEach((line, rank) => {
    const head = rank < HEAD_LINES || line.box[1] < HEAD_BOTTOM;
    const nearRule = !!ruleLine && Math.abs(line.index - ruleLine.index) <= AROUND_RULE;
    const foot = line.box[1] >= FOOT_TOP;
    for (const cell of line.cells) {
      if (!(head || nearRule || foot || blockCells.has(cell) || hasLegalForm(cell.text))) continue;
      if ((cell.text.match(/\p{L}/gu)?.length ?? 0) < 3) continue;
      // A footer's legal line runs on for a sentence; the name that opens it is one of its cuts.
      if (cell.text.length <= MAX_LENGTH) add({ value: cell.text, printed: cell.text, line, cell, index: 0, evidence: evidenceOf(cell.words, line.page), source: 'cell' });
      for (const words of cuts(cell.words)) {
        if (words.map((w) => w.text).join(' ').length > MAX_LENGTH) continue;
        const text = words.map((w) => w.text).join(' ').replace(/[,;]$/u, '');
        if ((text.match(/\p{L}/gu)?.length ?? 0) >= 3) add({ value: text, printed: text, line, cell, index: 0, evidence: evidenceOf(words, line.page), source: 'cut' });
      }
    }
    const below = first[rank + 1];
    if (rank < JOIN_LINES && below && line.cells.length === 1 && below.cells.length === 1 && wrapsOnto(line, below)) {
      const words = [...line.words, ...below.words];
      const text = `${line.text} ${below.text}`;
      if (text.length <= MAX_LENGTH) add({ value: text, printed: text, line, cell: line.cells[0]!, index: 0, evidence: evidenceOf(words, line.page), source: 'join' });
    }
  });
  return out;
}

/** The next line stands right under this one (less than a line's height between them), both with letters. */
export function wrapsOnto(line: Line, below: Line): boolean {
  const height = Math.max(1, line.box[3] - line.box[1]);
  return below.box[1] - line.box[3] < height && /\p{L}{2}/u.test(line.text) && /\p{L}{2}/u.test(below.text);
}

/**
 * The cell's words up to its first and its last legal form, before its company number, and before its
 * first dash or bar ("Aalborg Karneval - Hjelmerstald 4 - 9000 Aalborg"), where words follow them.
 */
function cuts(words: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  const legal = words.map((_, i) => i > 0 && i < words.length - 1 && endsInLegalForm(words.slice(0, i + 1).map((w) => w.text).join(' ')));
  const first = legal.indexOf(true);
  const last = legal.lastIndexOf(true);
  if (first > 0) out.push(words.slice(0, first + 1));
  if (last > first) out.push(words.slice(0, last + 1));
  const dash = words.findIndex((w, i) => i > 0 && /^[-–—|·•]$/u.test(w.text));
  if (dash > 0 && dash <= SEGMENT_WORDS) out.push(words.slice(0, dash));
  const numbered = withoutCompanyNumber(words);
  if (numbered.length < words.length) out.push(numbered);
  // A key ("DIMILIKI:", "Name:") or a number ("#000002") before the name.
  const key = words.findIndex((w, i) => i < 3 && /:$/u.test(w.text));
  const opening = key >= 0 ? key + 1 : words.findIndex((w) => /\p{L}/u.test(w.text));
  if (opening > 0 && opening < words.length) out.push(words.slice(opening));
  return out;
}
