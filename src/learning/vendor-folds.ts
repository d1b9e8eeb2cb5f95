// Blind folds: documents split by vendor, so no vendor is both fitted on and scored on. The split
// depends on the vendor names alone, so every run and every machine scores the same folds. Used by
// `ledgerlens train --with-corrections` and by the eval and training scripts (scripts/eval/folds.mjs).
import { createHash } from 'node:crypto';

// Legal forms say nothing about who the vendor is: "ABC SDN BHD" and "ABC SDN. BHD" are one vendor.
const LEGAL_FORMS = /\b(sdn|bhd|s b|gmbh|ag|kg|ltd|limited|llc|inc|co|corp|oü|ou|as|sa|sarl|sas|bv|nv|plc|enterprise|trading)\b/gu;

/** A vendor name folded for grouping: no accents, case, punctuation or legal form; '' when nothing is left. */
export function vendorFoldKey(name: unknown): string {
  if (typeof name !== 'string') return '';
  return fold(name).replace(LEGAL_FORMS, ' ').replace(/\s+/gu, ' ').trim();
}

/**
 * Fold 0..k-1 for every document, given each one's vendor key. Vendors go, the largest first (ties in
 * the order of a hash of their key), each to the fold that holds the fewest documents so far, so folds
 * are near equal in size although a few vendors issue dozens of the documents.
 */
export function assignVendorFolds(keys: readonly string[], k: number): number[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const vendors = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || hash(a).localeCompare(hash(b)));
  const sizes = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const vendor of vendors) {
    const smallest = sizes.indexOf(Math.min(...sizes));
    foldOf.set(vendor, smallest);
    sizes[smallest] = sizes[smallest]! + counts.get(vendor)!;
  }
  return keys.map((key) => foldOf.get(key)!);
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
