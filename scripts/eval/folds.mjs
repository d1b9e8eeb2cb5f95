// Blind folds: documents split by vendor, so no vendor is both fitted on and scored on. The split
// depends on the labels alone, so every run and every machine scores the same folds.
import { createHash } from 'node:crypto';

// Legal forms say nothing about who the vendor is: "ABC SDN BHD" and "ABC SDN. BHD" are one vendor.
const LEGAL_FORMS = /\b(sdn|bhd|s b|gmbh|ag|kg|ltd|limited|llc|inc|co|corp|oü|ou|as|sa|sarl|sas|bv|nv|plc|enterprise|trading)\b/gu;

/** Who issued the document: the label's vendor.name folded, else the document itself (its own vendor). */
export function vendorKey(doc) {
  const name = doc.label?.vendor?.name;
  const folded = typeof name === 'string' ? fold(name).replace(LEGAL_FORMS, ' ').replace(/\s+/gu, ' ').trim() : '';
  return folded || `${doc.set}/${doc.folder}/${doc.name}`;
}

/**
 * Fold 0..k-1 for every document. Vendors go, the largest first (ties in the order of a hash of their
 * key), each to the fold that holds the fewest documents so far, so folds are near equal in size
 * although a few vendors issued dozens of the receipts.
 */
export function assignFolds(docs, k) {
  const counts = new Map();
  for (const doc of docs) counts.set(vendorKey(doc), (counts.get(vendorKey(doc)) ?? 0) + 1);
  const vendors = [...counts.keys()].sort((a, b) => counts.get(b) - counts.get(a) || hash(a).localeCompare(hash(b)));
  const sizes = new Array(k).fill(0);
  const foldOf = new Map();
  for (const vendor of vendors) {
    const fold = sizes.indexOf(Math.min(...sizes));
    foldOf.set(vendor, fold);
    sizes[fold] += counts.get(vendor);
  }
  return docs.map((doc) => foldOf.get(vendorKey(doc)));
}

function fold(text) {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const hash = (text) => createHash('sha256').update(text).digest('hex');
