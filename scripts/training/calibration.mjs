// The confidence calibration (src/pipeline/review/) is fitted on values the engine read blind, so
// readings come before the review stage and are calibrated after: `calibrationDocument` labels a
// reading's values, `fitConfidence` fits on them, `calibrate` applies a fit to a reading.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assignFamilyFolds, familyKey, vendorKey } from '../eval/folds.mjs';
import { documentValues } from '../eval/values.mjs';
import { fitModel } from './choice.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(pathToFileURL(join(root, 'dist/src', path)).href);

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
    family: familyKey(doc),
    values: rows.filter((r) => r.predicted && features.has(r.at)).map((r) => ({ path: r.at, status: r.status, features: features.get(r.at), correct: r.correct })),
    keyMissing: evidence.missing.length > 0,
    fine: rows.every((r) => !BOOKING_FIELDS.includes(r.path) || r.correct),
  };
}

/** `scorer`: the calibration's score, boosted trees (used) or logistic regression (measured against). */
export async function fitConfidence(documents, trained, scorer = 'boosted') {
  const { fitCalibration } = await dist('pipeline/review/fit-calibration.js');
  return fitCalibration(documents, trained, scorer);
}

/** An unreviewed reading as the engine with calibration `file` answers it. */
export async function calibrate(unreviewed, file) {
  const { reviewed } = await dist('pipeline/extract.js');
  return reviewed(unreviewed, file);
}

/**
 * The confidence calibration (src/pipeline/review/): fitted on the values of the labelled documents
 * (corpus, words corpus, the wide corpus's open split), each read with a field choice fitted without
 * its family: the stated confidence is what the engine's choice gets right on a kind of document it
 * has not learned from, which is what a new user's documents are to it.
 */
export async function fitCalibrationFile(docs, examples, reader, k, { learner, scorer } = {}) {
  const { fromFile } = await dist('pipeline/fields/choice/model.js');
  const scored = [...docs.keys()].filter((i) => docs[i].set !== 'generated');
  const folds = new Map(assignFamilyFolds(scored.map((i) => docs[i]), k).map((fold, j) => [scored[j], fold]));
  const labelled = [];
  for (let fold = 0; fold < k; fold++) {
    const outside = (_, i) => folds.get(i) !== fold;
    const predict = await predictor(fromFile(await fitModel(examples.filter(outside), docs.filter(outside), { learner })), reader);
    for (const i of scored) if (folds.get(i) === fold) labelled.push(await calibrationDocument(docs[i], await predict(docs[i])));
  }
  return fitConfidence(labelled, { folds: k }, scorer);
}
