// The two learners the learned choice was measured with (docs/engine.md, "Learned choice"): a random
// forest (ml-random-forest) and logistic regression over standardized features. Both are
// deterministic: the forest's seed is fixed, gradient descent starts from zeros. The logistic fit is
// a dozen lines over typed arrays: ml-logistic-regression (tried first) fits no bias and allocates
// two matrices per step, which took minutes per field where this takes seconds.
import { RandomForestClassifier } from 'ml-random-forest';
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
  // Rows standardized into one flat array, a constant column last for the bias.
  const stride = width + 1;
  const x = new Float64Array(n * stride);
  rows.forEach((r, i) => {
    r.forEach((v, j) => (x[i * stride + j] = (v - mean[j]!) / scale[j]!));
    x[i * stride + width] = 1;
  });
  const weights = new Float64Array(stride);
  const gradient = new Float64Array(stride);
  for (let step = 0; step < LOGISTIC.steps; step++) {
    gradient.fill(0);
    for (let i = 0; i < n; i++) {
      let z = 0;
      for (let j = 0; j < stride; j++) z += x[i * stride + j]! * weights[j]!;
      const error = 1 / (1 + Math.exp(-z)) - targets[i]!;
      for (let j = 0; j < stride; j++) gradient[j] = gradient[j]! + error * x[i * stride + j]!;
    }
    for (let j = 0; j < stride; j++) weights[j] = weights[j]! - LOGISTIC.rate * (gradient[j]! / n + (j < width ? LOGISTIC.l2 * weights[j]! : 0));
  }
  // Eight significant digits keep the file small and every figure as fitted (a spread of 1e-7 stays one).
  const short = (v: number) => Number(v.toPrecision(8));
  return { model: [...weights].map(short), mean: mean.map(short), scale: scale.map(short) };
}
