// The shipped field choice adapted to an installation's approved documents (fit.ts, adaptLogistic;
// boosted.ts, adaptBoosted; thresholds.ts), and the blind-fold measure that decides whether the
// adaptation is kept: by vendor folds over those documents, the picks of the shipped model against
// those of one adapted without the fold.
import { sameValue } from '../pipeline/fields/choice/choose.js';
import { adaptBoosted, type BoostedTrees } from '../pipeline/fields/choice/boosted.js';
import { ADAPT, adaptLogistic } from '../pipeline/fields/choice/fit.js';
import { fromFile, type ChoiceField, type FieldModelFile, type ModelFile } from '../pipeline/fields/choice/model.js';
import { measuredThreshold } from '../pipeline/fields/choice/thresholds.js';
import { CHOICE_FIELDS, pickedValue } from '../pipeline/fields/choice/training.js';
import type { ApprovedExamples } from './approved-examples.js';
import { assignVendorFolds } from './vendor-folds.js';

/** Folds inside the approved documents for each field's threshold, as `npm run train` measures the shipped ones. */
const INNER_FOLDS = 3;

/**
 * Each field's model adapted to the documents (logistic weights pulled toward them, boosted trees grown
 * from where the shipped ones leave them), and its threshold measured again on them
 * (thresholds.ts): the shipped thresholds leave most fields to the rules, which on an installation's
 * own documents the adapted model may beat. `priorStrength`: how much the shipped weights weigh against
 * the documents (fit.ts, ADAPT).
 */
export function adaptChoice(shipped: ModelFile, documents: readonly ApprovedExamples[], priorStrength: number = ADAPT.priorStrength): ModelFile {
  const folds = assignVendorFolds(documents.map((d) => d.vendor), INNER_FOLDS);
  const fields: ModelFile['fields'] = {};
  for (const [field, entry] of Object.entries(shipped.fields) as [ChoiceField, FieldModelFile][]) {
    const adapt = (some: readonly ApprovedExamples[]): FieldModelFile | null => {
      const rows = some.flatMap((d) => d.examples[field]?.rows ?? []);
      const targets = some.flatMap((d) => d.examples[field]?.targets ?? []);
      // A forest is not adapted, and a field no document tells right from wrong stays as shipped.
      if (!targets.includes(1) || !targets.includes(0)) return null;
      if (entry.learner === 'boosted') return { ...entry, model: adaptBoosted(entry.model as BoostedTrees, rows, targets) };
      if (entry.learner !== 'logistic' || !entry.mean || !entry.scale) return null;
      return { ...entry, ...adaptLogistic({ model: entry.model as number[], mean: entry.mean, scale: entry.scale }, rows, targets, priorStrength) };
    };
    const whole = adapt(documents);
    if (!whole) {
      fields[field] = entry;
      continue;
    }
    const { threshold } = measuredThreshold(documents.map((d) => d.examples[field]), folds, INNER_FOLDS, entry.family, (fold) => {
      const inner = adapt(documents.filter((_, i) => folds[i] !== fold));
      return inner && fromFile({ version: 1, trained: {}, fields: { [field]: inner } })[field]!;
    });
    fields[field] = { ...whole, threshold };
  }
  return { version: 1, trained: { adapted_from: shipped.trained, approved_documents: documents.length, prior_strength: priorStrength }, fields };
}

export interface Tally {
  right: number;
  wrong: number;
}

export interface FieldTally {
  /** Approved documents that give the field a value. */
  labelled: number;
  shipped: Tally;
  adapted: Tally;
}

export function blindFolds(shipped: ModelFile, documents: readonly ApprovedExamples[], k: number, priorStrength: number = ADAPT.priorStrength): Record<ChoiceField, FieldTally> {
  const tally = Object.fromEntries(
    Object.keys(CHOICE_FIELDS).map((field) => [field, { labelled: 0, shipped: { right: 0, wrong: 0 }, adapted: { right: 0, wrong: 0 } }]),
  ) as Record<ChoiceField, FieldTally>;
  const folds = assignVendorFolds(documents.map((d) => d.vendor), k);
  const shippedScorers = fromFile(shipped);
  for (let fold = 0; fold < k; fold++) {
    const adapted = fromFile(adaptChoice(shipped, documents.filter((_, i) => folds[i] !== fold), priorStrength));
    documents.forEach((document, i) => {
      if (folds[i] !== fold) return;
      for (const [field, examples] of Object.entries(document.examples) as [ChoiceField, NonNullable<ApprovedExamples['examples'][ChoiceField]>][]) {
        const t = tally[field];
        t.labelled++;
        count(t.shipped, pickedValue(examples, shippedScorers[field]), examples.gold, CHOICE_FIELDS[field]);
        count(t.adapted, pickedValue(examples, adapted[field]), examples.gold, CHOICE_FIELDS[field]);
      }
    });
  }
  return tally;
}

function count(tally: Tally, value: string | number | undefined, gold: string | number, family: (typeof CHOICE_FIELDS)[ChoiceField]): void {
  if (value !== undefined) tally[sameValue(value, gold, family) ? 'right' : 'wrong']++;
}
