// The `ocr` section of `npm run eval`: OCR measured on its own, on the corpus's receipts
// whose ground-truth lines the words corpus holds (corpus/sroie and corpus/sroie-more, matched to
// corpus-words/sroie by name: 131 receipts). Per engine: the character error rate of the page's text
// (the engine's words in the layout's reading order, as `raw_text`) against the ground-truth lines,
// and the share of labelled values present in that text: the company, the address, the date and the
// total as printed (`_source.printed`). The ground-truth lines themselves are the ceiling.
//
// Both are compared without case and without white space (OCR's spacing, "SDN.BHD" for "SDN. BHD",
// and the lines a layout joins or splits are not what is measured), the values also without
// punctuation. Each engine reads in a child
// process of its own (LEDGERLENS_OCR_ENGINE is read when the first page is; `default` forces none,
// the reading a default install gives), and the text is kept
// under OUT/ocr/<engine>/ by the file's bytes and the reading code (scripts/train.mjs, readingCode).
//
//   node scripts/eval/ocr.mjs --read ENGINE --list FILE --cache DIR     (the child's part)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { distance } from 'fastest-levenshtein';
import { readingCode } from '../training/pages.mjs';
import { labelledDocuments } from './sets.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dist = (path) => import(pathToFileURL(join(root, 'dist/src', path)).href);
/** `default` is what a page gets with no engine forced: receipts' scans by PP-OCR, the rest by Tesseract. */
export const OCR_ENGINES = ['default', 'tesseract', 'tesseract.js', 'paddle'];
const VALUES = ['company', 'address', 'date', 'total'];

/**
 * The corpus's receipt images that have ground-truth lines, each with those lines' text and the values
 * of the receipt's SROIE key (the words corpus's label, which keeps the date and total as printed).
 */
export function receiptsWithLines(corpus, wordsCorpus) {
  const truth = new Map(labelledDocuments(wordsCorpus, 'words').map((d) => [d.name, d]));
  return labelledDocuments(corpus, 'corpus')
    .filter((d) => !d.input.endsWith('.pdf') && truth.has(d.name))
    .map((d) => {
      const { input, label } = truth.get(d.name);
      return {
        ...d,
        truth: JSON.parse(readFileSync(input, 'utf8')).pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n'),
        values: { company: label.vendor?.name, address: label.vendor?.document_address, date: label._source?.printed?.date, total: label._source?.printed?.total },
      };
    });
}

/**
 * Per engine: { engine, receipts, cer, present: {company, address, …} as shares } or { engine, missing }
 * when the engine is not installed here; the first row is the ground-truth lines.
 */
export function ocrFigures(receipts, out, engines = OCR_ENGINES) {
  const rows = [figures('ground-truth lines', receipts, receipts.map((r) => r.truth))];
  const code = readingCode();
  for (const engine of engines) {
    const cache = join(out, 'ocr', engine);
    mkdirSync(cache, { recursive: true });
    const file = (r) => join(cache, `${createHash('sha256').update(code).update(readFileSync(r.input)).digest('hex').slice(0, 32)}.txt`);
    const unread = receipts.filter((r) => !existsSync(file(r)));
    if (unread.length) {
      const list = join(cache, 'to-read.json');
      writeFileSync(list, JSON.stringify(unread.map((r) => ({ input: r.input, text: file(r) }))));
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--read', engine, '--list', list], {
        stdio: ['ignore', 'inherit', 'pipe'],
        env: engine === 'default' ? withoutForcedEngine() : { ...process.env, LEDGERLENS_OCR_ENGINE: engine },
        encoding: 'utf8',
      });
      if (run.status !== 0) {
        rows.push({ engine, missing: run.stderr.trim().split('\n').at(-1) });
        continue;
      }
    }
    rows.push(figures(engine, receipts, receipts.map((r) => readFileSync(file(r), 'utf8'))));
  }
  return rows;
}

function withoutForcedEngine() {
  const { LEDGERLENS_OCR_ENGINE: _forced, ...env } = process.env;
  return env;
}

function figures(engine, receipts, texts) {
  let errors = 0;
  let characters = 0;
  const present = Object.fromEntries(VALUES.map((v) => [v, { n: 0, found: 0 }]));
  receipts.forEach((r, i) => {
    const truth = withoutSpace(r.truth);
    errors += distance(withoutSpace(texts[i]), truth);
    characters += truth.length;
    const letters = lettersAndDigits(texts[i]);
    for (const v of VALUES) {
      if (!r.values[v]) continue;
      present[v].n++;
      if (letters.includes(lettersAndDigits(r.values[v]))) present[v].found++;
    }
  });
  return { engine, receipts: receipts.length, cer: characters ? errors / characters : 0, present: Object.fromEntries(VALUES.map((v) => [v, present[v].n ? present[v].found / present[v].n : null])) };
}

const withoutSpace = (text) => text.toUpperCase().replace(/\s+/gu, '');
/** A key's punctuation is not always the print's ("NO 122.124. JALAN" for "NO 122.124 JALAN"). */
const lettersAndDigits = (text) => text.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The child's part: reads each listed receipt with the engine LEDGERLENS_OCR_ENGINE forces and writes its text. */
async function read(engine, list) {
  const { detectMediaType } = await dist('ingest/media-type.js');
  const { closeOcr, ocrEngineStatus, readImageWords } = await dist('pipeline/ocr/index.js');
  const { buildTextDocument, rawText } = await dist('pipeline/layout/text-document.js');
  const status = await ocrEngineStatus();
  if (engine !== 'default' && status.engine !== engine) throw new Error(`${engine} is not installed here`);
  for (const { input, text } of JSON.parse(readFileSync(list, 'utf8'))) {
    const bytes = readFileSync(input);
    const { pages } = await readImageWords(new Uint8Array(bytes), await detectMediaType(bytes));
    writeFileSync(text, rawText(buildTextDocument(pages)));
  }
  await closeOcr();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { read: { type: 'string' }, list: { type: 'string' } } });
  read(values.read, values.list).catch((error) => {
    console.error(`ocr: ${error.message}`);
    process.exit(1);
  });
}
