// What the learned choice knows of a candidate for the vendor's name (party-candidates.ts): where it
// stands in the page model (block role, line, height of print), the shape of its text, the lexicons'
// words in it (legal form, street, phone, registration, trade, ownership, bank, a field's label, a
// document's title), a party label pointing at it, whether it is the customer's name, whether the
// page prints it again (a footer, an e-mail or web address), and what the rules chose. The words are
// the lexicons' (../../language/); none are listed here.
import type { BlockRole } from '../../layout/blocks.js';
import { sentence } from '../../layout/block-roles.js';
import type { Cell } from '../../layout/lines.js';
import { fold } from '../../language/fold.js';
import { LANGUAGE } from '../../language/lexicon.js';
import { postalLine } from '../address.js';
import type { FieldContext } from '../context.js';
import type { Draft } from '../draft.js';
import { ALL_LABELS, type LabelName } from '../labels.js';
import { addressLike, timesPrinted } from '../letterhead.js';
import { documentFeatureNames, documentFeatures } from './features.js';
import { labelStrengths, strengthOf } from './label-strength.js';
import { wrapsOnto, type PartyCandidate } from './party-candidates.js';
import { documentTitle, endsInLegalForm, hasLegalForm, tillWord } from './party-words.js';
import { sameText } from './same-text.js';

const ROLES = ['letterhead', 'address', 'key-value', 'table', 'totals', 'footer', 'body'] as const satisfies readonly BlockRole[];
const PARTY_LABELS = ['vendorBlock', 'vendorName', 'customerBlock', 'customerName'] as const satisfies readonly LabelName[];
const LEXICON_WORDS = ['street', 'phone', 'contact', 'registration', 'ownership', 'bank', 'courtesy'] as const;

export const PARTY_FEATURES = [
  'rule:vendor_name',
  'rule:customer_name',
  'cand:rule',
  'cand:cut',
  'cand:join',
  ...documentFeatureNames(),
  'at:top',
  'at:page_line',
  'at:candidate_line',
  'at:largest',
  'above:wraps',
  ...ROLES.map((role) => `block:${role}`),
  ...PARTY_LABELS.map((name) => `label:${name}`),
  'text:upper',
  'text:digits',
  'text:words',
  'text:length',
  'text:sentence',
  'text:colon',
  'text:repeats',
  'text:in_web_address',
  'lex:legal_form',
  'lex:legal_form_end',
  'lex:name_tail',
  'lex:legal_form_elsewhere',
  ...LEXICON_WORDS.map((word) => `lex:${word}`),
  'lex:trade_share',
  'lex:field_label',
  'lex:title',
  'lex:counter',
  'addr:postal',
  'addr:like',
  'next:address',
  'line:cells',
  'ocr:confidence',
] as const;

