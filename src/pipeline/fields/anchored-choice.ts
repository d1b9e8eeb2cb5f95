// The choice among a field's placed candidates (placed-candidates.ts) that a vendor's approved
// documents teach: where on this vendor's layout the approved value stood and the words printed
// before it. The label decides (a total's line moves down with the lines above it; its label stays);
// the place breaks ties and stands in for a label where the value was printed without one.
import type { PlacedCandidate } from './placed-candidates.js';

/** Where an approved value stood: its page, the middle of its box (0..1000) and its label. */
export interface FieldAnchor {
  page: number;
  x: number;
  y: number;
  label: string;
}

export interface AnchoredPick {
  candidate: PlacedCandidate;
  score: number;
}

/** At this distance (0..1000 of the page) a place no longer counts. */
const PLACE_SCALE = 150;
/** An unlabelled anchor takes a value only this near (about 20 of 1000: a line's height or two). */
const UNLABELLED_NEARNESS = 0.86;
const MAX_ANCHORS = 3;

/** The candidates that hold `matches` (the approved value): labelled ones when any is, at most three. */
export function anchorsOf(candidates: readonly PlacedCandidate[], matches: (candidate: PlacedCandidate) => boolean): FieldAnchor[] {
  const holding = candidates.filter(matches);
  const labelled = holding.filter((c) => c.label);
  return (labelled.length ? labelled : holding).slice(0, MAX_ANCHORS).map((c) => ({ page: c.page, ...middle(c), label: c.label }));
}

/** The candidate the anchors point at best, or null when none is at a learned label or close to an unlabelled place. */
export function anchoredCandidate(candidates: readonly PlacedCandidate[], anchors: readonly FieldAnchor[], accepts: (candidate: PlacedCandidate) => boolean = () => true): AnchoredPick | null {
  let best: AnchoredPick | null = null;
  for (const candidate of candidates) {
    if (!accepts(candidate)) continue;
    const score = anchorScore(candidate, anchors);
    if (score !== null && (!best || score > best.score)) best = { candidate, score };
  }
  return best;
}

/** The best score of the candidate against the anchors; null when no anchor points at it. */
export function anchorScore(candidate: PlacedCandidate, anchors: readonly FieldAnchor[]): number | null {
  let best: number | null = null;
  for (const anchor of anchors) {
    const sameLabel = anchor.label !== '' && candidate.label === anchor.label;
    const place = nearness(candidate, anchor);
    if (!sameLabel && (anchor.label !== '' || place < UNLABELLED_NEARNESS)) continue;
    const score = (sameLabel ? 2 : 0) + place;
    if (best === null || score > best) best = score;
  }
  return best;
}

function nearness(candidate: PlacedCandidate, anchor: FieldAnchor): number {
  if (candidate.page !== anchor.page) return 0;
  const { x, y } = middle(candidate);
  return Math.max(0, 1 - Math.hypot(x - anchor.x, y - anchor.y) / PLACE_SCALE);
}

function middle({ box }: PlacedCandidate): { x: number; y: number } {
  return { x: Math.round((box[0] + box[2]) / 2), y: Math.round((box[1] + box[3]) / 2) };
}
