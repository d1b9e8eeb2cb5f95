// A layout's fingerprint: the labels its values are printed after ("invoice no", "total eur", "iban").
// One vendor's documents share them whatever their lines say; another vendor's template words them
// and places them otherwise. Lines' own words (descriptions) are left out by keeping short labels only.
import type { PlacedCandidates } from '../pipeline/fields/placed-candidates.js';

export interface LayoutFingerprint {
  labels: string[];
}

const MAX_LABEL_WORDS = 3;
const MAX_LABELS = 40;

export function layoutFingerprint(placed: PlacedCandidates | undefined): LayoutFingerprint {
  const labels = new Set<string>();
  for (const list of Object.values(placed ?? {})) {
    for (const { label } of list) if (label && label.split(' ').length <= MAX_LABEL_WORDS) labels.add(label);
  }
  return { labels: [...labels].sort().slice(0, MAX_LABELS) };
}

/** Jaccard similarity of the label sets: 1 for the same labels, 0 for none shared. */
export function layoutSimilarity(a: LayoutFingerprint, b: LayoutFingerprint): number {
  if (!a.labels.length || !b.labels.length) return 0;
  const other = new Set(b.labels);
  const shared = a.labels.filter((label) => other.has(label)).length;
  return shared / (a.labels.length + b.labels.length - shared);
}
