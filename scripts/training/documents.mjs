// The labelled documents training fits on by default: the corpus, the words corpus, the wide corpus's
// open split (corpus/README.md; never its sealed split), and documents the generator writes from a
// training seed (never the seed `npm run eval` measures on).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../corpus/manifest.mjs';
import { labelledDocuments } from '../eval/sets.mjs';
import { wideDocuments } from '../eval/wide.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Never the measuring seed of `npm run eval` (20261124): the generated set stays unseen. */
const TRAINING_SEED = '4242';

/** The labelled documents training uses by default: corpus, words corpus, open split, generated (written if missing). */
export function trainingDocuments({ corpus = resolve(root, '../shared/corpus'), words = resolve(root, '../shared/corpus-words'), wide = join(root, '.corpus'), generated = 200 } = {}) {
  return [...labelledDocuments(corpus, 'corpus'), ...labelledDocuments(words, 'words'), ...openSplit(wide), ...generatedDocuments(generated)];
}

/**
 * The wide corpus's open split as `npm run corpus` laid it out, every document of the manifest's open
 * side: a model fitted on part of it would differ from the committed one without a word, so a
 * missing document stops training.
 */
export function openSplit(wide) {
  const expected = readManifest(join(root, 'corpus')).documents.filter((d) => d.split === 'open');
  const docs = wideDocuments(wide, 'open').map((d) => ({ ...d, set: 'open' }));
  const have = new Set(docs.map((d) => d.name));
  const missing = expected.filter((d) => !have.has(d.name));
  if (missing.length) throw new Error(`${missing.length} documents of the wide corpus's open split are not under ${wide}/open (first: ${missing[0].name}): run npm run corpus -- --mirrors DIR`);
  return docs.filter((d) => expected.some((e) => e.name === d.name));
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
