// `npm run synth -- --n 2000 --seed 1 --out DIR [--images 0.25]` writes DIR/pdf/<id>.pdf or
// DIR/image/<id>.png, each with <id>.expected.json beside it.
// `npm run synth:gallery -- --out DIR [--seed 1] [--n 12]` writes PNG pages of a few documents.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { writeGallery } from './gallery.js';
import { writeDocuments, type WriteRange } from './write-documents.js';

const USAGE = 'usage: synth --n N --seed S --out DIR [--images SHARE] [--jobs J] | synth --gallery --out DIR [--seed S] [--n N]';

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      n: { type: 'string' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      images: { type: 'string', default: '0.25' },
      jobs: { type: 'string', default: '1' },
      gallery: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  const images = Number(values.images);
  const n = Number(values.n ?? (values.gallery ? 12 : NaN));
  const jobs = Number(values.jobs);
  if (values.help || !values.out || !Number.isSafeInteger(seed) || seed < 0 || !Number.isInteger(n) || n < 1 || !(images >= 0 && images <= 1) || !Number.isInteger(jobs) || jobs < 1 || jobs > 16) {
    console.error(USAGE);
    return 2;
  }
  if (values.gallery) {
    const files = await writeGallery(values.out, seed, n);
    console.log(`gallery: ${files.length} pages in ${values.out}`);
    return 0;
  }
  const started = Date.now();
  for (const dir of ['pdf', 'image']) mkdirSync(join(values.out, dir), { recursive: true });
  // Document i depends only on (seed, i), so jobs can share the indexes in any way.
  const ranges: WriteRange[] = Array.from({ length: Math.min(jobs, n) }, (_, job) => ({ out: values.out!, seed, n, images, first: job, step: jobs }));
  const results = jobs === 1 ? [await writeDocuments(ranges[0]!, progress(started, n))] : await Promise.all(ranges.map(inWorker));
  const counts = { pdf: results.reduce((a, r) => a + r.pdf, 0), image: results.reduce((a, r) => a + r.image, 0) };
  console.log(`synth: ${n} documents (${counts.pdf} PDF, ${counts.image} image) in ${values.out}, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

function progress(started: number, n: number): (done: number) => void {
  return (done) => {
    if (done % 100 === 0) console.error(`${done}/${n} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  };
}

function inWorker(range: WriteRange): Promise<{ pdf: number; image: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./write-documents.js', import.meta.url), { workerData: range });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`synth worker exited with code ${code}`));
    });
  });
}
