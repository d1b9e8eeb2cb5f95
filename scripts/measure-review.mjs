// The review stage's loop: the blind folds' readings before the review stage are kept once
// (each fold read with the field choice fitted without it, as `npm run eval` does), then every run
// refits each fold's calibration on the other folds and scores the result with the shared scorer, in
// seconds. A change to the review stage's features or fitting shows here before `npm run train` and
// a full eval; a change to the fields stage needs `--reread`.
//
//   npm run build && node scripts/measure-review.mjs [--reread]
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assignFolds } from './eval/folds.mjs';
import { labelledDocuments, score } from './eval/sets.mjs';
import { blindReadings, calibrateFolds, closeTraining } from './eval/train.mjs';
import { calibrationDocument } from './training/calibration.mjs';
import { labelledValues } from './eval/values.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDS = 5;
const sets = { corpus: resolve(root, '../shared/corpus'), words: resolve(root, '../shared/corpus-words') };
const scorer = resolve(root, '../shared/eval/score.mjs');
const out = join(root, '.eval/review');
const docs = [...labelledDocuments(sets.corpus, 'corpus'), ...labelledDocuments(sets.words, 'words')];
const folds = assignFolds(docs, FOLDS);

const cache = join(out, 'readings.json');
let readings;
if (existsSync(cache) && !process.argv.includes('--reread')) readings = JSON.parse(readFileSync(cache, 'utf8'));
else {
  readings = await blindReadings(docs, folds, FOLDS, out);
  mkdirSync(out, { recursive: true });
  writeFileSync(cache, JSON.stringify(readings));
}
await closeTraining();

const pred = join(out, 'blind');
rmSync(pred, { recursive: true, force: true });
const labelled = await Promise.all(docs.map((doc, i) => calibrationDocument(doc, readings[i])));
await calibrateFolds(docs, folds, FOLDS, readings, labelled, {
  answered: (doc, document) => {
    mkdirSync(join(pred, doc.set, doc.folder), { recursive: true });
    writeFileSync(join(pred, doc.set, doc.folder, `${doc.name}.json`), JSON.stringify(document));
  },
});

const h = { wrong: 0, wrongFlagged: 0, correct: 0, correctFlagged: 0 };
for (const [set, gold] of Object.entries(sets)) {
  const { honesty } = score(scorer, gold, join(pred, set), join(out, `${set}.score.json`)).figures;
  for (const k of Object.keys(h)) h[k] += honesty[k];
}
const values = h.wrong + h.correct;
console.log(`blind folds: ${values} values, silent ${h.wrong - h.wrongFlagged} = ${((100 * (h.wrong - h.wrongFlagged)) / values).toFixed(2)} %, wrong marked ${h.wrongFlagged}/${h.wrong}, right marked ${((100 * h.correctFlagged) / h.correct).toFixed(1)} %`);

// The trade-off the stated probabilities allow: mark the least probable values until a share of the
// right ones is marked (the arithmetic's forced marks aside).
const rows = Object.keys(sets).flatMap((set) => labelledValues(docs.filter((d) => d.set === set), join(pred, set))).filter((r) => r.predicted);
const right = rows.filter((r) => r.correct).length;
const ranked = [...rows].sort((a, b) => (a.confidence ?? 0) - (b.confidence ?? 0));
const tradeOff = [0.06, 0.08, 0.1, 0.12, 0.15].map((share) => {
  let rightMarked = 0;
  let wrongMarked = 0;
  for (const r of ranked) {
    if (r.correct && ++rightMarked > share * right) break;
    if (!r.correct) wrongMarked++;
  }
  return `${Math.round(share * 100)} % → ${((100 * (rows.length - right - wrongMarked)) / rows.length).toFixed(2)} %`;
});
console.log(`right values marked → silent: ${tradeOff.join(', ')}`);
