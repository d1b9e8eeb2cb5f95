// Page words for training and the folds: read once per file and reading code, kept under .eval/pages/.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(pathToFileURL(join(root, 'dist/src', path)).href);
const LIMITS = { maxPages: 200, maxPixels: 100_000_000 }; // the service defaults (src/config/config.ts)

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
      // Written whole or not at all: another lane (or process) may look for the same file.
      writeFileSync(`${cached}.part`, JSON.stringify(pages));
      renameSync(`${cached}.part`, cached);
      return pages;
    },
    /**
     * Reads every document's pages into the cache, one lane per core: OCR runs in child processes, so
     * lanes read in parallel (the wide corpus's photos took an hour on one lane).
     */
    async warm(docs) {
      let next = 0;
      const lane = async () => {
        while (next < docs.length) {
          const doc = docs[next++];
          await this.read(doc).catch(() => undefined); // documentExamples reports what cannot be read
        }
      };
      await Promise.all(Array.from({ length: availableParallelism() }, lane));
    },
    close: closeOcr,
  };
}
