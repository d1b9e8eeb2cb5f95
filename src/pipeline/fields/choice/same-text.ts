// Free text the way the scorer (../shared/eval/score.mjs, "free text") compares it: equal when the
// edit distance, after folding case, accents, punctuation and white space, is at most 15 % of the
// longer text. The party family is labelled and measured by this rule, so what the model learns to
// pick is what the scorer counts right ("ROTI" is not "THE ROTI MAN BAKERY"; "SDN. BHD." is "SDN BHD").
import { distance } from 'fastest-levenshtein';

/** The scorer's threshold for free text. */
const SIMILAR = 0.85;

export function sameText(a: string, b: string): boolean {
  const x = foldText(a);
  const y = foldText(b);
  if (!x && !y) return true;
  const longer = Math.max(x.length, y.length);
  // The lengths alone bound the distance: most pairs of a page's lines are told apart without it.
  if (1 - Math.abs(x.length - y.length) / longer < SIMILAR) return false;
  return 1 - distance(x, y) / longer >= SIMILAR;
}

const foldText = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
