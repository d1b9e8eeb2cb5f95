// The words documents print before a value, in the languages the engine reads. The phrases are data,
// one lexicon file per language (../language/); this is the engine's view of them: per field, a list
// of matchers on folded text (lower case, no accents) from the most to the least specific label, so an
// earlier label outranks a later one when both are on the page.
import { LANGUAGE, type LabelName, type LabelSet } from '../language/lexicon.js';

export { fold } from '../language/fold.js';
export type { LabelName, LabelSet };

export const LABELS: Readonly<Record<LabelName, LabelSet>> = LANGUAGE.labels;

/** Every label of every field, for asking whether a text carries any. */
export const ALL_LABELS: readonly RegExp[] = Object.values(LABELS).flatMap((set) => set.labels);
