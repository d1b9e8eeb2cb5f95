#!/usr/bin/env node
// `npm run eval`: the offline extraction over every labelled set, scored by the shared scorer
// (../shared/eval/score.mjs), ending with summary tables: the scores, the line items, and the review
// marks and confidence (silent errors, marks on wrong and on correct values, missing key fields
// listed, the reliability table). The sets (docs/engine.md, Measuring):
//
//   corpus     ../shared/corpus in both modes: as the service answers (embedded e-invoice XML used) and
//              reading the page only (--ignore-embedded-xml), which the engine's targets are measured on
//   words      ../shared/corpus-words: pages of words with boxes (`extract --words`), no OCR
//   folds      corpus (reading the page) and words corpus split by vendor into k folds; whatever the
//              engine learns (scripts/eval/train.mjs) is fitted without the fold it is scored on
//   generated  documents the generator (scripts/synth.mjs) writes from a fixed seed nothing is tuned on
//   ocr        OCR on its own, per engine: the corpus's receipts against their ground-truth lines
//              (scripts/eval/ocr.mjs)
//   open       the wide corpus's open split (corpus/README.md; `npm run corpus` lays it out in .corpus),
//              as served, per family, kind, language and source (scripts/eval/wide.mjs)
//   lofo       leave one family out: what the engine learns fitted without a family and scored on it,
//              over the corpus's sources, the words corpus and the open split's families
//              (scripts/eval/leave-family-out.mjs)
//
// --sealed measures the wide corpus's sealed split alone and prints its aggregates only: no document's
// name, value or miss is printed, and its predictions are deleted once scored.
//
//   node scripts/eval.mjs [--sets corpus,words,folds,generated,ocr] [--mode both|xml|page] [--corpus DIR]
//        [--words-corpus DIR] [--folds 5] [--seed S] [--n N] [--synth scripts/synth.mjs] [--out .eval]
//        [--show-misses N] [--ocr-engines default,tesseract,tesseract.js,paddle] [--wide .corpus] [--sealed]
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { assignFolds, familyKey, vendorKey } from './eval/folds.mjs';
import { combine, extractDocuments, labelledDocuments, score } from './eval/sets.mjs';
import { blindReadings, calibrateFolds, closeTraining, train } from './eval/train.mjs';
import { calibrate, calibrationDocument, fitConfidence } from './training/calibration.mjs';
import { ITEM_MEMBERS, lineItemFigures } from './eval/line-items.mjs';
import { BINS, reviewFigures } from './eval/reliability.mjs';
import { labelledValues, matchesScorer } from './eval/values.mjs';
import { OCR_ENGINES, ocrFigures, receiptsWithLines } from './eval/ocr.mjs';
import { wideDocuments, wideFigures, wideTables } from './eval/wide.mjs';
import { leaveFamilyOut, MIN_FAMILY } from './eval/leave-family-out.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SETS = ['corpus', 'words', 'folds', 'generated', 'ocr', 'open', 'lofo'];
// The generated set's seed: fixed so runs compare, and never used to tune anything.
const GENERATED_SEED = '20261124';
const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: SETS.join(',') },
    mode: { type: 'string', default: 'both' },
    corpus: { type: 'string', default: resolve(root, '../shared/corpus') },
    'words-corpus': { type: 'string', default: resolve(root, '../shared/corpus-words') },
    folds: { type: 'string', default: '5' },
    seed: { type: 'string', default: GENERATED_SEED },
    n: { type: 'string', default: '100' },
    synth: { type: 'string', default: join(root, 'scripts/synth.mjs') },
    out: { type: 'string', default: join(root, '.eval') },
    'show-misses': { type: 'string' },
    'ocr-engines': { type: 'string', default: OCR_ENGINES.join(',') },
    wide: { type: 'string', default: join(root, '.corpus') },
    sealed: { type: 'boolean', default: false },
  },
});
const sets = values.sets.split(',').map((s) => s.trim());
const unknown = sets.find((s) => !SETS.includes(s));
if (unknown) usage(`unknown set "${unknown}"; the sets are ${SETS.join(', ')}`);
if (!['both', 'xml', 'page'].includes(values.mode)) usage(`--mode is both, xml or page`);
const k = Number(values.folds);
if (!Number.isInteger(k) || k < 2) usage('--folds is a whole number of at least 2');
const corpus = resolve(values.corpus);
const wordsCorpus = resolve(values['words-corpus']);
const out = resolve(values.out);
const scorer = resolve(root, '../shared/eval/score.mjs');
mkdirSync(out, { recursive: true });

