// Changes the directory makes to a stored outcome, each keeping the outcome's parts in step: the
// value, its field_status, review_fields, the "not found" warning of a key field now filled, the
// engine's confidence (a probability of the value it read, so gone with that value) and its region.
import { valueAt } from '../documents/apply-corrections.js';
import { parseFieldPath } from '../documents/field-value.js';
import type { StoredOutcome } from '../documents/present-document.js';
import type { FieldStatusValue } from '../schemas/document.schema.js';

/** A value the page did not give the engine (enriched, derived) or that the vendor's places chose (read). */
export function setValue(outcome: StoredOutcome, path: string, value: unknown, status: FieldStatusValue, box?: { page: number; box: number[] }): void {
  const segments = parseFieldPath(path)!;
  let node = outcome.extraction as Record<string | number, unknown>;
  segments.forEach((segment, i) => {
    if (i === segments.length - 1) node[segment] = value;
    else {
      if (node[segment] === null || typeof node[segment] !== 'object') node[segment] = typeof segments[i + 1] === 'number' ? [] : {};
      node = node[segment] as Record<string | number, unknown>;
    }
  });
  outcome.field_status = { ...outcome.field_status, [path]: { status, review: false } };
  const { [path]: _dropped, ...confidence } = outcome.field_confidence;
  outcome.field_confidence = confidence;
  outcome.review_fields = outcome.review_fields.filter((p) => p !== path);
  outcome.warnings = outcome.warnings.filter((w) => !w.startsWith(`key_field_not_found: ${path} `));
  if (outcome.regions) {
    const { [path]: _region, ...regions } = outcome.regions;
    outcome.regions = box ? { ...regions, [path]: { page: box.page, box: box.box, ...(typeof value === 'string' || typeof value === 'number' ? { normalized_value: value } : {}) } } : regions;
  }
}

/** The field is for a person to check, with the warning that says why. */
export function markForReview(outcome: StoredOutcome, path: string, warning: string): void {
  outcome.field_status = { ...outcome.field_status, [path]: { status: 'review', review: true } };
  if (!outcome.review_fields.includes(path)) outcome.review_fields = [...outcome.review_fields, path].sort((a, b) => a.localeCompare(b));
  outcome.warnings = [...outcome.warnings, warning];
}

export const currentValue = (outcome: StoredOutcome, path: string): unknown => valueAt(outcome.extraction, parseFieldPath(path)!);

/** The field is read but listed for review (or has no value at all). */
export const unsure = (outcome: StoredOutcome, path: string): boolean => currentValue(outcome, path) === null || outcome.field_status[path]?.review === true || outcome.review_fields.includes(path);
