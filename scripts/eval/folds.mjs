// Blind folds for the eval and training scripts: documents split by vendor (src/learning/vendor-folds.ts),
// a labelled document's vendor being its label's vendor.name.
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { assignVendorFolds, vendorFoldKey } = await import(pathToFileURL(join(root, 'dist/src/learning/vendor-folds.js')).href);

/** Who issued the document: the label's vendor.name folded, else the document itself (its own vendor). */
export function vendorKey(doc) {
  return vendorFoldKey(doc.label?.vendor?.name) || `${doc.set}/${doc.folder}/${doc.name}`;
}

/** Fold 0..k-1 for every document, by vendor. */
export function assignFolds(docs, k) {
  return assignVendorFolds(docs.map(vendorKey), k);
}

/** Fold 0..k-1 for every document, whole families to a fold (a family: `familyKey`), largest first. */
export function assignFamilyFolds(docs, k) {
  return assignVendorFolds(docs.map(familyKey), k);
}

/** The family a document is measured in: the wide corpus's (kind.language.source), else its set and source folder. */
export function familyKey(doc) {
  return doc.family ?? `${doc.set}/${doc.folder.split(/[\\/]/u)[0]}`;
}