if (values.sealed) {
  await sealedSplit();
  process.exit(0);
}

const summary = [];
const f = (x) => x.toFixed(3);
const corpusDocs = labelledDocuments(corpus, 'corpus');
const wordsDocs = labelledDocuments(wordsCorpus, 'words');
const runs = new Map(); // what has been extracted in this run: name -> { pred, seconds }

if (sets.includes('corpus')) {
  for (const mode of values.mode === 'both' ? ['xml', 'page'] : [values.mode]) {
    const title = mode === 'xml' ? 'corpus, as served (embedded XML used)' : 'corpus, reading the page (--ignore-embedded-xml)';
    measure(title, corpus, corpusDocs, extractCorpus(mode));
  }
}
if (sets.includes('words')) measure('words corpus (extract --words)', wordsCorpus, wordsDocs, extractWords());
if (sets.includes('folds')) await blindFolds();
if (sets.includes('generated')) generated();
const wide = sets.includes('open') ? openSplit() : [];
const lofo = sets.includes('lofo') ? await familiesLeftOut() : [];
await closeTraining(); // the page reader the folds and families train with
const ocr = sets.includes('ocr') ? ocrSection() : [];

console.log('\n## Summary\n');
console.log('| set | docs | f1 | precision | recall | silent | time |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of summary) {
  if (row.skipped) console.log(`| ${row.set} | – | – | – | – | – | skipped: ${row.skipped} |`);
  else console.log(`| ${row.set} | ${row.docs} | ${f(row.f1)} | ${f(row.precision)} | ${f(row.recall)} | ${f(row.silent)} | ${row.seconds.toFixed(0)} s |`);
}
// The line items: item count exact per document with labelled items, the members' f1, and the
// share of documents labelled with items, net and gross whose predicted items add up to one of them.
console.log('\n## Line items\n');
console.log(`| set | docs with items | count exact | ${ITEM_MEMBERS.join(' | ')} | items add up |`);
console.log(`|---|---:|---:|${ITEM_MEMBERS.map(() => '---:').join('|')}|---:|`);
const g = (x) => (x === null ? '–' : f(x));
for (const { set, items } of summary.filter((r) => r.items)) {
  console.log(`| ${set} | ${items.docs} | ${g(items.countExact)} | ${ITEM_MEMBERS.map((m) => g(items[m])).join(' | ')} | ${g(items.addUp)} of ${items.withBoth} |`);
}
// Review honesty: silent errors (wrong and not marked) among the predicted labelled values, how
// many of the wrong and of the correct values are marked, how many labelled key fields the engine did
// not find are listed in review_fields, and how far stated confidence is from observed accuracy.
const reviewed = summary.filter((r) => r.review);
const pct = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : '–');
console.log('\n## Review and confidence\n');
console.log('| set | values | silent errors | wrong marked | correct marked | missing key fields listed | calibration error |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const { set, review: r } of reviewed) {
  console.log(`| ${set} | ${r.values} | ${pct(r.silent * r.values, r.values)} | ${r.wrongMarked}/${r.wrong} | ${r.correctMarked}/${r.correct} = ${pct(r.correctMarked, r.correct)} | ${r.missingKey ? `${r.missingKeyListed}/${r.missingKey} = ${pct(r.missingKeyListed, r.missingKey)}` : '–'} | ${r.ece === null ? '–' : f(r.ece)} |`);
}
console.log('\nDocuments: the document confidence against the share of documents none of whose labelled key values (total, issue date, vendor name, number) is wrong or missing; per fifth of stated confidence, documents · mean stated → share needing no correction.\n');
console.log('| set | documents | calibration error | ' + [0, 1, 2, 3, 4].map((i) => `${(i / 5).toFixed(1)}–${((i + 1) / 5).toFixed(1)}`).join(' | ') + ' |');
console.log(`|---|---:|---:|${[0, 1, 2, 3, 4].map(() => '---:').join('|')}|`);
for (const { set, review: { documents: d } } of reviewed) {
  const cells = d.bins.map((b) => (b.n ? `${b.n} · ${b.confidence.toFixed(2)} → ${b.accuracy.toFixed(2)}` : '–'));
  console.log(`| ${set} | ${d.n} | ${d.ece === null ? '–' : f(d.ece)} | ${cells.join(' | ')} |`);
}
console.log('\nReliability: per tenth of stated confidence, values · mean stated → share right.\n');
console.log(`| confidence | ${reviewed.map((r) => r.set).join(' | ')} |`);
console.log(`|---|${reviewed.map(() => '---:').join('|')}|`);
for (let i = 0; i < BINS; i++) {
  const cell = ({ review: { bins } }) => (bins[i].n ? `${bins[i].n} · ${bins[i].confidence.toFixed(2)} → ${bins[i].accuracy.toFixed(2)}` : '–');
  console.log(`| ${(i / BINS).toFixed(1)}–${((i + 1) / BINS).toFixed(1)} | ${reviewed.map(cell).join(' | ')} |`);
}

