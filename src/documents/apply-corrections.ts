// A Document as a person corrected it: the latest correction of each path over the engine's value,
// the field then `read` with confidence 1 and out of review_fields, a "not found" warning of a key
// field a person filled in dropped, and the totals' arithmetic checked again (recheck-totals.ts).
// The engine's outcome itself is stored unchanged.
import type { CorrectionRow } from '../storage/repositories/corrections.repository.js';
import { parseFieldPath } from './field-value.js';
import { recheckTotals } from './recheck-totals.js';
import type { StoredOutcome } from './present-document.js';

export function withCorrections(outcome: StoredOutcome, corrections: readonly CorrectionRow[]): StoredOutcome {
  if (!corrections.length) return outcome;
  const latest = new Map(corrections.map((c) => [c.path, JSON.parse(c.after_json) as unknown]));
  const extraction = structuredClone(outcome.extraction) as Record<string, unknown>;
  for (const [path, value] of latest) setValue(extraction, parseFieldPath(path) ?? [], value);
  const field_status = { ...outcome.field_status };
  const field_confidence = { ...outcome.field_confidence };
  for (const path of latest.keys()) {
    field_status[path] = { status: 'read', review: false };
    field_confidence[path] = 1;
  }
  return recheckTotals({
    ...outcome,
    extraction: extraction as StoredOutcome['extraction'],
    field_status,
    field_confidence,
    review_fields: outcome.review_fields.filter((path) => !latest.has(path)),
    warnings: outcome.warnings.filter((warning) => ![...latest.keys()].some((path) => warning.startsWith(`key_field_not_found: ${path} `))),
  }, new Set(latest.keys()));
}

/** The value at `segments`, null where nothing is. */
export function valueAt(extraction: unknown, segments: readonly (string | number)[]): unknown {
  let node = extraction;
  for (const segment of segments) node = node === null || typeof node !== 'object' ? undefined : (node as Record<string | number, unknown>)[segment];
  return node ?? null;
}

/** Sets the value, making the objects on its way that the engine left out or null ("vendor": null). */
function setValue(target: Record<string | number, unknown>, segments: readonly (string | number)[], value: unknown): void {
  let node = target;
  segments.forEach((segment, i) => {
    if (i === segments.length - 1) node[segment] = value;
    else {
      if (node[segment] === null || typeof node[segment] !== 'object') node[segment] = {};
      node = node[segment] as Record<string | number, unknown>;
    }
  });
}
