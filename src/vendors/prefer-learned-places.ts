// The total, number and issue date where this vendor's approved documents printed them: among the
// values the page prints at such a place (anchored-choice.ts), the engine's pick stays when the
// anchors rate it as high as any; else the anchored value replaces it, read from the page (`read`),
// and the totals' arithmetic is checked again. A number must also have the vendor's number shape.
import type { StoredOutcome } from '../documents/present-document.js';
import { recheckTotals } from '../documents/recheck-totals.js';
import { anchoredCandidate, anchorScore } from '../pipeline/fields/anchored-choice.js';
import { ANCHORED_FIELDS, holdsValue, type PlacedCandidate, type PlacedCandidates } from '../pipeline/fields/placed-candidates.js';
import { numberPattern } from './number-pattern.js';
import { currentValue, setValue } from './outcome-edits.js';
import type { VendorProfile } from './vendor-profile.js';

export function preferLearnedPlaces(outcome: StoredOutcome, profile: VendorProfile, placed: PlacedCandidates): StoredOutcome {
  let changed: StoredOutcome | null = null;
  for (const field of ANCHORED_FIELDS) {
    const anchors = profile.anchors[field];
    if (!anchors?.length) continue;
    const accepts = field === 'document_number' && profile.numberPatterns.length ? (c: PlacedCandidate) => profile.numberPatterns.includes(numberPattern(String(c.value))) : undefined;
    const pick = anchoredCandidate(placed[field], anchors, accepts);
    if (!pick) continue;
    const engine = outcome.extraction[field];
    const engineScore = Math.max(-1, ...placed[field].filter((c) => holdsValue(field, c.value, engine)).map((c) => anchorScore(c, anchors) ?? -1));
    if (holdsValue(field, pick.candidate.value, engine) || engineScore >= pick.score) continue;
    changed ??= structuredClone(outcome);
    const sign = field === 'total' && typeof engine === 'number' && engine < 0 ? -1 : 1;
    const value = typeof pick.candidate.value === 'number' ? sign * pick.candidate.value : pick.candidate.value;
    setValue(changed, field, value, 'read', { page: pick.candidate.page, box: pick.candidate.box });
  }
  if (!changed) return outcome;
  return currentValue(changed, 'total') !== currentValue(outcome, 'total') ? recheckTotals(changed, new Set(['total'])) : changed;
}
