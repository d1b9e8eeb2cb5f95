#!/usr/bin/env node
// How far `ledgerlens train --with-corrections` (src/learning) helps, and the prior strength it uses
// (fit.ts, ADAPT.priorStrength): a field choice is fitted as `npm run train` fits the shipped one but
// without one group of documents (an "installation": receipts, or invoices, from vendors it never
// saw), then adapted on that group's documents by vendor folds, for several strengths and numbers of
// approved documents. Prints, per case, the picks right and wrong before (the model as fitted) and
// after adaptation, on vendors the adaptation did not see. Figures: docs/engine.md, "Corrections
// teach the engine".
//
//   node scripts/measure-adaptation.mjs [--priors 25,50,100,200,400,800,1600] [--sizes 20,50,0] [--steps N]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { vendorKey } from './eval/folds.mjs';
import { documentExamples, fitModel } from './training/choice.mjs';
import { trainingDocuments } from './training/documents.mjs';
import { pageReader } from './training/pages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { blindFolds } = await import(pathToFileURL(join(root, 'dist/src/learning/adapt-choice.js')).href);
const { ADAPT } = await import(pathToFileURL(join(root, 'dist/src/pipeline/fields/choice/fit.js')).href);

const INSTALLATIONS = {
  receipts: (doc) => doc.folder.startsWith('sroie'),
  invoices: (doc) => doc.set === 'corpus' && ['bills', 'einvoice', 'invoice2data'].some((f) => doc.folder.startsWith(f)),
};

const { values } = parseArgs({
  options: { priors: { type: 'string', default: '25,50,100,200,400,800,1600' }, sizes: { type: 'string', default: '20,50,0' }, steps: { type: 'string' } },
});
// Gradient steps of the adaptation, to measure them too (fit.ts, ADAPT.steps).
if (values.steps) ADAPT.steps = Number(values.steps);
const priors = values.priors.split(',').map(Number);
const sizes = values.sizes.split(',').map(Number);

const docs = trainingDocuments();
const reader = await pageReader();
const examples = await documentExamples(docs, reader);
await reader.close();
const total = (tallies, side) => Object.values(tallies).reduce((n, t) => ({ right: n.right + t[side].right, wrong: n.wrong + t[side].wrong }), { right: 0, wrong: 0 });

console.log('| installation | approved documents | prior strength | labelled | before right / wrong | after right / wrong |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, inInstallation] of Object.entries(INSTALLATIONS)) {
  const inside = docs.map(inInstallation);
  const outsideDocs = docs.filter((_, i) => !inside[i]);
  const base = await fitModel(examples.filter((_, i) => !inside[i]), outsideDocs);
  const installation = docs.flatMap((doc, i) => (inside[i] && doc.set === 'corpus' ? [{ documentId: doc.input, vendor: vendorKey(doc), examples: examples[i] }] : []));
  for (const size of sizes) {
    // The first `size` documents as an installation would approve them over time: in label order, not chosen.
    const approved = size ? installation.slice(0, size) : installation;
    const folds = Math.min(5, new Set(approved.map((d) => d.vendor)).size);
    for (const prior of priors) {
      const tallies = blindFolds(base, approved, folds, prior);
      const labelled = Object.values(tallies).reduce((n, t) => n + t.labelled, 0);
      const [before, after] = [total(tallies, 'shipped'), total(tallies, 'adapted')];
      console.log(`| ${name} | ${approved.length} | ${prior} | ${labelled} | ${before.right} / ${before.wrong} | ${after.right} / ${after.wrong} |`);
    }
  }
}
