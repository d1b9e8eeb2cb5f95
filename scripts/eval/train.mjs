// The training step of the blind folds: fits the learned field choice (scripts/train.mjs,
// src/pipeline/fields/choice/) on the documents it is given plus the generated training documents
// (never the set `npm run eval` measures on) and returns what predicts with it. The eval predicts
// each fold's documents with the model fitted without them ("blind") and every document with the
// model fitted on all ("seen"). Both run the fields stage in this process over the page words
// training read (the same words `extract --ignore-embedded-xml` reads), so the folds cost no
// second OCR pass; the model is written under `dir` for the record.
//
// The confidence calibration (src/pipeline/review/) is fitted on values the engine read blind, so
// predictions here come raw (calibration off) and are calibrated after: `calibrationDocument` labels a
// raw outcome's values, `fitConfidence` fits on them, `calibrate` applies a fit to a raw outcome.
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

/** Reads a document's fields with `choice` (a loaded choice model) and no calibration: the raw outcome. */
export async function predictor(choice, pages) {
  const { setChoiceModel } = await dist('pipeline/fields/choice/model.js');
  const { setCalibration } = await dist('pipeline/review/calibration.js');
  const { extractFromRead } = await dist('pipeline/extract.js');
  return async (doc) => {
    const read = await pages.read(doc);
    setChoiceModel(choice);
    setCalibration(null);
    return extractFromRead({ pageCount: read.length, pages: read, warnings: [] }, {});
  };
}

/**
 * A raw outcome as the calibration fits it: its labelled values that have a confidence, with their
 * features; whether a key field was not found; whether any labelled key value is wrong or missing.
 */
export async function calibrationDocument(doc, outcome) {
  const { valueFeatures } = await dist('pipeline/review/value-features.js');
  const { DOCUMENT_KEY_PATHS } = await dist('pipeline/review/calibration.js');
  const features = outcome?.is_document ? valueFeatures(outcome) : new Map();
  const rows = documentValues(doc, outcome);
  return {
    vendor: vendorKey(doc),
    values: rows.filter((r) => r.predicted && features.has(r.at)).map((r) => ({ path: r.at, status: r.status, features: features.get(r.at), correct: r.correct })),
    keyMissing: (outcome?.review_fields ?? []).some((path) => DOCUMENT_KEY_PATHS.includes(path) && !(path in outcome.field_status)),
    fine: rows.every((r) => !DOCUMENT_KEY_PATHS.includes(r.path) || r.correct),
  };
}

export async function fitConfidence(documents, trained) {
  const { fitCalibration } = await dist('pipeline/review/fit-calibration.js');
  return fitCalibration(documents, trained);
}

/** A raw outcome as the engine with calibration `file` would have answered. */
export async function calibrate(outcome, file) {
  const { applyCalibration } = await dist('pipeline/review/apply-calibration.js');
  if (!outcome.is_document) return outcome;
  // The key fields not found: listed in review_fields with no status of their own.
  const missing = outcome.review_fields.filter((path) => !(path in outcome.field_status));
  return applyCalibration(outcome, file, missing);
}

/** The OCR engines reading pages for training hold threads open; the eval closes them when done. */
export async function closeTraining() {
  await reader?.close();
}
