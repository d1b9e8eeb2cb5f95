// The learned choice's model: per field, a scorer of candidates' feature vectors, trained by
// `npm run train` (scripts/train.mjs) and committed as models/field-choice.json. A worker loads it
// once. LEDGERLENS_FIELD_MODEL names another file (the blind folds score each fold with a model fitted
// without it); "none" turns the learned choice off, which leaves the rules' picks.
import { RandomForestClassifier } from 'ml-random-forest';
import { readModelFile } from '../../model-file.js';
import { boostedProbability, type BoostedTrees } from './boosted.js';
import type { FieldKey } from '../draft.js';

/** Members of the draft (fields/draft.ts), by their paths: a field the schema renames or drops stops compiling in CHOICE_KEYS. */
export type ChoiceField = 'total' | 'issue_date' | 'due_date' | 'document_number' | 'vendor.name';
export type Family = 'amount' | 'date' | 'code' | 'party';

/** Where each field sits in the draft. */
export const CHOICE_KEYS = {
  total: ['total'],
  issue_date: ['issue_date'],
  due_date: ['due_date'],
  document_number: ['document_number'],
  'vendor.name': ['vendor', 'name'],
} as const satisfies Record<ChoiceField, FieldKey>;

export interface FieldModelFile {
  family: Family;
  /** The feature names the model was trained on, in order; a model for other features is not used. */
  features: string[];
  /** The least probability at which the model's pick is taken over the rules' (measured in training, see docs/engine.md). */
  threshold: number;
  learner: 'boosted' | 'forest' | 'logistic';
  /** Boosted trees (boosted.ts), ml-random-forest's JSON, or logistic weights over standardized features (bias last). */
  model: unknown;
  /** Standardization of each feature (logistic only). */
  mean?: number[];
  scale?: number[];
}

export interface ModelFile {
  version: 1;
  /** What it was trained on, for the record. */
  trained: Record<string, unknown>;
  fields: Partial<Record<ChoiceField, FieldModelFile>>;
}

export interface FieldScorer {
  family: Family;
  features: string[];
  threshold: number;
  /** Probability that each candidate is the field's value. */
  score(features: number[][]): number[];
}

export type ChoiceModel = Partial<Record<ChoiceField, FieldScorer>>;

const DEFAULT_PATH = new URL('../../../../../models/field-choice.json', import.meta.url);

let loaded: ChoiceModel | null | undefined;

/** The model this process uses: loaded once, null when there is none or it is switched off. */
export function choiceModel(): ChoiceModel | null {
  if (loaded === undefined) {
    const file = shippedModelFile();
    loaded = file && fromFile(file);
  }
  return loaded;
}

/** The model file extraction starts from: the committed one or LEDGERLENS_FIELD_MODEL's; null when switched off. */
export function shippedModelFile(): ModelFile | null {
  return readModelFile<ModelFile>('LEDGERLENS_FIELD_MODEL', DEFAULT_PATH, 'field model');
}

/** For tools that score several models in one process (the blind folds): the model used from now on. */
export function setChoiceModel(model: ChoiceModel | null): void {
  loaded = model;
}

export function fromFile(file: ModelFile): ChoiceModel {
  const model: ChoiceModel = {};
  for (const [field, entry] of Object.entries(file.fields) as [ChoiceField, FieldModelFile][]) {
    // A field this engine does not choose (a newer file's) is left to the rules.
    if (Object.hasOwn(CHOICE_KEYS, field)) model[field] = scorerOf(entry);
  }
  return model;
}

/** Logistic weights over standardized features (bias last), with each feature's mean and scale. */
export interface Logistic {
  model: number[];
  mean: number[];
  scale: number[];
}

export function logisticProbability({ model, mean, scale }: Logistic, row: readonly number[]): number {
  return sigmoid(row.reduce((sum, x, i) => sum + ((x - mean[i]!) / scale[i]!) * model[i]!, model[row.length]!));
}

function scorerOf(entry: FieldModelFile): FieldScorer {
  if (entry.learner === 'boosted') {
    const trees = entry.model as BoostedTrees;
    return { family: entry.family, features: entry.features, threshold: entry.threshold, score: (rows) => rows.map((row) => boostedProbability(trees, row)) };
  }
  if (entry.learner === 'logistic') {
    const logistic = { model: entry.model as number[], mean: entry.mean ?? [], scale: entry.scale ?? [] };
    return {
      family: entry.family,
      features: entry.features,
      threshold: entry.threshold,
      score: (rows) => rows.map((row) => logisticProbability(logistic, row)),
    };
  }
  const forest = RandomForestClassifier.load(entry.model as never);
  return {
    family: entry.family,
    features: entry.features,
    threshold: entry.threshold,
    // The share of trees voting "is the value" (predictProbability drops the first tree's vote).
    score: (rows) => (rows.length ? forest.predictionValues(rows).to2DArray().map((votes) => votes.filter((v) => v === 1).length / votes.length) : []),
  };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
