// Fitting the calibration (calibration.ts) on values whose rightness is known: the values of documents
// each read by an engine fitted without its family (scripts/train.mjs). A score over the values'
// features (boosted trees; a logistic regression is kept to measure them against), then per group
// isotonic regression (pool adjacent violators) of "right" on the score, then the review threshold.
import { createHash } from 'node:crypto';
import { fitBoosted } from '../fields/choice/boosted.js';
import { fitLogistic } from '../fields/choice/fit.js';
import { alwaysMarked, documentScore, groupsOf, mapped, scoreOf, type CalibrationFile, type CalibrationScore, type Steps, type ValueToCalibrate } from './calibration.js';
import { VALUE_FEATURES } from './value-features.js';

export interface LabelledValue extends ValueToCalibrate {
  correct: boolean;
}

/** A document read blind: its values, whether a key field was not found, whether it needed no correction. */
export interface LabelledDocument {
  /** Who issued it: the threshold is measured on vendors the map was not fitted on… */
  vendor: string;
  /** …or, where known, on families (kind × language × source) it was not fitted on. */
  family?: string;
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
 * vendor folds of the corpus alone, 12 % had marked 9.5–10.0 %. Half a point under the budget. With
 * the steps fitted on out-of-fold scores of inner family folds, 13.9 % there marked 11.8 % of the
 * sealed split's right values.
 */
const INNER_TARGET = 0.145;
/** Folds inside the fitted documents, by family (by vendor where no family is known), for the steps, the threshold and the document map. */
const INNER_FOLDS = 5;

export type Scorer = 'boosted' | 'logistic';

export function fitCalibration(documents: LabelledDocument[], trained: Record<string, unknown> = {}, scorer: Scorer = 'boosted'): CalibrationFile {
  // Every value is scored by a score fitted without its inner fold, and the groups' steps, the
  // threshold and the document map are fitted on those scores: the shipped score meets documents it
  // was not fitted on, and trees are surer of their own training values than of those (steps fitted
  // on in-sample scores put the lowest fifth at 0.09 where 0.36 were right, family folds 2026-11-28).
  const fold = documents.map((d) => foldOf(d.family ?? d.vendor));
  const outOfFold = new Map<LabelledValue, number>();
  for (let f = 0; f < INNER_FOLDS; f++) {
    const score = fitScore(documents.filter((_, i) => fold[i] !== f).flatMap((d) => d.values), scorer);
    documents.forEach((d, i) => {
      if (fold[i] === f) for (const v of d.values) outOfFold.set(v, scoreOf(score, v.features));
    });
  }
  const values = documents.flatMap((d) => d.values);
  const groups = groupSteps(values.map((v) => ({ ...v, score: outOfFold.get(v)! })));
  const file: CalibrationFile = { version: 3, trained: {}, features: [...VALUE_FEATURES], score: fitScore(values, scorer), groups, document: { from: [0], probability: [0] }, reviewBelow: 0 };
  const probability = (v: LabelledValue) => mapped(file, v, outOfFold.get(v)!);
  const review = chooseThreshold(values, values.map(probability));
  const scores = documents.map((d) => ({
    score: documentScore(new Map(d.values.map((v) => [v.path, probability(v)])), d.keyMissing),
    correct: d.fine,
  }));
  return {
    ...file,
    document: isotonic(scores),
    reviewBelow: review.threshold,
    trained: { ...trained, documents: documents.length, values: values.length, ...review.figures },
  };
}

function fitScore(values: LabelledValue[], scorer: Scorer): CalibrationScore {
  const rows = values.map((v) => v.features);
  const targets = values.map((v) => (v.correct ? 1 : 0));
  return scorer === 'boosted' ? { boosted: fitBoosted(rows, targets) } : { logistic: fitLogistic(rows, targets) };
}

/** Isotonic steps per group of like values that has enough of them, and for all. */
function groupSteps(scored: (LabelledValue & { score: number })[]): Record<string, Steps> {
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
  return groups;
}

function foldOf(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % INNER_FOLDS;
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
