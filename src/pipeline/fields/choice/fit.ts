// The learners the learned choice was measured with (docs/engine.md, "Learned choice"): boosted trees
// (boosted.ts, shipped), a random forest (ml-random-forest) and logistic regression over standardized
// features. All are deterministic: the forest's seed is fixed, gradient descent starts from zeros, the
// trees sample nothing. The logistic fit is a dozen lines over typed arrays: ml-logistic-regression
// (tried first) fits no bias and allocates two matrices per step, which took minutes per field where
// this takes seconds.
import { RandomForestClassifier } from 'ml-random-forest';
import { fitBoosted } from './boosted.js';
import type { FieldModelFile, Family, Logistic } from './model.js';

export type Learner = FieldModelFile['learner'];

export interface FitOptions {
  learner: Learner;
  family: Family;
  features: readonly string[];
  threshold: number;
}

/** Sizes measured on the blind folds: more or deeper trees fitted the folds no better and grew the file. */
const FOREST = { nEstimators: 40, maxFeatures: 0.6, treeOptions: { maxDepth: 8, minNumSamples: 4 }, seed: 20261124, useSampleBagging: true, replacement: true, noOOB: true };
/** Full-batch gradient descent from zeros on the mean log-loss, with a little L2 so separable fields keep finite weights. */
const LOGISTIC = { steps: 800, rate: 0.5, l2: 1e-3 };

export function fit(rows: number[][], targets: number[], options: FitOptions): FieldModelFile {
  const base = { family: options.family, features: [...options.features], threshold: options.threshold, learner: options.learner };
  if (options.learner === 'boosted') return { ...base, model: fitBoosted(rows, targets) };
  if (options.learner === 'forest') {
    const forest = new RandomForestClassifier(FOREST);
    forest.train(rows, targets);
    return { ...base, model: forest.toJSON() };
  }
  return { ...base, ...fitLogistic(rows, targets) };
}

export function fitLogistic(rows: number[][], targets: number[]): Logistic {
  const n = rows.length;
  const width = rows[0]?.length ?? 0;
  const mean = Array.from({ length: width }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0) / n);
  // A feature that does not vary (its spread only rounding noise) is left unscaled.
  const scale = mean.map((m, j) => {
    const spread = Math.sqrt(rows.reduce((s, r) => s + (r[j]! - m) ** 2, 0) / n);
    return spread > 1e-9 ? spread : 1;
  });
  const weights = descend(standardized(rows, mean, scale), targets, LOGISTIC.steps, new Float64Array(width + 1), (w, gradient, n) => {
    for (let j = 0; j <= width; j++) w[j] = w[j]! - LOGISTIC.rate * (gradient[j]! / n + (j < width ? LOGISTIC.l2 * w[j]! : 0));
  });
  return { model: shortened(weights), mean: mean.map(short), scale: scale.map(short) };
}

/**
 * How far an installation's own documents move a shipped model (`ledgerlens train --with-corrections`,
 * src/learning/): gradient descent from the shipped weights, in the shipped standardization, on the
 * documents' summed log-loss plus `priorStrength`/2 times the squared distance from the shipped
 * weights. A few approved documents nudge the model; many candidates outweigh the pull. The strength
 * is measured by scripts/measure-adaptation.mjs (docs/engine.md, "Corrections teach the engine"):
 * a model fitted without the SROIE receipts, or without the invoices, adapted on them by vendor folds.
 */
export const ADAPT = { steps: 400, priorStrength: 200 };

export function adaptLogistic(shipped: Logistic, rows: number[][], targets: number[], priorStrength: number = ADAPT.priorStrength): Logistic {
  const anchor = shipped.model;
  const pull = priorStrength / Math.max(1, rows.length);
  // The pull is taken as a proximal step (exact for the quadratic), so a strong one settles on the
  // shipped weights instead of overshooting them: a plain gradient step diverges once rate × pull > 2.
  const weights = descend(standardized(rows, shipped.mean, shipped.scale), targets, ADAPT.steps, Float64Array.from(anchor), (w, gradient, n) => {
    for (let j = 0; j < w.length; j++) w[j] = (w[j]! - LOGISTIC.rate * (gradient[j]! / n) + LOGISTIC.rate * pull * anchor[j]!) / (1 + LOGISTIC.rate * pull);
  });
  return { model: shortened(weights), mean: [...shipped.mean], scale: [...shipped.scale] };
}

/** Rows standardized into one flat array, a constant column last for the bias. */
function standardized(rows: number[][], mean: readonly number[], scale: readonly number[]): { x: Float64Array; stride: number } {
  const width = mean.length;
  const stride = width + 1;
  const x = new Float64Array(rows.length * stride);
  rows.forEach((r, i) => {
    r.forEach((v, j) => (x[i * stride + j] = (v - mean[j]!) / scale[j]!));
    x[i * stride + width] = 1;
  });
  return { x, stride };
}

/**
 * Full-batch gradient descent on the mean log-loss from `weights`: each step sums the gradient and
 * hands it to `update`, which takes the step with its own penalty.
 */
function descend(
  { x, stride }: { x: Float64Array; stride: number },
  targets: number[],
  steps: number,
  weights: Float64Array,
  update: (weights: Float64Array, gradient: Float64Array, n: number) => void,
): Float64Array {
  const n = targets.length;
  const gradient = new Float64Array(stride);
  for (let step = 0; step < steps; step++) {
    gradient.fill(0);
    for (let i = 0; i < n; i++) {
      let z = 0;
      for (let j = 0; j < stride; j++) z += x[i * stride + j]! * weights[j]!;
      const error = 1 / (1 + Math.exp(-z)) - targets[i]!;
      for (let j = 0; j < stride; j++) gradient[j] = gradient[j]! + error * x[i * stride + j]!;
    }
    update(weights, gradient, n);
  }
  return weights;
}

// Eight significant digits keep the file small and every figure as fitted (a spread of 1e-7 stays one).
const short = (v: number) => Number(v.toPrecision(8));
const shortened = (weights: Float64Array) => [...weights].map(short);
