// Fitting the calibration (calibration.ts) on values whose rightness is known: the blind folds' values,
// each read by an engine fitted without its document (scripts/train.mjs). Per group, isotonic
// regression (pool adjacent violators) of "right" on raw confidence; then the review threshold.
import { groupsOf, type CalibrationFile, type RawValue, type Steps, calibrated } from './calibration.js';

export interface LabelledValue extends RawValue {
  correct: boolean;
}

/** Fewer values than this leave a group to the next, wider one: its steps would be noise. */
const MIN_GROUP = 40;
/** Issue 20: at most this share of the right values may be marked, or people learn to ignore the marks. */
export const REVIEW_BUDGET = 0.1;

export function fitCalibration(values: LabelledValue[], trained: Record<string, unknown> = {}): CalibrationFile {
  const byGroup = new Map<string, LabelledValue[]>();
  for (const value of values) for (const group of groupsOf(value)) byGroup.set(group, [...(byGroup.get(group) ?? []), value]);
  const groups: Record<string, Steps> = {};
  for (const [group, members] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
    if (members.length >= MIN_GROUP || group === 'all') groups[group] = isotonic(members);
  }
  const file: CalibrationFile = { version: 1, trained: {}, reviewBelow: 0, groups };
  const review = chooseThreshold(file, values);
  return { ...file, reviewBelow: review.threshold, trained: { ...trained, values: values.length, ...review.figures } };
}

/** Steps of the share right, non-decreasing in raw confidence; each step pulled a little to the group's own share. */
function isotonic(values: LabelledValue[]): Steps {
  const rate = values.filter((v) => v.correct).length / values.length;
  // Equal raw confidences are one block: the map cannot tell them apart.
  const blocks: { from: number; right: number; n: number }[] = [];
  for (const v of [...values].sort((a, b) => a.confidence - b.confidence)) {
    const last = blocks.at(-1);
    if (last && last.from === v.confidence) {
      last.right += v.correct ? 1 : 0;
      last.n++;
    } else blocks.push({ from: v.confidence, right: v.correct ? 1 : 0, n: 1 });
    // Pool while a block is less often right than the one before it.
    while (blocks.length > 1 && share(blocks.at(-2)!) >= share(blocks.at(-1)!)) {
      const top = blocks.pop()!;
      const below = blocks.at(-1)!;
      below.right += top.right;
      below.n += top.n;
    }
  }
  const PRIOR = 2;
  return { from: blocks.map((b, i) => (i === 0 ? 0 : b.from)), probability: blocks.map((b) => round3((b.right + PRIOR * rate) / (b.n + PRIOR))) };
}

const share = (b: { right: number; n: number }) => b.right / b.n;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The highest threshold (a hundredth at a time) that marks at most REVIEW_BUDGET of the right values,
 * counting the values reconciliation marks anyway: it leaves the fewest wrong values unmarked that the
 * budget allows.
 */
function chooseThreshold(file: CalibrationFile, values: LabelledValue[]): { threshold: number; figures: Record<string, number> } {
  const probabilities = values.map((v) => calibrated(file, v));
  const right = values.filter((v) => v.correct).length;
  const at = (threshold: number) => {
    const marked = values.map((v, i) => v.status === 'review' || probabilities[i]! < threshold);
    const rightMarked = values.filter((v, i) => v.correct && marked[i]).length;
    const silent = values.filter((v, i) => !v.correct && !marked[i]).length;
    return { threshold, rightMarked: right ? rightMarked / right : 0, silent: values.length ? silent / values.length : 0 };
  };
  let best = at(0);
  for (let t = 1; t <= 100; t++) {
    const tried = at(t / 100);
    if (tried.rightMarked <= REVIEW_BUDGET) best = tried;
  }
  return { threshold: best.threshold, figures: { rightMarked: round3(best.rightMarked), silent: round3(best.silent) } };
}
