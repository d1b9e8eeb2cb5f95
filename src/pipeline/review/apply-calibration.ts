// The outcome's confidence and review marks from the calibration (calibration.ts): every value's
// confidence becomes the probability that it is right, and a value is marked for review when that is
// below the calibration's threshold or the document's arithmetic failed on it. The document's
// confidence is the probability that none of its key values needs correcting.
import type { ExtractionOutcome, FieldStatusValue } from '../../schemas/document.schema.js';
import { round } from '../fields/found.js';
import { calibrated, documentScore, needsReview, stepAt, type CalibrationFile } from './calibration.js';
import { valueFeatures, type OutcomeView, type ValueEvidence } from './value-features.js';

type Reviewed = OutcomeView & Pick<ExtractionOutcome, 'review_fields' | 'confidence'>;

/** What the review stage weighs besides the outcome. */
export interface ReviewEvidence extends ValueEvidence {
  /** Key fields the page did not give (key-fields.ts): each must be filled in, so the document needs a correction. */
  missing: string[];
}

export function applyCalibration<T extends Reviewed>(outcome: T, file: CalibrationFile, evidence: ReviewEvidence): T {
  const field_confidence: Record<string, number> = {};
  const field_status: ExtractionOutcome['field_status'] = {};
  const features = valueFeatures(outcome, evidence);
  for (const [path, status] of Object.entries(outcome.field_status)) {
    const of = features.get(path);
    if (!of) {
      field_status[path] = status;
      continue;
    }
    const probability = calibrated(file, { path, status: status.status, features: of });
    const review = needsReview(file, { path, status: status.status }, probability);
    field_confidence[path] = round(probability, 3);
    field_status[path] = { status: statusOf(status.status, review), review };
  }
  const marked = Object.entries(field_status).flatMap(([path, s]) => (s.review ? [path] : []));
  const review_fields = [...new Set([...marked, ...evidence.missing])].sort((a, b) => a.localeCompare(b));
  // Missing key fields are key fields of the document's kind, all of them booking fields.
  const score = documentScore(new Map(Object.entries(field_confidence)), evidence.missing.length > 0);
  return { ...outcome, field_confidence, field_status, review_fields, confidence: round(stepAt(file.document, score), 3) };
}

/**
 * A read value is `review` exactly when it is marked: a doubt of the finders the calibration weighed
 * and found right often enough reads as read. Derived and enriched values keep saying how they were made.
 */
function statusOf(engine: FieldStatusValue, review: boolean): FieldStatusValue {
  if (engine === 'read' || engine === 'review') return review ? 'review' : 'read';
  return engine;
}
