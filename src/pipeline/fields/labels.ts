// The words documents print before a value, in the languages the engine reads. The phrases are data,
// one lexicon file per language (../language/); this is the engine's view of them: per field, a list
// of matchers on folded text (lower case, no accents) from the most to the least specific label, so an
// earlier label outranks a later one when both are on the page.
import { fold } from '../language/fold.js';
import { LANGUAGE, type LabelName, type LabelSet } from '../language/lexicon.js';

export { fold };
export type { LabelName, LabelSet };

export const LABELS: Readonly<Record<LabelName, LabelSet>> = LANGUAGE.labels;

/** Every label of every field, for asking whether a text carries any. */
export const ALL_LABELS: readonly RegExp[] = Object.values(LABELS).flatMap((set) => set.labels);

/** Everywhere-matching copies of the labels, for taking them out of a text. */
const ALL_LABELS_EVERYWHERE = ALL_LABELS.map((label) => new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`));

/**
 * The text is a field's label and nothing more ("Service Address", "CF/P.IVA", "Kundenr.:"): at most
 * one letter is left once labels are taken out. Two are a word: "Asiakas Ay" is a company (a Finnish
 * partnership), though "asiakas" is Finnish for customer.
 */
export function labelOnly(text: string): boolean {
  const folded = fold(text);
  if (!ALL_LABELS.some((label) => label.test(folded))) return false;
  const rest = ALL_LABELS_EVERYWHERE.reduce((t, label) => t.replace(label, ' '), folded);
  return (rest.match(/\p{L}/gu)?.length ?? 0) < 2;
}
