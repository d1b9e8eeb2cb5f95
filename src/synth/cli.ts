// `npm run synth -- --n 2000 --seed 1 --out DIR [--images 0.25]` writes DIR/pdf/<id>.pdf or
// DIR/image/<id>.png, each with <id>.expected.json beside it.
// `npm run synth:gallery -- --out DIR [--seed 1] [--n 12]` writes PNG pages of a few documents.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDocument } from './generate.js';
import { writeGallery } from './gallery.js';

const USAGE = 'usage: synth --n N --seed S --out DIR [--images SHARE] | synth --gallery --out DIR [--seed S] [--n N]';

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      n: { type: 'string' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      images: { type: 'string', default: '0.25' },
      gallery: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  const images = Number(values.images);
  const n = Number(values.n ?? (values.gallery ? 12 : NaN));
  if (values.help || !values.out || !Number.isSafeInteger(seed) || seed < 0 || !Number.isInteger(n) || n < 1 || !(images >= 0 && images <= 1)) {
    console.error(USAGE);
    return 2;
  }
  if (values.gallery) {
    const files = await writeGallery(values.out, seed, n);
    console.log(`gallery: ${files.length} pages in ${values.out}`);
    return 0;
  }
  const started = Date.now();
  const counts = { pdf: 0, image: 0 };
  for (const dir of ['pdf', 'image']) mkdirSync(join(values.out, dir), { recursive: true });
  for (let i = 0; i < n; i++) {
    const doc = await generateDocument(seed, i, { images });
    const dir = join(values.out, doc.output);
    writeFileSync(join(dir, `${doc.id}.${doc.output === 'image' ? 'png' : 'pdf'}`), doc.bytes);
    writeFileSync(join(dir, `${doc.id}.expected.json`), `${JSON.stringify(doc.label, null, 2)}\n`);
    counts[doc.output]++;
    if ((i + 1) % 100 === 0) console.error(`${i + 1}/${n} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  console.log(`synth: ${n} documents (${counts.pdf} PDF, ${counts.image} image) in ${values.out}, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}
