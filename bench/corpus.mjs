// What the engine benches share: the corpus's documents, and an extraction request for one of them
// as the service would make it (reading the page, the service's default limits).
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { detectMediaType } = await import(join(root, 'dist/src/ingest/media-type.js'));

export const limits = { maxPages: 200, maxPixels: 100_000_000 };

/** Every PDF and image under `corpus`, in name order, as absolute paths. */
export function corpusFiles(corpus) {
  return readdirSync(corpus, { recursive: true })
    .map(String)
    .filter((f) => /\.(pdf|jpe?g|png|tiff?|webp|heic)$/iu.test(f))
    .sort()
    .map((f) => join(corpus, f));
}

export async function extractionRequest(bytes, filename) {
  return { bytes, mediaType: await detectMediaType(bytes), filename, hints: {}, limits, ignoreEmbeddedXml: true };
}
