// Each field's threshold: the least probability at which the model's pick replaces the rules' pick.
// Measured by folds inside the fitted documents, by `npm run train` for the shipped model and by
// `ledgerlens train --with-corrections` for an installation's (src/learning).
import { sameValue } from './choose.js';
import type { Family, FieldScorer } from './model.js';
import { bestCandidate, type FieldExamples } from './training.js';

/**
 * Thresholds tried; 0 takes the model's pick wherever it has a candidate, 1.01 leaves the rules' pick
 * everywhere. With 0.5 the lowest step, the total, the document number and the vendor's name all
 * measured at that floor, and with 0.2 the total, the issue date and the vendor's name still did.
 */
export const THRESHOLDS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.01];

/**
 * The threshold where the model's picks, over the rules' picks they replace, gain the most right
 * values less wrong ones, on documents of folds the scorer was fitted without; on a tie the higher
 * (the rules keep more), so a field the model does not help stays with the rules. `examples[i]` and
 * `folds[i]` are document i's; `scorerWithout(f)` is the field's scorer fitted without fold f (null
 * when those documents cannot fit one).
 */
export function measuredThreshold(
  examples: readonly (FieldExamples | undefined)[],
  folds: readonly number[],
  k: number,
  family: Family,
  scorerWithout: (fold: number) => FieldScorer | null,
): { threshold: number; gain: number[] } {
  const gain = THRESHOLDS.map(() => 0);
  for (let fold = 0; fold < k; fold++) {
    const scorer = scorerWithout(fold);
    if (!scorer) continue;
    examples.forEach((e, i) => {
      if (folds[i] !== fold || !e?.rows.length) return;
      const { value, probability } = bestCandidate(e, scorer)!;
      const worth = (v: string | number | undefined) => (v === undefined ? 0 : sameValue(v, e.gold, family) ? 1 : -1);
      THRESHOLDS.forEach((t, j) => (gain[j] = gain[j]! + (probability >= t ? worth(value) - worth(e.rule) : 0)));
    });
  }
  const best = gain.reduce((b, g, j) => (g >= gain[b]! ? j : b), 0);
  return { threshold: THRESHOLDS[best]!, gain };
}
