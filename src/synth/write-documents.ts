// Writes documents first, first + step, … below n: each file beside its label. Runs in the command's
// thread or, with --jobs, as a worker thread given its range as workerData.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { generateDocument } from './generate.js';

export interface WriteRange {
  out: string;
  seed: number;
  n: number;
  images: number;
  first: number;
  step: number;
}

export async function writeDocuments(range: WriteRange, onDone: (done: number) => void = () => {}): Promise<{ pdf: number; image: number }> {
  const counts = { pdf: 0, image: 0 };
  for (let i = range.first; i < range.n; i += range.step) {
    const doc = await generateDocument(range.seed, i, { images: range.images });
    const dir = join(range.out, doc.output);
    writeFileSync(join(dir, `${doc.id}.${doc.output === 'image' ? 'png' : 'pdf'}`), doc.bytes);
    writeFileSync(join(dir, `${doc.id}.expected.json`), `${JSON.stringify(doc.label, null, 2)}\n`);
    counts[doc.output]++;
    onDone(counts.pdf + counts.image);
  }
  return counts;
}

if (!isMainThread && parentPort && (workerData as WriteRange | undefined)?.out) {
  parentPort.postMessage(await writeDocuments(workerData as WriteRange));
}