for (const line of [...wide, ...lofo]) console.log(line);

if (ocr.length) {
  // OCR on its own: what OCR gives the field stages, apart from what they make of it.
  console.log('\n## OCR\n');
  console.log(`The corpus's receipts with ground-truth lines (${ocr[0].receipts}): character error rate against those lines, and the share of the key's values present in the text (without case, white space and, for the values, punctuation).\n`);
  console.log('| reading | CER | company | address | date | total |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of ocr) {
    if (r.missing) console.log(`| ${r.engine} | not run: ${r.missing} | – | – | – | – |`);
    else console.log(`| ${r.engine} | ${f(r.cer)} | ${['company', 'address', 'date', 'total'].map((v) => g(r.present[v])).join(' | ')} |`);
  }
}

/**
 * Only a PDF can carry an e-invoice, so the two modes differ only on PDFs: a picture is read (OCR'd)
 * once, by whichever mode runs first, and its result serves both.
 */
function extractCorpus(mode) {
  return once(`corpus-${mode}`, () => {
    const pred = join(out, `corpus-${mode}`);
    const other = runs.get(`corpus-${mode === 'xml' ? 'page' : 'xml'}`);
    const docs = other ? corpusDocs.filter(isPdf) : corpusDocs;
    const seconds = extractDocuments(root, docs, pred, mode === 'page' ? ['--ignore-embedded-xml'] : []);
    if (other) for (const doc of corpusDocs.filter((d) => !isPdf(d))) copyPrediction(join(other.pred, doc.folder), join(pred, doc.folder), doc.name);
    return seconds;
  });
}

function isPdf(doc) {
  return readFileSync(doc.input).subarray(0, 5).toString('latin1') === '%PDF-';
}

function extractWords() {
  return once('words', () => extractDocuments(root, wordsDocs, join(out, 'words')));
}

function once(name, extract) {
  if (!runs.has(name)) runs.set(name, { pred: join(out, name), seconds: extract() });
  return runs.get(name);
}

/** Scores one set, prints the scorer's report, and adds the set's row to the summary. */
function measure(title, gold, docs, { pred, seconds }) {
  const { printed, figures } = score(scorer, gold, pred, `${pred}.score.json`, values['show-misses']);
  console.log(`\n## ${title}: ${seconds.toFixed(1)} s\n`);
  process.stdout.write(printed);
  summary.push({ set: title, seconds, ...combine([figures]), items: lineItemFigures([{ docs, pred, report: figures }]), review: reviewOf([{ docs, pred, report: figures }]) });
}

/**
 * Seen: every document scored with what was fitted on all of them. Blind: each document scored with
 * what was fitted on the other folds only. Printed per source, corpus folders and words folders apart.
 */
