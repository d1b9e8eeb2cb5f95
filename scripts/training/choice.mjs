// The learned field choice (src/pipeline/fields/choice/): its examples from labelled documents, its fit
// with each field's threshold measured by vendor folds, and the rules-against-model cross-validation.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assignFolds } from '../eval/folds.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(pathToFileURL(join(root, 'dist/src', path)).href);

const examplesByInput = new Map();

/** Each document's training examples per field; kept for the life of the process (the folds fit k + 1 times). */
export async function documentExamples(docs, reader) {
  const { documentExamples: examplesOf } = await dist('pipeline/fields/choice/training.js');
  await reader.warm?.(docs.filter((doc) => !examplesByInput.has(doc.input)));
  const out = [];
  for (const doc of docs) {
    if (!examplesByInput.has(doc.input)) {
      let examples = {};
      try {
        examples = examplesOf(await reader.read(doc), doc.label);
      } catch (error) {
        process.stderr.write(`train: ${doc.input} not read (${error.message}); left out\n`);
      }
      examplesByInput.set(doc.input, examples);
    }
    out.push(examplesByInput.get(doc.input));
  }
  return out;
}

const INNER_FOLDS = 3;
/**
 * The learner the shipped model is fitted with, and the blind folds' and calibration's models too:
 * boosted trees beat logistic regression on vendor folds of the wide corpus (docs/engine.md, Learned choice).
 */
export const LEARNER = 'boosted';
/**
 * The model file fitted on the examples of some documents (`docs`, the same order). Each field's
 * threshold is measured by vendor folds inside them: the one where the model's picks, over the rules'
 * picks they replace, gain the most right values less wrong ones; on a tie the higher (the rules keep
 * more), so a field the model does not help stays with the rules.
 */
export async function fitModel(examples, docs, { learner = LEARNER } = {}) {
  const { fit } = await dist('pipeline/fields/choice/fit.js');
  const { fromFile } = await dist('pipeline/fields/choice/model.js');
  const { CHOICE_FIELDS } = await dist('pipeline/fields/choice/training.js');
  const { FEATURE_NAMES } = await dist('pipeline/fields/choice/choose.js');
  const { THRESHOLDS, measuredThreshold } = await dist('pipeline/fields/choice/thresholds.js');
  const fitField = (field, family, some) => {
    const rows = some.flatMap((doc) => doc[field]?.rows ?? []);
    const targets = some.flatMap((doc) => doc[field]?.targets ?? []);
    if (!targets.includes(1) || !targets.includes(0)) return null;
    return fit(rows, targets, { learner, family, features: FEATURE_NAMES[family], threshold: 0.5 });
  };
  const folds = assignFolds(docs, INNER_FOLDS);
  const fields = {};
  const trained = { documents: examples.length, learner };
  for (const [field, family] of Object.entries(CHOICE_FIELDS)) {
    const whole = fitField(field, family, examples);
    if (!whole) continue;
    const { threshold, gain } = measuredThreshold(examples.map((doc) => doc[field]), folds, INNER_FOLDS, family, (fold) => {
      const inner = fitField(field, family, examples.filter((_, i) => folds[i] !== fold));
      return inner && fromFile({ version: 1, trained: {}, fields: { [field]: inner } })[field];
    });
    fields[field] = { ...whole, threshold };
    trained[field] = { candidates: examples.reduce((n, doc) => n + (doc[field]?.rows.length ?? 0), 0), gain: Object.fromEntries(THRESHOLDS.map((t, j) => [t, gain[j]])) };
  }
  return { version: 1, trained, fields };
}

/**
 * Vendor folds over the documents: per field, how often the rules and the model (fitted without the
 * fold) pick the labelled value, and how often each picks a wrong one.
 */
export async function crossValidate(docs, examples, k, options) {
  const { fromFile } = await dist('pipeline/fields/choice/model.js');
  const { CHOICE_FIELDS, pickedValue } = await dist('pipeline/fields/choice/training.js');
  const { sameValue } = await dist('pipeline/fields/choice/choose.js');
  const folds = assignFolds(docs, k);
  const tally = Object.fromEntries(Object.keys(CHOICE_FIELDS).map((f) => [f, { docs: 0, rule: { right: 0, wrong: 0 }, model: { right: 0, wrong: 0 } }]));
  const count = (t, value, gold, family) => value !== undefined && t[sameValue(value, gold, family) ? 'right' : 'wrong']++;
  for (let fold = 0; fold < k; fold++) {
    const outside = (_, i) => folds[i] !== fold;
    const model = fromFile(await fitModel(examples.filter(outside), docs.filter(outside), options));
    examples.forEach((doc, i) => {
      if (folds[i] !== fold || docs[i].set === 'generated') return;
      for (const [field, e] of Object.entries(doc)) {
        const t = tally[field];
        t.docs++;
        count(t.rule, e.rule, e.gold, CHOICE_FIELDS[field]);
        count(t.model, pickedValue(e, model[field]), e.gold, CHOICE_FIELDS[field]);
      }
    });
  }
  return tally;
}
