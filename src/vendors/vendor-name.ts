// A vendor's name as names are compared: folded (case and accents), quotes and punctuation dropped,
// so "SIA \"Vidzemes Tirdzniecība\"" and "SIA Vidzemes Tirdznieciba" are one name.
import { distance } from 'fastest-levenshtein';
import { fold } from '../pipeline/language/fold.js';

export function nameKey(name: string): string {
  return fold(name).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** 1 for the same key, falling with the edits between the two keys. */
export function nameSimilarity(a: string, b: string): number {
  const [x, y] = [nameKey(a), nameKey(b)];
  if (!x || !y) return 0;
  return 1 - distance(x, y) / Math.max(x.length, y.length);
}