async function blindFolds() {
  const started = Date.now();
  const docs = [...corpusDocs, ...wordsDocs];
  const folds = assignFolds(docs, k);
  const seen = join(out, 'folds/seen');
  const blind = join(out, 'folds/blind');
  for (const dir of [seen, blind]) rmSync(dir, { recursive: true, force: true });
  const write = (dir, doc, outcome) => writePrediction(join(dir, doc.set, doc.folder), doc.name, outcome);
  // Readings before the review stage first, each with the choice fitted without its fold; then each
  // fold is calibrated by a fit on the other folds' values (scripts/eval/train.mjs).
  const readings = await blindReadings(docs, folds, k, join(out, 'folds'));
  const labelled = await Promise.all(docs.map((doc, i) => calibrationDocument(doc, readings[i])));
  await calibrateFolds(docs, folds, k, readings, labelled, {
    fitted: (fold, calibration) => writeFileSync(join(out, `folds/model-${fold}/confidence.json`), JSON.stringify(calibration)),
    answered: (doc, document) => write(blind, doc, document),
  });
  const seenModel = await train({ docs, dir: join(out, 'folds/model-all') });
  const calibration = await fitConfidence(labelled);
  for (const doc of docs) write(seen, doc, await calibrate(await seenModel.predict(doc), calibration));
  const report = (pred, gold, set) => score(scorer, gold, join(pred, set), join(pred, `${set}.score.json`)).figures;
  const seenReports = { corpus: report(seen, corpus, 'corpus'), words: report(seen, wordsCorpus, 'words') };
  const blindReports = { corpus: report(blind, corpus, 'corpus'), words: report(blind, wordsCorpus, 'words') };
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n## Blind folds: ${k} folds by vendor over the corpus (reading the page) and the words corpus: ${seconds.toFixed(1)} s\n`);
  const perFold = Array.from({ length: k }, (_, fold) => folds.filter((x) => x === fold).length);
  console.log(`${docs.length} documents of ${new Set(docs.map(vendorKey)).size} vendors; documents per fold: ${perFold.join(', ')}.`);
  console.log('Blind: each fold scored with the learned choice and the confidence calibration fitted without it (scripts/eval/train.mjs); seen: fitted on all. The rules were written against ../shared/corpus; the words corpus is blind to them.');
  console.log('\n| source | docs | seen f1 | blind f1 |');
  console.log('|---|---:|---:|---:|');
  for (const set of ['corpus', 'words']) {
    for (const [source, s] of Object.entries(seenReports[set].sources)) {
      const b = blindReports[set].sources[source];
      const n = docs.filter((d) => d.set === set && d.folder.split(/[\\/]/u)[0] === source).length;
      console.log(`| ${set}/${source} | ${n} | ${f(s.f1)} | ${f(b?.f1 ?? 0)} |`);
    }
  }
  const seenAll = combine(Object.values(seenReports));
  const blindAll = combine(Object.values(blindReports));
  console.log(`| **all** | ${docs.length} | ${f(seenAll.f1)} | ${f(blindAll.f1)} |`);
  const items = lineItemFigures([
    { docs: corpusDocs, pred: join(blind, 'corpus'), report: blindReports.corpus },
    { docs: wordsDocs, pred: join(blind, 'words'), report: blindReports.words },
  ]);
  const review = reviewOf([
    { docs: corpusDocs, pred: join(blind, 'corpus'), report: blindReports.corpus },
    { docs: wordsDocs, pred: join(blind, 'words'), report: blindReports.words },
  ]);
  summary.push({ set: `blind folds (k=${k}, corpus page + words)`, seconds, ...blindAll, items, review });
}

/** The review's figures over one or more scored sets, `{ docs, pred, report }` as lineItemFigures takes them. */
function reviewOf(parts) {
  const rows = parts.flatMap(({ docs, pred, report }) => {
    const values = labelledValues(docs, pred);
    if (!matchesScorer(values, report.honesty)) console.log(`\n(warning: the values of ${pred} do not add up to the scorer's counts; scripts/eval/values.mjs has drifted from score.mjs)`);
    return values;
  });
  return reviewFigures(rows);
}

function writePrediction(dir, name, outcome) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(outcome));
}

function copyPrediction(from, to, name) {
  if (!existsSync(join(from, `${name}.json`))) return; // failed in the run: missed blind too
  mkdirSync(to, { recursive: true });
  cpSync(join(from, `${name}.json`), join(to, `${name}.json`));
}

/** The ocr set: each engine's reading of the corpus's receipts against their ground-truth lines. */
function ocrSection() {
  const engines = values['ocr-engines'].split(',').map((e) => e.trim());
  const bad = engines.find((e) => !OCR_ENGINES.includes(e));
  if (bad) usage(`--ocr-engines: unknown engine "${bad}"; the engines are ${OCR_ENGINES.join(', ')}`);
  return ocrFigures(receiptsWithLines(corpus, wordsCorpus), out, engines);
}

