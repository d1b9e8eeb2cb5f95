// `npm run synth -- --n 2000 --seed 1 --out DIR [--images 0.25]` writes DIR/pdf/<id>.pdf or
// DIR/image/<id>.png, each with <id>.expected.json beside it.
// `npm run synth:gallery -- --out DIR [--seed 1] [--n 12]` writes PNG pages of a few documents.
// `npm run synth -- --vendors 30 [--per-vendor 5] [--changed-iban-every 3] --seed S --out DIR` writes
// invoices of known vendors (vendor-series.ts) into DIR/pdf.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { writeGallery } from './gallery.js';
import { generateVendorSeries } from './vendor-series.js';
import { writeDocuments, type WriteRange } from './write-documents.js';

const USAGE = 'usage: synth --n N --seed S --out DIR [--images SHARE] [--jobs J] | synth --gallery --out DIR [--seed S] [--n N] | synth --vendors V [--per-vendor N] [--changed-iban-every K] --seed S --out DIR';

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
      vendors: { type: 'string' },
      'per-vendor': { type: 'string', default: '5' },
      'changed-iban-every': { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  if (values.vendors !== undefined && values.out && Number.isSafeInteger(seed) && seed >= 0) {
    return writeVendors(values.out, seed, Number(values.vendors), Number(values['per-vendor']), Number(values['changed-iban-every']));
  }
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

/** Every `changedEvery`-th vendor (0, K, 2K, …; none for 0) prints another IBAN on its last invoice. */
async function writeVendors(out: string, seed: number, vendors: number, perVendor: number, changedEvery: number): Promise<number> {
  if (![vendors, perVendor, changedEvery].every(Number.isInteger) || vendors < 1 || perVendor < 1 || changedEvery < 0) {
    console.error(USAGE);
    return 2;
  }
  mkdirSync(join(out, 'pdf'), { recursive: true });
  for (let v = 0; v < vendors; v++) {
    const changedIbanAt = changedEvery && v % changedEvery === 0 ? perVendor - 1 : undefined;
    for (const doc of await generateVendorSeries(seed, v, { documents: perVendor, changedIbanAt })) {
      writeFileSync(join(out, 'pdf', `${doc.id}.pdf`), doc.bytes);
      writeFileSync(join(out, 'pdf', `${doc.id}.expected.json`), `${JSON.stringify(doc.label, null, 2)}\n`);
    }
  }
  console.log(`synth: ${vendors} vendors × ${perVendor} invoices in ${join(out, 'pdf')}, seed ${seed}`);
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
