// Fitting the calibration (calibration.ts) on values whose rightness is known: the blind folds' values,
// each read by an engine fitted without its vendor fold (scripts/train.mjs). A logistic score over the
// values' features, then per group isotonic regression (pool adjacent violators) of "right" on the
// score, then the review threshold.
import { createHash } from 'node:crypto';
import { fitLogistic } from '../fields/choice/fit.js';
import { logisticProbability } from '../fields/choice/model.js';
import { alwaysMarked, calibrated, documentScore, groupsOf, type CalibrationFile, type Steps, type ValueToCalibrate } from './calibration.js';
import { VALUE_FEATURES } from './value-features.js';

export interface LabelledValue extends ValueToCalibrate {
  correct: boolean;
}

/** A document read blind: its values, whether a key field was not found, whether it needed no correction. */
export interface LabelledDocument {
  /** Who issued it: the threshold is measured on vendors the map was not fitted on. */
  vendor: string;
  values: LabelledValue[];
  keyMissing: boolean;
  /** No labelled key value wrong or missing. */
  fine: boolean;
}

/** Fewer values than this leave a group to the next, wider one: its steps would be noise. */
const MIN_GROUP = 40;
/**
 * At most this share of the right values may be marked, or people learn to ignore the marks (the
 * promise beside at most 1 % of the values wrong and unmarked: docs/engine.md, Confidence and review).
 */
export const REVIEW_BUDGET = 0.15;
/**
 * The share of right values the threshold may mark on the inner folds. The inner maps are fitted on
 * four fifths of the training documents and their probabilities move in steps of like values, so the
 * share they mark is not exactly the share the shipped map marks on documents it has not seen: with
 * the calibration fitted on family folds of the corpus, the words corpus and the wide corpus's open
 * split, an inner 12 % marked 11.6 % of the sealed split's right values (2026-11-28); on the old
 * vendor folds of the corpus alone, 12 % had marked 9.5–10.0 %. Half a point under the budget.
 */
const INNER_TARGET = 0.145;
/** Folds inside the fitted documents, by vendor, for measuring the threshold and the document map. */
const INNER_FOLDS = 5;

export function fitCalibration(documents: LabelledDocument[], trained: Record<string, unknown> = {}): CalibrationFile {
  // The threshold and the document map are fitted on probabilities each value got from a map fitted
  // without its vendor: a threshold chosen on the map's own values marked 9 % of the right values
  // there and 13 % on new vendors.
  const fold = documents.map((d) => foldOf(d.vendor));
  const probabilities = documents.map(() => new Map<LabelledValue, number>());
  for (let f = 0; f < INNER_FOLDS; f++) {
    const map = fitMap(documents.filter((_, i) => fold[i] !== f).flatMap((d) => d.values));
    documents.forEach((d, i) => {
      if (fold[i] === f) for (const v of d.values) probabilities[i]!.set(v, calibrated(map, v));
    });
  }
  const values = documents.flatMap((d) => d.values);
  const review = chooseThreshold(values, documents.flatMap((d, i) => d.values.map((v) => probabilities[i]!.get(v)!)));
  const scores = documents.map((d, i) => ({
    score: documentScore(new Map(d.values.map((v) => [v.path, probabilities[i]!.get(v)!])), d.keyMissing),
    correct: d.fine,
  }));
  return {
    ...fitMap(values),
    document: isotonic(scores),
    reviewBelow: review.threshold,
    trained: { ...trained, documents: documents.length, values: values.length, ...review.figures },
  };
}

function fitMap(values: LabelledValue[]): CalibrationFile {
  const score = fitLogistic(values.map((v) => v.features), values.map((v) => (v.correct ? 1 : 0)));
  const scored = values.map((v) => ({ ...v, score: logisticProbability(score, v.features) }));
  const byGroup = new Map<string, typeof scored>();
  for (const value of scored) {
    for (const group of groupsOf(value)) {
      if (!byGroup.has(group)) byGroup.set(group, []);
      byGroup.get(group)!.push(value);
    }
  }
  const groups: Record<string, Steps> = {};
  for (const [group, members] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
    if (members.length >= MIN_GROUP || group === 'all') groups[group] = isotonic(members);
  }
  return { version: 2, trained: {}, features: [...VALUE_FEATURES], score, groups, document: { from: [0], probability: [0] }, reviewBelow: 0 };
}

function foldOf(vendor: string): number {
  return createHash('sha256').update(vendor).digest().readUInt32BE(0) % INNER_FOLDS;
}

/** Steps of the share right, non-decreasing in the score; each step pulled a little to the group's own share. */
function isotonic(values: { score: number; correct: boolean }[]): Steps {
  const rate = values.filter((v) => v.correct).length / values.length;
  const blocks: { from: number; right: number; n: number }[] = [];
  for (const v of [...values].sort((a, b) => a.score - b.score)) {
    const last = blocks.at(-1);
    // Equal scores are one block: the map cannot tell them apart.
    if (last && last.from === v.score) {
      last.right += v.correct ? 1 : 0;
      last.n++;
    } else blocks.push({ from: v.score, right: v.correct ? 1 : 0, n: 1 });
    // Pool while a block is right no more often than the one before it.
    while (blocks.length > 1 && share(blocks.at(-2)!) >= share(blocks.at(-1)!)) {
      const top = blocks.pop()!;
      const below = blocks.at(-1)!;
      below.right += top.right;
      below.n += top.n;
    }
  }
  const PRIOR = 2;
  // Unrounded: a step rounded up past its own score would leave that score a step below.
  return { from: blocks.map((b, i) => (i === 0 ? 0 : b.from)), probability: blocks.map((b) => round3((b.right + PRIOR * rate) / (b.n + PRIOR))) };
}

const share = (b: { right: number; n: number }) => b.right / b.n;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The highest threshold (a hundredth at a time) that marks at most INNER_TARGET of the right values,
 * counting those the arithmetic marks anyway: it leaves the fewest wrong values unmarked that the
 * budget allows.
 */
function chooseThreshold(values: LabelledValue[], probabilities: number[]): { threshold: number; figures: Record<string, number> } {
  const right = values.filter((v) => v.correct).length;
  const at = (threshold: number) => {
    const marked = values.map((v, i) => probabilities[i]! < threshold || alwaysMarked(v));
    const rightMarked = values.filter((v, i) => v.correct && marked[i]).length;
    const silent = values.filter((v, i) => !v.correct && !marked[i]).length;
    return { threshold, rightMarked: right ? rightMarked / right : 0, silent: values.length ? silent / values.length : 0 };
  };
  let best = at(0);
  for (let t = 1; t <= 100; t++) {
    const tried = at(t / 100);
    if (tried.rightMarked <= INNER_TARGET) best = tried;
  }
  return { threshold: best.threshold, figures: { rightMarked: round3(best.rightMarked), silent: round3(best.silent) } };
}
