// ml-logistic-regression ships no types; this is what fit.ts uses.
declare module 'ml-logistic-regression' {
  import type { Matrix } from 'ml-matrix';
  export default class LogisticRegression {
    constructor(options: { numSteps: number; learningRate: number });
    train(x: Matrix, y: Matrix): void;
    classifiers: { weights: Matrix }[];
  }
}