export function partyFeatures(context: FieldContext, candidates: PartyCandidate[], draft: Draft): number[][] {
  const { document } = context;
  const strengths = labelStrengths(document, PARTY_LABELS);
  const roles = roleOfCells(context);
  const rule = draft.vendor.name?.value;
  const customer = draft.customer.name?.value;
  const firstPage = document.lines.filter((l) => l.page === 1);
  const candidateLines = [...new Set(candidates.map((c) => c.line.index))].sort((a, b) => a - b);
  // Print size: the median height of a cell's words (a joined candidate's box is two lines high).
  const heights = candidates.map((c) => median(c.cell.words.map((w) => w.box[3] - w.box[1])));
  const tallest = Math.max(0, ...heights);
  const webAddresses = document.lines.filter((l) => /@|www\.|https?:/iu.test(l.text)).map((l) => fold(l.text).replace(/[^\p{L}\p{N}]/gu, ''));
  const repeats = new Map<string, number>();
  const legalLines = new Set(candidates.filter((c) => c.source === 'cell' && hasLegalForm(c.value)).map((c) => c.line.index));
  return candidates.map((candidate, i) => {
    const text = candidate.value.trim();
    const folded = fold(text);
    const letters = text.match(/\p{L}/gu) ?? [];
    const upper = letters.filter((c) => c !== c.toLowerCase()).length;
    const digits = text.match(/\p{N}/gu)?.length ?? 0;
    const words = text.split(/\s+/u).filter(Boolean);
    const role = roles.get(candidate.cell) ?? roles.get(candidate.line.index);
    const next = document.lines[candidate.line.index + 1];
    if (!repeats.has(folded)) repeats.set(folded, timesPrinted(folded.trim(), document));
    const nameWords = folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
    const above = document.lines[candidate.line.index - 1];
    const legal = hasLegalForm(text);
    return [
      rule !== undefined && sameText(text, rule) ? 1 : 0,
      customer !== undefined && sameText(text, customer) ? 1 : 0,
      candidate.source === 'rule' ? 1 : 0,
      candidate.source === 'cut' ? 1 : 0,
      candidate.source === 'join' ? 1 : 0,
      ...documentFeatures(context, candidate),
      candidate.evidence.box[1] / 1000,
      Math.min(20, Math.max(0, firstPage.indexOf(candidate.line))) / 20,
      Math.min(10, candidateLines.indexOf(candidate.line.index)) / 10,
      heights[i]! >= tallest * 0.95 ? 1 : 0,
      // A name's second half ("SDN BHD" under "NANDO'S CHICKENLAND MALAYSIA"): a line stands right over it.
      above && above.page === candidate.line.page && candidate.source !== 'join' && wrapsOnto(above, candidate.line) ? 1 : 0,
      ...ROLES.map((r) => (role === r ? 1 : 0)),
      ...PARTY_LABELS.map((name) => strengthOf(strengths, candidate.cell, name)),
      letters.length ? upper / letters.length : 0,
      text.length ? digits / text.length : 0,
      Math.min(8, words.length) / 8,
      Math.log1p(text.length) / 5,
      sentence(text) ? 1 : 0,
      /:/u.test(text) ? 1 : 0,
      // The rules' own line counts once: more says a footer, an account holder or a caption repeats it.
      Math.min(3, Math.max(0, repeats.get(folded)! - 1)) / 3,
      nameWords.some((w) => webAddresses.some((a) => a.includes(w))) ? 1 : 0,
      legal ? 1 : 0,
      endsInLegalForm(text) ? 1 : 0,
      // "CP. (M) SDN BHD", "JTJFOODS SDN BHD": a legal form with a word or none before it, which a name's head may have wrapped from.
      legal && words.filter((w) => /\p{L}{2}/u.test(w) && !hasLegalForm(w) && !/^\(.*\)$/u.test(w)).length <= 1 ? 1 : 0,
      // A mall's or a brand's line where the head prints a registered name elsewhere.
      !legal && [...legalLines].some((line) => line !== candidate.line.index) ? 1 : 0,
      ...LEXICON_WORDS.map((word) => (LANGUAGE.party[word].test(folded) ? 1 : 0)),
      words.length ? words.filter((w) => LANGUAGE.party.trade.test(fold(w))).length / words.length : 0,
      ALL_LABELS.some((label) => label.test(folded)) ? 1 : 0,
      documentTitle(folded) ? 1 : 0,
      tillWord(folded) ? 1 : 0,
      postalLine(text) ? 1 : 0,
      addressLike(text) ? 1 : 0,
      next && next.page === candidate.line.page && next.cells.some((c) => addressLike(c.text) || LANGUAGE.party.street.test(fold(c.text))) ? 1 : 0,
      Math.min(4, candidate.line.cells.length) / 4,
      candidate.evidence.confidence,
    ];
  });
}

/** The role of the block each cell stands in, and of each line by its first block (for the rules' pick, which is no cell). */
function roleOfCells(context: FieldContext): Map<Cell | number, BlockRole> {
  const roles = new Map<Cell | number, BlockRole>();
  for (const block of context.document.blocks) {
    for (const row of block.rows) {
      if (!roles.has(row.line)) roles.set(row.line, block.role);
      for (const cell of row.cells) roles.set(cell, block.role);
    }
  }
  return roles;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
