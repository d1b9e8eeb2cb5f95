// Leave-one-family-out: everything the engine learns (the field choice and the confidence calibration,
// scripts/eval/train.mjs) is fitted without a family and scored on it, family by family. Where the
// blind folds hide vendors, this hides whole kinds of document (a language, a source, a kind), which is
// what a new user's documents are to the engine. The rules stay as they are: they have seen the old
// corpus's families, not the wide corpus's.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { combine, score } from './sets.mjs';
import { calibrationDocument } from '../training/calibration.mjs';
import { blindReadings, calibrateFolds } from './train.mjs';

/** The smallest family scored on its own; smaller ones stay in training and are not scored here. */
export const MIN_FAMILY = 5;

/**
 * `docs`: labelled documents, each with `family` and `gold` (the folder its label is scored from).
 * Returns `[{ family, docs, f1, precision, recall, silent }]` for every family of MIN_FAMILY documents
 * or more, and the families left unscored.
 */
export async function leaveFamilyOut(docs, { dir, scorer }) {
  const counts = new Map();
  for (const d of docs) counts.set(d.family, (counts.get(d.family) ?? 0) + 1);
  const scored = [...counts].filter(([, n]) => n >= MIN_FAMILY).map(([f]) => f).sort();
  // Fold i holds family i; the unscored families make one last fold that is never left out.
  const folds = docs.map((d) => (scored.includes(d.family) ? scored.indexOf(d.family) : scored.length));
  rmSync(dir, { recursive: true, force: true });
  const readings = await blindReadings(docs, folds, scored.length, join(dir, 'models'));
  const inScored = docs.map((d, i) => [d, i]).filter(([, i]) => folds[i] < scored.length);
  const labelled = await Promise.all(docs.map((doc, i) => (readings[i] ? calibrationDocument(doc, readings[i]) : { vendor: doc.name, values: [], keyMissing: false, fine: true })));
  await calibrateFolds(docs, folds, scored.length, readings, labelled, {
    answered: (doc, document) => {
      const out = join(dir, 'pred', doc.family);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, `${doc.name}.json`), JSON.stringify(document));
    },
  });
  const rows = scored.map((family) => {
    const inFamily = inScored.filter(([d]) => d.family === family).map(([d]) => d);
    const report = score(scorer, inFamily[0].gold, join(dir, 'pred', family), join(dir, `${family.replaceAll('/', '_')}.score.json`)).figures;
    return { family, docs: inFamily.length, ...combine([report]) };
  });
  return { rows, unscored: [...counts].filter(([f]) => !scored.includes(f)) };
}
