// The seeded split by vendor: about a share (0.3) of each family's documents go to the sealed side,
// whole vendors (or layouts, `splitGroup`) at a time, so no vendor is on both sides. Assignments already in the manifest never
// change here: a document of a vendor already placed follows its vendor, and only vendors new to the
// manifest are placed. Moving a sealed document to the open side takes a recorded re-split (a new seed
// in the manifest's history), never an edit of one entry.
import { createHash } from 'node:crypto';
import { familyOf } from './manifest.mjs';

// Legal forms and punctuation say nothing about who the vendor is ("Acme Oy" and "ACME OY." are one).
const LEGAL_FORMS = /\b(oy|oyj|ab|as|aps|oü|ou|sia|uab|ag|gmbh|kg|ug|sa|sas|sarl|srl|spa|sl|bv|nv|sp z o o|ltd|limited|llc|inc|plc|corp|co|pvt|pte)\b/gu;

/** A vendor name folded for grouping: no accents, case, punctuation or legal form. */
export function vendorGroup(name) {
  const folded = String(name).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ');
  return folded.replace(LEGAL_FORMS, ' ').replace(/\s+/gu, ' ').trim() || folded.trim();
}

/**
 * What the split keeps on one side: documents that share a layout. An entry's `group` names it where
 * several vendors print one layout (a chain's stores, one till system); documents rendered by one
 * project's template share that template, whoever they name as vendor; else the vendor.
 */
export function splitGroup(doc) {
  if (doc.group) return `group:${vendorGroup(doc.group)}`;
  if (doc.template) return `template:${doc.repo.toLowerCase()}`;
  return vendorGroup(doc.vendor);
}

/**
 * Places every entry without a split. `documents`: the manifest's entries (old ones keep theirs);
 * returns the same entries with `split` and `family` set. Per family, new vendors are taken in the
 * order of a hash of seed and vendor, and each goes sealed while the family's sealed documents stay
 * within `share` of its documents; a family with two or more vendors and nothing sealed seals its first.
 */
export function assignSplit(documents, { seed, share = 0.3 }) {
  const docs = documents.map((d) => ({ ...d, family: familyOf(d) }));
  const sideOf = new Map(); // split group -> split, from entries already placed
  for (const d of docs) if (d.split) sideOf.set(splitGroup(d), d.split);
  for (const d of docs) if (!d.split && sideOf.has(splitGroup(d))) d.split = sideOf.get(splitGroup(d));

  // A new vendor belongs to the family most of its documents are in (ties: the first in name order).
  const newVendors = new Map(); // group -> documents
  for (const d of docs.filter((x) => !x.split)) newVendors.set(splitGroup(d), [...(newVendors.get(splitGroup(d)) ?? []), d]);
  const homeFamily = (group) => {
    const counts = new Map();
    for (const d of newVendors.get(group)) counts.set(d.family, (counts.get(d.family) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  };
  const byFamily = new Map();
  for (const group of newVendors.keys()) byFamily.set(homeFamily(group), [...(byFamily.get(homeFamily(group)) ?? []), group]);

  const hash = (text) => createHash('sha256').update(`${seed}\u0000${text}`).digest('hex');
  for (const [family, groups] of [...byFamily].sort((a, b) => a[0].localeCompare(b[0]))) {
    const inFamily = docs.filter((d) => d.family === family);
    const familyVendors = new Set(inFamily.map(splitGroup));
    let sealed = inFamily.filter((d) => d.split === 'sealed').length;
    const target = share * inFamily.length;
    for (const group of groups.sort((a, b) => hash(a).localeCompare(hash(b)))) {
      const own = newVendors.get(group);
      const ownHere = own.filter((d) => d.family === family).length;
      const side = sealed + ownHere <= target + 1e-9 || (sealed === 0 && familyVendors.size >= 2) ? 'sealed' : 'open';
      if (side === 'sealed') sealed += ownHere;
      for (const d of own) d.split = side;
    }
  }
  return docs;
}
