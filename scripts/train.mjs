#!/usr/bin/env node
// `npm run train`: fits the learned field choice (src/pipeline/fields/choice/) on the labelled corpus,
// the words corpus and documents the generator writes from a training seed, and writes
// models/field-choice.json; then the confidence calibration (src/pipeline/review/) on the values the
// engine reads in vendor folds, each fold with a choice fitted without it: models/confidence.json. Deterministic: the same data give the same file (fixed seeds, no clock).
// Page words are read once and kept under .eval/pages/ by the file's hash (--refresh reads again,
// after a change to reading or OCR).
//
//   node scripts/train.mjs [--learner forest|logistic] [--out models/field-choice.json] [--confidence models/confidence.json]
//        [--generated 200] [--cv 5] [--refresh]
//
// --cv K also measures the model against the rules' picks by vendor folds (docs/engine.md, Learned choice).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { assignFolds } from './eval/folds.mjs';
import { labelledDocuments } from './eval/sets.mjs';
import { calibrationDocument, fitConfidence, predictor } from './eval/train.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => import(pathToFileURL(join(root, 'dist/src', path)).href);
/** Never the measuring seed of `npm run eval` (20261124): the generated set stays unseen. */
const TRAINING_SEED = '4242';
const LIMITS = { maxPages: 200, maxPixels: 100_000_000 }; // the service defaults (src/config/config.ts)

/** The labelled documents training uses by default: corpus, words corpus, generated (written if missing). */
export function trainingDocuments({ corpus = resolve(root, '../shared/corpus'), words = resolve(root, '../shared/corpus-words'), generated = 200 } = {}) {
  return [...labelledDocuments(corpus, 'corpus'), ...labelledDocuments(words, 'words'), ...generatedDocuments(generated)];
}

export function generatedDocuments(n) {
  if (!n) return [];
  const dir = join(root, `.eval/train-generated/${TRAINING_SEED}-${n}`);
  if (!existsSync(join(dir, 'done'))) {
    rmSync(dir, { recursive: true, force: true });
    const made = spawnSync(process.execPath, [join(root, 'scripts/synth.mjs'), '--n', String(n), '--seed', TRAINING_SEED, '--out', dir, '--images', '0.25'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (made.status !== 0) throw new Error(`the generator failed (exit ${made.status})`);
    writeFileSync(join(dir, 'done'), '');
  }
  return labelledDocuments(dir, 'generated');
}

/**
 * The code that reads pages (ingest, OCR, the text layer), hashed: words read by other code are read
 * again, so the blind folds never score words an earlier OCR read (they once scored 8 receipts as a
 * reverted change had read them).
 */
export function readingCode() {
  const hash = createHash('sha256');
  const files = ['ingest', 'pipeline/ocr'].flatMap((dir) =>
    readdirSync(join(root, 'dist/src', dir), { recursive: true }).map((f) => join(dir, String(f))),
  );
  for (const file of [...files, 'pipeline/read-document.js', 'pipeline/read-pdf-words.js'].filter((f) => f.endsWith('.js') && !f.endsWith('.test.js')).sort()) {
    hash.update(file).update(readFileSync(join(root, 'dist/src', file)));
  }
  return hash.digest('hex');
}

/** Page words of each document, read as `extract --ignore-embedded-xml` reads them, cached by content and reading code. */
export async function pageReader({ refresh = false } = {}) {
  const { detectMediaType } = await dist('ingest/media-type.js');
  const { readDocument } = await dist('pipeline/read-document.js');
  const { parseWordsFile } = await dist('pipeline/words-input.js');
  const { closeOcr } = await dist('pipeline/ocr/index.js');
  const cache = join(root, '.eval/pages');
  mkdirSync(cache, { recursive: true });
  const code = readingCode();
  return {
    async read(doc) {
      const bytes = readFileSync(doc.input);
      if (doc.input.endsWith('.words.json')) return parseWordsFile(bytes.toString('utf8'));
      const cached = join(cache, `${createHash('sha256').update(code).update(bytes).digest('hex').slice(0, 32)}.json`);
      if (!refresh && existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
      const request = { bytes: new Uint8Array(bytes), mediaType: await detectMediaType(bytes), filename: doc.input, hints: {}, limits: LIMITS, ignoreEmbeddedXml: true };
      const { pages } = await readDocument(request);
      writeFileSync(cached, JSON.stringify(pages));
      return pages;
    },
    close: closeOcr,
  };
}

const examplesByInput = new Map();

/** Each document's training examples per field; kept for the life of the process (the folds fit k + 1 times). */
export async function documentExamples(docs, reader) {
  const { documentExamples: examplesOf } = await dist('pipeline/fields/choice/training.js');
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
/** As the eval's blind folds (scripts/eval.mjs --folds). */
const CALIBRATION_FOLDS = 5;

/**
 * The model file fitted on the examples of some documents (`docs`, the same order). Each field's
 * threshold is measured by vendor folds inside them: the one where the model's picks, over the rules'
 * picks they replace, gain the most right values less wrong ones; on a tie the higher (the rules keep
 * more), so a field the model does not help stays with the rules.
 */
export async function fitModel(examples, docs, { learner = 'logistic' } = {}) {
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

/**
 * The confidence calibration (src/pipeline/review/): fitted on the values of the corpus and words
 * documents, each read with a field choice fitted without its vendor fold, as the blind folds read them.
 */
export async function fitCalibrationFile(docs, examples, reader, k) {
  const { fromFile } = await dist('pipeline/fields/choice/model.js');
  const scored = [...docs.keys()].filter((i) => docs[i].set !== 'generated');
  const folds = new Map(assignFolds(scored.map((i) => docs[i]), k).map((fold, j) => [scored[j], fold]));
  const labelled = [];
  for (let fold = 0; fold < k; fold++) {
    const outside = (_, i) => folds.get(i) !== fold;
    const predict = await predictor(fromFile(await fitModel(examples.filter(outside), docs.filter(outside))), reader);
    for (const i of scored) if (folds.get(i) === fold) labelled.push(await calibrationDocument(docs[i], await predict(docs[i])));
  }
  return fitConfidence(labelled, { folds: k });
}

async function main() {
  const { values } = parseArgs({
    options: {
      learner: { type: 'string', default: 'logistic' },
      out: { type: 'string', default: join(root, 'models/field-choice.json') },
      confidence: { type: 'string', default: join(root, 'models/confidence.json') },
      generated: { type: 'string', default: '200' },
      cv: { type: 'string' },
      refresh: { type: 'boolean', default: false },
    },
  });
  if (!['forest', 'logistic'].includes(values.learner)) throw new Error('--learner is forest or logistic');
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
  const calibration = await fitCalibrationFile(docs, examples, reader, CALIBRATION_FOLDS);
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
