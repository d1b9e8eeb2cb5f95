// The two learners the learned choice was measured with (docs/engine.md, "Learned choice"): a random
// forest (ml-random-forest) and logistic regression (ml-logistic-regression) over standardized
// features. Both are deterministic: the forest's seed is fixed, gradient descent starts from zeros.
import LogisticRegression from 'ml-logistic-regression';
import { Matrix } from 'ml-matrix';
import { RandomForestClassifier } from 'ml-random-forest';
import type { FieldModelFile, Family } from './model.js';

export type Learner = FieldModelFile['learner'];

export interface FitOptions {
  learner: Learner;
  family: Family;
  features: readonly string[];
  threshold: number;
}

/** Sizes measured on the blind folds: more or deeper trees fitted the folds no better and grew the file. */
const FOREST = { nEstimators: 40, maxFeatures: 0.6, treeOptions: { maxDepth: 8, minNumSamples: 4 }, seed: 20261124, useSampleBagging: true, replacement: true, noOOB: true };
const LOGISTIC = { numSteps: 1500, learningRate: 0.5 };

export function fit(rows: number[][], targets: number[], options: FitOptions): FieldModelFile {
  const base = { family: options.family, features: [...options.features], threshold: options.threshold, learner: options.learner };
  if (options.learner === 'forest') {
    const forest = new RandomForestClassifier(FOREST);
    forest.train(rows, targets);
    return { ...base, model: forest.toJSON() };
  }
  return { ...base, ...fitLogistic(rows, targets) };
}

function fitLogistic(rows: number[][], targets: number[]): Pick<FieldModelFile, 'model' | 'mean' | 'scale'> {
  const width = rows[0]?.length ?? 0;
  const mean = Array.from({ length: width }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0) / rows.length);
  const scale = mean.map((m, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j]! - m) ** 2, 0) / rows.length) || 1);
  // The library's gradient is a sum over rows and it fits no bias: rows are standardized, a constant
  // column carries the bias, and the step is divided by the row count.
  const x = new Matrix(rows.map((r) => [...r.map((v, j) => (v - mean[j]!) / scale[j]!), 1]));
  const model = new LogisticRegression({ numSteps: LOGISTIC.numSteps, learningRate: LOGISTIC.learningRate / rows.length });
  model.train(x, Matrix.columnVector(targets));
  // One-vs-all over {0, 1}: the library trains classifier i to score "not class i", so classifier 0
  // scores class 1.
  const classifier = model.classifiers[0]!;
  return { model: classifier.weights.to1DArray(), mean, scale };
}
