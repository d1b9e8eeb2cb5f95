// The training step of the blind folds: fits the learned field choice (scripts/train.mjs,
// src/pipeline/fields/choice/) on the documents it is given plus the generated training documents
// (never the set `npm run eval` measures on) and returns what predicts with it. The eval predicts
// each fold's documents with the model fitted without them ("blind") and every document with the
// model fitted on all ("seen"). Both run the fields stage in this process over the page words
// training read (the same words `extract --ignore-embedded-xml` reads), so the folds cost no
// second OCR pass; the model is written under `dir` for the record.
//
// The confidence calibration (src/pipeline/review/) is fitted on values the engine read blind, so
// predictions here come before the review stage and are calibrated after: `calibrationDocument` labels
// a reading's values, `fitConfidence` fits on them, `calibrate` applies a fit to a reading.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { documentExamples, fitModel, generatedDocuments, pageReader } from '../train.mjs';
import { vendorKey } from './folds.mjs';
import { documentValues } from './values.mjs';

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

/** Reads a document's fields with `choice` (a loaded choice model), before the review stage (extract.ts, Unreviewed). */
export async function predictor(choice, pages) {
  const { setChoiceModel } = await dist('pipeline/fields/choice/model.js');
  const { extractUnreviewed } = await dist('pipeline/extract.js');
  return async (doc) => {
    const read = await pages.read(doc);
    setChoiceModel(choice);
    return extractUnreviewed({ pageCount: read.length, pages: read, warnings: [] }, {});
  };
}

/**
 * An unreviewed reading as the calibration fits it: its labelled values that have a confidence, with
 * their features; whether a key field was not found; whether any labelled key value is wrong or missing.
 */
export async function calibrationDocument(doc, { outcome, evidence }) {
  const { valueFeatures } = await dist('pipeline/review/value-features.js');
  const { BOOKING_FIELDS } = await dist('pipeline/reconcile/key-fields.js');
  const features = outcome.is_document ? valueFeatures(outcome, evidence) : new Map();
  const rows = documentValues(doc, outcome);
  return {
    vendor: vendorKey(doc),
    values: rows.filter((r) => r.predicted && features.has(r.at)).map((r) => ({ path: r.at, status: r.status, features: features.get(r.at), correct: r.correct })),
    keyMissing: evidence.missing.length > 0,
    fine: rows.every((r) => !BOOKING_FIELDS.includes(r.path) || r.correct),
  };
}

export async function fitConfidence(documents, trained) {
  const { fitCalibration } = await dist('pipeline/review/fit-calibration.js');
  return fitCalibration(documents, trained);
}

/** An unreviewed reading as the engine with calibration `file` answers it. */
export async function calibrate(unreviewed, file) {
  const { reviewed } = await dist('pipeline/extract.js');
  return reviewed(unreviewed, file);
}

/** The OCR engines reading pages for training hold threads open; the eval closes them when done. */
export async function closeTraining() {
  await reader?.close();
}
