// The training step of the blind folds: fits the learned field choice (scripts/training/choice.mjs,
// src/pipeline/fields/choice/) on the documents it is given plus the generated training documents
// (never the set `npm run eval` measures on) and returns what predicts with it. The eval predicts
// each fold's documents with the model fitted without them ("blind") and every document with the
// model fitted on all ("seen"). Both run the fields stage in this process over the page words
// training read (the same words `extract --ignore-embedded-xml` reads), so the folds cost no
// second OCR pass; the model is written under `dir` for the record.
// Each fold's readings are calibrated by a fit on the other folds' (scripts/training/calibration.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { calibrate, fitConfidence, predictor } from '../training/calibration.mjs';
import { documentExamples, fitModel } from '../training/choice.mjs';
import { generatedDocuments } from '../training/documents.mjs';
import { pageReader } from '../training/pages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(pathToFileURL(join(root, 'dist/src', path)).href);
const GENERATED = 200;
let reader;

export async function train({ docs, dir }) {
  reader ??= await pageReader();
  const fitted = [...docs, ...generatedDocuments(GENERATED)];
  const file = await fitModel(await documentExamples(fitted, reader), fitted);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'field-choice.json'), JSON.stringify(file));
  const { fromFile } = await dist('pipeline/fields/choice/model.js');
  return { predict: await predictor(fromFile(file), reader) };
}

/**
 * The blind readings before the review stage: each of the k folds' documents read with the choice
 * fitted without them (the models are written under `dir`/model-<fold>).
 */
export async function blindReadings(docs, folds, k, dir) {
  const readings = [];
  for (let fold = 0; fold < k; fold++) {
    const model = await train({ docs: docs.filter((_, i) => folds[i] !== fold), dir: join(dir, `model-${fold}`) });
    for (const [i, doc] of docs.entries()) if (folds[i] === fold) readings[i] = await model.predict(doc);
  }
  return readings;
}

/**
 * Each fold calibrated by a map fitted on the other folds' values (`labelled`, calibrationDocument's),
 * `fitted(fold, calibration)`, and its documents' readings answered with it, `answered(doc, document)`.
 */
export async function calibrateFolds(docs, folds, k, readings, labelled, { fitted = () => {}, answered }) {
  for (let fold = 0; fold < k; fold++) {
    const calibration = await fitConfidence(labelled.filter((_, i) => folds[i] !== fold));
    fitted(fold, calibration);
    for (const [i, doc] of docs.entries()) if (folds[i] === fold) answered(doc, await calibrate(readings[i], calibration));
  }
}

/** The OCR engines reading pages for training hold threads open; the eval closes them when done. */
export async function closeTraining() {
  await reader?.close();
}
