// Confidence that means what it says. The finders' confidence ranks values within a field but is not a
// probability: 0.8 on a vendor name and 0.8 on a total were right at different rates. Two steps, both
// fitted on values the engine read blind (family folds, scripts/train.mjs): a score over what is
// known of the value (value-features.ts: family, status, raw confidence, place, whether the amounts
// agree, the text's shape, the learned choice's support, how familiar the document is), by boosted
// trees, which weigh a feature per family (OCR's doubt counts on a name, not on a date), then an
// isotonic map from that score to the share of values that were right, per group of like values
// (family and what the engine said of it). Isotonic: a higher score never means a lower probability.
import type { FieldStatusValue } from '../../schemas/document.schema.js';
import { boostedProbability, type BoostedTrees } from '../fields/choice/boosted.js';
import { logisticProbability, type Logistic } from '../fields/choice/model.js';
import { readModelFile } from '../model-file.js';
import { BOOKING_FIELDS } from '../reconcile/key-fields.js';
import { familyOf, VALUE_FEATURES } from './value-features.js';

/** The score's learner: boosted trees (used) or the logistic regression they were measured against. */
export type CalibrationScore = { boosted: BoostedTrees } | { logistic: Logistic };

export interface CalibrationFile {
  version: 3;
  /** What it was fitted on and what the threshold gives there, for the record. */
  trained: Record<string, unknown>;
  /** The features the score was fitted on, in order; a file for other features is refused. */
  features: string[];
  score: CalibrationScore;
  /** Per group: scores where the probability steps up, and the probability from each on. */
  groups: Record<string, Steps>;
  /** The document's key values' probabilities multiplied (documentScore) → the share of such documents that needed no correction. */
  document: Steps;
  /** A value whose probability is below this is marked for review (chosen in training, docs/engine.md). */
  reviewBelow: number;
}

export interface Steps {
  from: number[];
  probability: number[];
}

/** A value to calibrate: its path, what the engine said of it, its features (value-features.ts). */
export interface ValueToCalibrate {
  path: string;
  status: FieldStatusValue;
  features: number[];
}

/**
 * The groups a value belongs to, most specific first: family and status, family, and all. A group with
 * too few values in training has no steps, and the next one answers.
 */
export function groupsOf(value: Pick<ValueToCalibrate, 'path' | 'status'>): string[] {
  const family = familyOf(value.path);
  const said = value.status === 'review' ? 'review' : value.status === 'read' ? 'read' : 'derived';
  return [`${family}:${said}`, family, 'all'];
}

/**
 * Values reconciliation marked because the document's arithmetic failed (totals, balance, VAT groups, a
 * line that does not multiply out) stay marked whatever their probability: the warning names them, and
 * a person must see which of the amounts is off. Other doubts (a date that reads either way, a VAT id
 * that fails its checksum) are weighed by the calibration like any other evidence.
 */
export function arithmeticDoubt(value: Pick<ValueToCalibrate, 'path' | 'status'>): boolean {
  return value.status === 'review' && ARITHMETIC_FAMILIES.has(familyOf(value.path));
}

// 'other' holds the balance's members (amount due, payments, previous balance) and the rounding.
const ARITHMETIC_FAMILIES = new Set<string>(['total', 'subtotal', 'vat_amount', 'vat_group', 'item.amount', 'item.quantity', 'other']);

/**
 * A currency the page does not print (its vendor's country's, the client's hint) stays marked: a
 * wrong one books every amount in the wrong money, and nothing on the page can say it is right.
 */
export function unprintedCurrency(value: Pick<ValueToCalibrate, 'path' | 'status'>): boolean {
  return familyOf(value.path) === 'currency' && (value.status === 'derived' || value.status === 'enriched');
}

/** Marked whatever its probability: doubted by the arithmetic, or a currency the page does not print. */
export function alwaysMarked(value: Pick<ValueToCalibrate, 'path' | 'status'>): boolean {
  return arithmeticDoubt(value) || unprintedCurrency(value);
}

/** Marked for review: below the threshold, or always marked. */
export function needsReview(file: CalibrationFile, value: Pick<ValueToCalibrate, 'path' | 'status'>, probability: number): boolean {
  return probability < file.reviewBelow || alwaysMarked(value);
}

/** The probability that a value is right. */
export function calibrated(file: CalibrationFile, value: ValueToCalibrate): number {
  return mapped(file, value, scoreOf(file.score, value.features));
}

export function scoreOf(score: CalibrationScore, features: readonly number[]): number {
  return 'boosted' in score ? boostedProbability(score.boosted, features) : logisticProbability(score.logistic, features);
}

/** A score through the steps of the first of the value's groups the file has. */
export function mapped(file: CalibrationFile, value: Pick<ValueToCalibrate, 'path' | 'status'>, score: number): number {
  for (const group of groupsOf(value)) {
    const steps = file.groups[group];
    if (steps) return stepAt(steps, score);
  }
  return score;
}

/**
 * The product of the key values' probabilities, 0 when a key field must be filled in or none was read.
 * Not yet a probability: the values of one page are right or wrong together more often than
 * independent values would be, so the file maps it (`document`).
 */
export function documentScore(probabilities: ReadonlyMap<string, number>, keyMissing: boolean): number {
  const keys = BOOKING_FIELDS.filter((path) => probabilities.has(path));
  return keyMissing || !keys.length ? 0 : keys.reduce((p, path) => p * probabilities.get(path)!, 1);
}

export function stepAt(steps: Steps, score: number): number {
  let i = 0;
  while (i + 1 < steps.from.length && steps.from[i + 1]! <= score) i++;
  return steps.probability[i]!;
}

const DEFAULT_PATH = new URL('../../../../models/confidence.json', import.meta.url);
let loaded: CalibrationFile | null | undefined;

/**
 * The calibration this process uses, loaded once: models/confidence.json, or the file
 * LEDGERLENS_CONFIDENCE_MODEL names; "none" leaves the finders' confidence and marks.
 */
export function calibration(): CalibrationFile | null {
  if (loaded === undefined) {
    const file = readModelFile<CalibrationFile>('LEDGERLENS_CONFIDENCE_MODEL', DEFAULT_PATH, 'confidence calibration');
    if (file && (file.version !== 3 || file.features.join() !== VALUE_FEATURES.join())) {
      throw new Error('the confidence calibration was fitted on other features; run npm run train');
    }
    loaded = file;
  }
  return loaded;
}