/** The generated set: written by the generator from a fixed seed, then extracted as served and scored. */
function generated() {
  const title = `generated (seed ${values.seed}, n=${values.n})`;
  if (!existsSync(values.synth)) {
    console.log(`\n## ${title}: skipped, the generator ${values.synth} is missing\n`);
    summary.push({ set: title, skipped: 'no generator' });
    return;
  }
  const docsDir = join(out, 'generated/docs');
  rmSync(docsDir, { recursive: true, force: true });
  const started = Date.now();
  const made = spawnSync(process.execPath, [values.synth, '--n', values.n, '--seed', values.seed, '--out', docsDir], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (made.status !== 0) {
    console.log(`\n## ${title}: skipped, the generator failed (exit ${made.status}):\n${made.stderr.trim()}\n`);
    summary.push({ set: title, skipped: 'generator failed' });
    return;
  }
  const generatedSeconds = (Date.now() - started) / 1000;
  const docs = labelledDocuments(docsDir, 'generated');
  const pred = join(out, 'generated/pred');
  const seconds = generatedSeconds + extractDocuments(root, docs, pred);
  console.log(`\n(generator: ${docs.length} documents in ${generatedSeconds.toFixed(1)} s)`);
  measure(title, docsDir, docs, { pred, seconds });
}

/** The wide corpus's open split, as served: the scorer's report, then the aggregate tables. */
function openSplit() {
  const gold = join(resolve(values.wide), 'open');
  const docs = wideDocuments(resolve(values.wide), 'open');
  if (!docs.length) {
    summary.push({ set: 'wide corpus, open split', skipped: `nothing under ${gold}: npm run corpus` });
    return [];
  }
  const pred = join(out, 'open');
  const seconds = extractDocuments(root, docs, pred);
  measure(`wide corpus, open split (${new Set(docs.map((d) => d.family)).size} families)`, gold, docs, { pred, seconds });
  return wideTables('Wide corpus, open split: per source, kind, language and family', wideFigures(scorer, gold, docs, pred, join(out, 'open-scores')));
}

/** Leave one family out (scripts/eval/leave-family-out.mjs), as markdown lines. */
async function familiesLeftOut() {
  const started = Date.now();
  const source = (doc) => doc.folder.split(/[\\/]/u)[0];
  const docs = [
    ...corpusDocs.map((d) => ({ ...d, family: familyKey(d), gold: join(corpus, source(d)) })),
    ...wordsDocs.map((d) => ({ ...d, family: familyKey(d), gold: join(wordsCorpus, source(d)) })),
    ...wideDocuments(resolve(values.wide), 'open').map((d) => ({ ...d, gold: join(resolve(values.wide), 'open', d.family) })),
  ];
  const { rows, unscored } = await leaveFamilyOut(docs, { dir: join(out, 'lofo'), scorer });
  const lines = [`\n## Leave one family out: ${rows.length} families, ${((Date.now() - started) / 1000).toFixed(0)} s\n`];
  lines.push('The field choice and the calibration fitted on every other family (and the generated training documents), read and scored on the family left out; the corpus reading the page. The rules are not refitted.\n');
  lines.push('| family | docs | f1 | precision | recall | silent |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) lines.push(`| ${r.family} | ${r.docs} | ${f(r.f1)} | ${f(r.precision)} | ${f(r.recall)} | ${f(r.silent)} |`);
  if (unscored.length) lines.push(`\nNot scored (fewer than ${MIN_FAMILY} documents; in every training): ${unscored.map(([fam, n]) => `${fam} ${n}`).join(', ')}.`);
  return lines;
}

/**
 * The sealed split: extracted as served into a scratch folder, scored, and only the aggregate tables
 * printed; the predictions and per-family reports are deleted before the tables are shown.
 */
async function sealedSplit() {
  const gold = join(resolve(values.wide), 'sealed');
  const docs = wideDocuments(resolve(values.wide), 'sealed');
  if (!docs.length) usage(`nothing under ${gold}: run npm run corpus first`);
  const scratch = join(out, 'sealed');
  rmSync(scratch, { recursive: true, force: true });
  try {
    const seconds = extractDocuments(root, docs, join(scratch, 'pred'), [], {}, { quiet: true });
    const rows = wideFigures(scorer, gold, docs, join(scratch, 'pred'), join(scratch, 'scores'));
    rmSync(scratch, { recursive: true, force: true });
    console.log(`Sealed split: ${docs.length} documents, ${new Set(docs.map((d) => d.family)).size} families, read in ${seconds.toFixed(0)} s. Aggregates only.`);
    for (const line of wideTables('Wide corpus, sealed split', rows)) console.log(line);
    const all = rows.find((r) => r.group === 'all');
    console.log(`\nscore: f1=${all.f1.toFixed(3)} precision=${all.precision.toFixed(3)} recall=${all.recall.toFixed(3)} docs=${all.n} silent=${all.review.silent.toFixed(3)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function usage(message) {
  console.error(`eval: ${message}`);
  process.exit(2);
}
