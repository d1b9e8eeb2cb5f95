#!/usr/bin/env node
// Field rules measured without OCR's cost: the page words of every corpus document are read once
// (text layer or OCR) and kept under .eval/read/, then layout, fields and reconciliation run over
// them and the shared scorer scores the page reading. Words are read again with --refresh (after
// any change to reading or OCR); `npm run eval` remains the measure of record.
//
//   npm run build && node scripts/eval-fields.mjs [--corpus ../shared/corpus] [--refresh] [--folder sroie] [--show-misses N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: resolve(root, '../shared/corpus') },
    refresh: { type: 'boolean', default: false },
    folder: { type: 'string' },
    'show-misses': { type: 'string' },
  },
});
const { detectMediaType } = await import(join(root, 'dist/src/ingest/media-type.js'));
const { readDocument } = await import(join(root, 'dist/src/pipeline/read-document.js'));
const { extractFromRead } = await import(join(root, 'dist/src/pipeline/extract.js'));
const { closeOcr } = await import(join(root, 'dist/src/pipeline/ocr/index.js'));

const corpus = resolve(values.corpus);
// Not .eval/words: `npm run eval` writes the words corpus's predictions there.
const wordsDir = join(root, '.eval/read');
const predDir = join(root, '.eval/fields');
const folders = readdirSync(corpus).filter((name) => statSync(join(corpus, name)).isDirectory() && (!values.folder || name === values.folder));
const limits = { maxPages: 200, maxPixels: 100_000_000 }; // the service defaults (src/config/config.ts)

for (const folder of folders) {
  mkdirSync(join(wordsDir, folder), { recursive: true });
  rmSync(join(predDir, folder), { recursive: true, force: true });
  mkdirSync(join(predDir, folder), { recursive: true });
  for (const file of readdirSync(join(corpus, folder)).filter((f) => !f.endsWith('.json') && !f.endsWith('.md'))) {
    const name = file.slice(0, -extname(file).length);
    const cached = join(wordsDir, folder, `${name}.json`);
    let read;
    if (!values.refresh && existsSync(cached)) read = JSON.parse(readFileSync(cached, 'utf8'));
    else {
      const bytes = new Uint8Array(readFileSync(join(corpus, folder, file)));
      const request = { bytes, mediaType: await detectMediaType(bytes), filename: file, hints: {}, limits, ignoreEmbeddedXml: true };
      read = await readDocument(request);
      writeFileSync(cached, JSON.stringify(read));
    }
    writeFileSync(join(predDir, folder, `${name}.json`), JSON.stringify(extractFromRead(read, {})));
  }
}
await closeOcr();

const scoreArgs = [resolve(corpus, '../eval/score.mjs'), '--gold', values.folder ? join(corpus, values.folder) : corpus, '--pred', values.folder ? join(predDir, values.folder) : predDir, '--by-source'];
if (values['show-misses']) scoreArgs.push('--show-misses', values['show-misses']);
process.stdout.write(spawnSync(process.execPath, scoreArgs, { encoding: 'utf8' }).stdout);
