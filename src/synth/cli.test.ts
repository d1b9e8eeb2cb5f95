// The command writes labelled PDFs and degraded images in all twelve languages, the same bytes for
// the same seed, and a gallery to look at.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { openPdf } from '../ingest/open-pdf.js';
import { main } from './cli.js';
import { generateDocument } from './generate.js';

test('the same seed gives byte-identical labels, PDFs and images; another seed does not', async () => {
  for (const [index, images] of [[4, 0], [8, 1], [9, 1]] as const) {
    const [a, b] = [await generateDocument(5, index, { images }), await generateDocument(5, index, { images })];
    assert.equal(JSON.stringify(a.label), JSON.stringify(b.label));
    assert.ok(Buffer.from(a.pdf).equals(Buffer.from(b.pdf)), 'same PDF bytes');
    assert.equal(a.output, images ? 'image' : 'pdf');
    assert.ok(Buffer.from(a.bytes).equals(Buffer.from(b.bytes)), `same ${a.output} bytes`);
    const other = await generateDocument(6, index, { images });
    assert.notEqual(JSON.stringify(other.label), JSON.stringify(a.label));
  }
});

test('synth --n 24 --jobs 2 writes PDFs and PNGs with labels beside them, in 12 languages', async () => {
  const out = mkdtempSync(join(tmpdir(), 'synth-'));
  try {
    assert.equal(await main(['--n', '24', '--seed', '2', '--out', out, '--images', '0.4', '--jobs', '2']), 0);
    // Worker threads write what the command's own thread would.
    for (const index of [0, 1, 5]) {
      const doc = await generateDocument(2, index, { images: 0.4 });
      const written = readFileSync(join(out, doc.output, `${doc.id}.${doc.output === 'image' ? 'png' : 'pdf'}`));
      assert.ok(written.equals(Buffer.from(doc.bytes)), doc.id);
      assert.equal(readFileSync(join(out, doc.output, `${doc.id}.expected.json`), 'utf8'), `${JSON.stringify(doc.label, null, 2)}\n`);
    }
    const pdfs = readdirSync(join(out, 'pdf'));
    const pngs = readdirSync(join(out, 'image'));
    const labels = [...pdfs, ...pngs].filter((f) => f.endsWith('.expected.json'));
    assert.equal(labels.length, 24);
    const languages = new Set<string>();
    for (const [dir, files, ext] of [['pdf', pdfs, '.pdf'], ['image', pngs, '.png']] as const) {
      for (const name of files.filter((f) => f.endsWith('.expected.json'))) {
        const label = JSON.parse(readFileSync(join(out, dir, name), 'utf8'));
        languages.add(label._source.language);
        assert.equal(label._source.output, dir);
        const file = join(out, dir, name.replace('.expected.json', ext));
        if (ext === '.png') {
          const meta = await sharp(file).metadata();
          assert.ok(meta.width! > 300 && meta.height! > 300, `${name}: ${meta.width}×${meta.height}`);
          assert.ok(label._source.degradation.some((d: string) => d.startsWith('dpi:')));
          const dpi = Number(label._source.degradation[0].slice(4));
          assert.ok(dpi >= 150 && dpi <= 300);
        } else {
          const pdf = await openPdf(readFileSync(file), { maxPages: 100, maxPixels: 1e8 });
          assert.ok(pdf.numPages >= 1);
          await pdf.destroy();
        }
      }
    }
    assert.equal(languages.size, 12);
    assert.ok(pngs.length >= 2 * 3 && pdfs.length >= 2 * 8, `${pdfs.length / 2} PDFs, ${pngs.length / 2} images`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('synth --gallery writes PNG pages; bad arguments exit 2', async () => {
  const out = mkdtempSync(join(tmpdir(), 'synth-gallery-'));
  try {
    assert.equal(await main(['--gallery', '--out', out, '--n', '3']), 0);
    const files = readdirSync(out);
    assert.ok(files.length >= 4 && files.every((f) => f.endsWith('.png')), files.join(', '));
    assert.ok(files.some((f) => f.endsWith('-degraded.png')));
    for (const args of [[], ['--n', '0', '--out', out], ['--n', '5', '--out', out, '--images', '2'], ['--n', 'x', '--out', out], ['--n', '5', '--out', out, '--jobs', '0']]) {
      assert.equal(await main(args), 2, args.join(' '));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
