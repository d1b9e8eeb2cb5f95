// Confidence that means what it says. The finders' confidence ranks values within a field but is not a
// probability: 0.8 on a vendor name and 0.8 on a total were right at different rates. The calibration
// maps a value's raw confidence to the share of such values that were right on documents the engine
// was not fitted on (the blind folds, scripts/train.mjs), per group of like values: the field's family
// and what the engine said of it (read, derived, or already doubted). The map is isotonic: a higher raw
// confidence never means a lower probability.
import { readFileSync } from 'node:fs';
import type { FieldStatusValue } from '../../schemas/document.schema.js';

export interface CalibrationFile {
  version: 1;
  /** What it was fitted on and what the threshold gives there, for the record. */
  trained: Record<string, unknown>;
  /** A value whose calibrated confidence is below this is marked for review (chosen in training, docs/engine.md). */
  reviewBelow: number;
  /** Per group: raw confidences where the probability steps up, and the probability from each on. */
  groups: Record<string, Steps>;
}

export interface Steps {
  from: number[];
  probability: number[];
}

/** A value to calibrate: its path in the outcome, what the engine said of it, its raw confidence. */
export interface RawValue {
  path: string;
  status: FieldStatusValue;
  confidence: number;
}

/**
 * The groups a value belongs to, most specific first: family and status, family, and all. A group with
 * too few values in training has no steps, and the next one answers.
 */
export function groupsOf(value: Pick<RawValue, 'path' | 'status'>): string[] {
  const family = familyOf(value.path);
  const said = value.status === 'review' ? 'review' : value.status === 'read' ? 'read' : 'derived';
  return [`${family}:${said}`, family, 'all'];
}

function familyOf(path: string): string {
  const pattern = path.replace(/\[\d+\]/gu, '[]');
  if (pattern.startsWith('line_items[].')) {
    const member = pattern.slice('line_items[].'.length);
    return member === 'description' || member === 'quantity' ? `item.${member}` : 'item.amount';
  }
  if (pattern.startsWith('vat_rates[]')) return 'vat_group';
  if (pattern.startsWith('banks[]') || pattern.startsWith('payment.')) return 'payment';
  if (['total', 'subtotal', 'vat_amount', 'issue_date', 'due_date', 'document_number', 'currency', 'vendor.name', 'customer.name'].includes(pattern)) return pattern;
  if (pattern.startsWith('vendor.') || pattern.startsWith('customer.')) return 'party';
  return 'other';
}

/** The probability that a value is right, by the first of its groups the file has steps for. */
export function calibrated(file: CalibrationFile, value: RawValue): number {
  for (const group of groupsOf(value)) {
    const steps = file.groups[group];
    if (steps) return stepAt(steps, value.confidence);
  }
  return value.confidence;
}

function stepAt(steps: Steps, raw: number): number {
  let i = 0;
  while (i + 1 < steps.from.length && steps.from[i + 1]! <= raw) i++;
  return steps.probability[i]!;
}

const DEFAULT_PATH = new URL('../../../../models/confidence.json', import.meta.url);
let loaded: CalibrationFile | null | undefined;

/**
 * The calibration this process uses, loaded once: models/confidence.json, or the file
 * LEDGERLENS_CONFIDENCE_MODEL names; "none" leaves the raw confidence (training reads it so).
 */
export function calibration(): CalibrationFile | null {
  if (loaded === undefined) {
    const setting = process.env.LEDGERLENS_CONFIDENCE_MODEL;
    loaded = setting === 'none' ? null : loadCalibration(setting ?? DEFAULT_PATH);
  }
  return loaded;
}

function loadCalibration(path: string | URL): CalibrationFile | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as CalibrationFile;
  } catch (error) {
    // No fitted calibration is an engine that states its raw confidence; a broken one is a deployment error.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && path === DEFAULT_PATH) return null;
    throw new Error(`confidence calibration ${String(path)} cannot be read: ${(error as Error).message}`);
  }
}

/** For tools that score several calibrations in one process (training, the blind folds). */
export function setCalibration(file: CalibrationFile | null): void {
  loaded = file;
}
