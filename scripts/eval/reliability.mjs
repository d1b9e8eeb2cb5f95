// The review's measures over a set's labelled values (values.mjs): how honest the review marks are, and
// whether the stated confidence is what it says (the reliability table: within each tenth of
// confidence, the share of values that are right beside the confidence stated).

import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The key fields of docs/api.md "Key fields not found" (the engine's own lists): those of the
 * document's kind where its label names the kind (the generator's do: a receipt has no number to
 * book), else an invoice's, wherever the label has them.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { BOOKING_FIELDS: KEY_PATHS, keyFieldsOf } = await import(pathToFileURL(join(root, 'dist/src/pipeline/reconcile/key-fields.js')).href);
const KINDS = { invoice: 'invoice', receipt: 'receipt', credit_note: 'credit_note', utility_bill: 'bill', bill: 'bill' };
const keyPaths = (labelledKind) => (KINDS[labelledKind] ? keyFieldsOf(KINDS[labelledKind]) : KEY_PATHS);
export const BINS = 10;

export function reviewFigures(rows) {
  const predicted = rows.filter((r) => r.predicted);
  const wrong = predicted.filter((r) => !r.correct);
  const correct = predicted.filter((r) => r.correct);
  const missingKey = rows.filter((r) => !r.predicted && keyPaths(r.kind).includes(r.path));
  const bins = reliabilityBins(predicted);
  const n = bins.reduce((s, b) => s + b.n, 0);
  return {
    values: predicted.length,
    wrong: wrong.length,
    wrongMarked: wrong.filter((r) => r.marked).length,
    silent: predicted.length ? wrong.filter((r) => !r.marked).length / predicted.length : 0,
    correct: correct.length,
    correctMarked: correct.filter((r) => r.marked).length,
    missingKey: missingKey.length,
    missingKeyListed: missingKey.filter((r) => r.marked).length,
    // Expected calibration error: the bins' gaps between stated and observed, weighted by their values.
    ece: n ? bins.reduce((s, b) => s + b.n * Math.abs(b.accuracy - b.confidence), 0) / n : null,
    bins,
    documents: documentFigures(rows),
  };
}

/**
 * The document's confidence against what happened: a document needs correcting when a labelled key
 * value is wrong or missing. Per fifth of stated confidence (documents are fewer than values).
 */
function documentFigures(rows) {
  const docs = new Map();
  for (const r of rows) {
    const d = docs.get(r.doc) ?? { stated: r.documentConfidence, fine: true };
    if (KEY_PATHS.includes(r.path) && !r.correct) d.fine = false;
    docs.set(r.doc, d);
  }
  const bins = Array.from({ length: 5 }, (_, i) => ({ from: i / 5, n: 0, stated: 0, right: 0 }));
  for (const d of docs.values()) {
    if (typeof d.stated !== 'number') continue;
    const bin = bins[Math.min(4, Math.floor(d.stated * 5))];
    bin.n++;
    bin.stated += d.stated;
    if (d.fine) bin.right++;
  }
  const n = bins.reduce((s, b) => s + b.n, 0);
  return {
    n,
    ece: n ? bins.reduce((s, b) => s + Math.abs(b.right - b.stated), 0) / n : null,
    bins: bins.map((b) => ({ from: b.from, n: b.n, confidence: b.n ? b.stated / b.n : null, accuracy: b.n ? b.right / b.n : null })),
  };
}

/** Per tenth of confidence (the last holds 1.0): values, mean stated confidence, share right. */
export function reliabilityBins(predicted) {
  const bins = Array.from({ length: BINS }, (_, i) => ({ from: i / BINS, n: 0, stated: 0, right: 0 }));
  for (const r of predicted) {
    if (typeof r.confidence !== 'number') continue;
    const bin = bins[Math.min(BINS - 1, Math.floor(r.confidence * BINS))];
    bin.n++;
    bin.stated += r.confidence;
    if (r.correct) bin.right++;
  }
  return bins.map((b) => ({ from: b.from, n: b.n, confidence: b.n ? b.stated / b.n : null, accuracy: b.n ? b.right / b.n : null }));
}
