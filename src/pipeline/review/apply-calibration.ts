// The outcome's confidence and review marks from the calibration (calibration.ts): every value's
// confidence becomes the probability that it is right; a value is marked for review when that is below
// the calibration's threshold, or when reconciliation already doubted it (status review: totals that do
// not add up stay marked however sure each amount looks). The document's confidence is the probability
// that none of its key values needs correcting.
import type { ExtractionOutcome } from '../../schemas/document.schema.js';
import { round } from '../fields/found.js';
import { calibrated, type CalibrationFile } from './calibration.js';

type Reviewed = Pick<ExtractionOutcome, 'field_confidence' | 'field_status' | 'review_fields' | 'confidence'>;

/** The values a bookkeeper books a document by (docs/api.md, Document confidence). */
export const DOCUMENT_KEY_PATHS = ['total', 'issue_date', 'document_number', 'vendor.name'];

/** `missing`: key fields the page did not give (key-fields.ts); each must be filled in, so the document needs a correction. */
export function applyCalibration<T extends Reviewed>(outcome: T, file: CalibrationFile, missing: string[]): T {
  const field_confidence: Record<string, number> = {};
  const field_status: ExtractionOutcome['field_status'] = {};
  for (const [path, status] of Object.entries(outcome.field_status)) {
    const raw = outcome.field_confidence[path];
    if (raw === undefined) {
      field_status[path] = status;
      continue;
    }
    const probability = calibrated(file, { path, status: status.status, confidence: raw });
    field_confidence[path] = round(probability, 3);
    field_status[path] = { status: status.status, review: status.status === 'review' || probability < file.reviewBelow };
  }
  const marked = Object.entries(field_status).flatMap(([path, s]) => (s.review ? [path] : []));
  const review_fields = [...new Set([...marked, ...missing])].sort((a, b) => a.localeCompare(b));
  const keys = DOCUMENT_KEY_PATHS.filter((path) => field_confidence[path] !== undefined);
  const confidence = missing.some((path) => DOCUMENT_KEY_PATHS.includes(path)) ? 0 : keys.reduce((p, path) => p * field_confidence[path]!, keys.length ? 1 : 0);
  return { ...outcome, field_confidence, field_status, review_fields, confidence: round(confidence, 3) };
}
