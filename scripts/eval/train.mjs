// The training step of the blind folds: fits the learned field choice (scripts/train.mjs,
// src/pipeline/fields/choice/) on the documents it is given plus the generated training documents
// (never the set `npm run eval` measures on) and returns what predicts with it. The eval predicts
// each fold's documents with the model fitted without them ("blind") and every document with the
// model fitted on all ("seen"). Both run the fields stage in this process over the page words
// training read (the same words `extract --ignore-embedded-xml` reads), so the folds cost no
// second OCR pass; the model is written under `dir` for the record.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { documentExamples, fitModel, generatedDocuments, pageReader } from '../train.mjs';

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
  const { fromFile, setChoiceModel } = await dist('pipeline/fields/choice/model.js');
  const { extractFromRead } = await dist('pipeline/extract.js');
  const model = fromFile(file);
  return {
    async predict(doc) {
      const pages = await reader.read(doc);
      setChoiceModel(model);
      return extractFromRead({ pageCount: pages.length, pages, warnings: [] }, {});
    },
  };
}

/** The OCR engines reading pages for training hold threads open; the eval closes them when done. */
export async function closeTraining() {
  await reader?.close();
}
