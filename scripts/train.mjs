#!/usr/bin/env node
// `npm run train`: fits the learned field choice (src/pipeline/fields/choice/) on the labelled corpus,
// the words corpus, the wide corpus's open split and documents the generator writes from a training
// seed, and writes models/field-choice.json; then the confidence calibration (src/pipeline/review/) on
// the values the engine reads in family folds, each fold with a choice fitted without it:
// models/confidence.json. Deterministic: the same data give the same file (fixed seeds, no clock).
// Page words are read once and kept under .eval/pages/ by the file's hash (--refresh reads again,
// after a change to reading or OCR).
//
//   node scripts/train.mjs [--learner boosted|forest|logistic] [--confidence-score boosted|logistic] [--out models/field-choice.json] [--confidence models/confidence.json]
//        [--generated 200] [--cv 5] [--refresh]
//
// --cv K also measures the model against the rules' picks by vendor folds (docs/engine.md, Learned choice).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fitCalibrationFile } from './training/calibration.mjs';
import { crossValidate, documentExamples, fitModel, LEARNER } from './training/choice.mjs';
import { trainingDocuments } from './training/documents.mjs';
import { pageReader } from './training/pages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** As the eval's blind folds (scripts/eval.mjs --folds). */
const CALIBRATION_FOLDS = 5;

async function main() {
  const { values } = parseArgs({
    options: {
      learner: { type: 'string', default: LEARNER },
      'confidence-score': { type: 'string', default: 'boosted' },
      out: { type: 'string', default: join(root, 'models/field-choice.json') },
      confidence: { type: 'string', default: join(root, 'models/confidence.json') },
      generated: { type: 'string', default: '200' },
      cv: { type: 'string' },
      refresh: { type: 'boolean', default: false },
    },
  });
  if (!['boosted', 'forest', 'logistic'].includes(values.learner)) throw new Error('--learner is boosted, forest or logistic');
  if (!['boosted', 'logistic'].includes(values['confidence-score'])) throw new Error('--confidence-score is boosted or logistic');
  const started = Date.now();
  const docs = trainingDocuments({ generated: Number(values.generated) });
  const reader = await pageReader({ refresh: values.refresh });
  const examples = await documentExamples(docs, reader);
  const read = (Date.now() - started) / 1000;
  if (values.cv) {
    const tally = await crossValidate(docs, examples, Number(values.cv), { learner: values.learner });
    console.log(`cross-validation, ${values.cv} vendor folds, learner ${values.learner} (corpus + words documents scored; generated only fitted on):`);
    console.log('| field | docs | rules right | rules wrong | model right | model wrong |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [field, t] of Object.entries(tally)) console.log(`| ${field} | ${t.docs} | ${t.rule.right} | ${t.rule.wrong} | ${t.model.right} | ${t.model.wrong} |`);
  }
  const model = await fitModel(examples, docs, { learner: values.learner });
  mkdirSync(dirname(resolve(values.out)), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(model)}\n`);
  const calibration = await fitCalibrationFile(docs, examples, reader, CALIBRATION_FOLDS, { learner: values.learner, scorer: values['confidence-score'] });
  await reader.close();
  writeFileSync(values.confidence, `${JSON.stringify(calibration)}\n`);
  const { rightMarked, silent } = calibration.trained;
  console.log(`train: confidence calibration written to ${values.confidence}: review below ${calibration.reviewBelow} marks ${rightMarked} of the right values and leaves ${silent} of the values wrong unmarked, on vendors it was not fitted on`);
  console.log(`train: ${docs.length} documents (pages read in ${read.toFixed(0)} s), model written to ${values.out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`train: ${error.message}`);
    process.exit(1);
  });
}
