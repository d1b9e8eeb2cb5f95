// `ledgerlens train --with-corrections`: the shipped field choice adapted to this
// installation's approved documents, measured by blind vendor folds over them, and kept in the store
// only when the folds say it picks better than the shipped model. Always adapted from the shipped
// model, never from an earlier adaptation, so what a run keeps depends on the documents approved
// then and nothing else: a deleted document leaves the next run's model. Nothing leaves the machine.
import { isoNow, type Clock } from '../clock.js';
import type { IngestLimits } from '../ingest/limits.js';
import type { ChoiceField, ModelFile } from '../pipeline/fields/choice/model.js';
import type { Store } from '../storage/store.js';
import { adaptChoice, blindFolds, type FieldTally, type Tally } from './adapt-choice.js';
import { approvedExamples } from './approved-examples.js';
import { FIELD_CHOICE } from './installation-model.js';

/** Fewer approved documents or vendors give folds too small to say anything; nothing is trained then. */
export const MIN_DOCUMENTS = 10;
export const MIN_VENDORS = 2;
const MAX_FOLDS = 5;

export interface CorrectionsTraining {
  documents: number;
  vendors: number;
  folds: number;
  fields: Record<ChoiceField, FieldTally>;
  /** Over all fields: the shipped model's picks and the adapted ones', on vendors each was not adapted on. */
  before: Tally;
  after: Tally;
  /** True when the adapted model was stored; false when the shipped one is used (any earlier adaptation removed). */
  kept: boolean;
}

export class NotEnoughApproved extends Error {}

export async function trainWithCorrections(
  store: Store,
  limits: IngestLimits,
  clock: Clock,
  shipped: ModelFile,
  onRead?: (done: number, failure?: string) => void,
): Promise<CorrectionsTraining> {
  const documents = await approvedExamples(store, limits, onRead);
  const vendors = new Set(documents.map((d) => d.vendor)).size;
  if (documents.length < MIN_DOCUMENTS || vendors < MIN_VENDORS) {
    throw new NotEnoughApproved(
      `training on corrections needs at least ${MIN_DOCUMENTS} approved documents from ${MIN_VENDORS} vendors or more; this installation has ${documents.length} from ${vendors}`,
    );
  }
  const folds = Math.min(MAX_FOLDS, vendors);
  const fields = blindFolds(shipped, documents, folds);
  const sum = (side: 'shipped' | 'adapted'): Tally =>
    Object.values(fields).reduce((total, t) => ({ right: total.right + t[side].right, wrong: total.wrong + t[side].wrong }), { right: 0, wrong: 0 });
  const before = sum('shipped');
  const after = sum('adapted');
  // Kept only when it gains more right picks than it adds wrong ones, as `npm run train` keeps a field's model.
  const kept = after.right - after.wrong > before.right - before.wrong;
  if (kept) {
    const model = adaptChoice(shipped, documents);
    await store.learnedModels.put({ name: FIELD_CHOICE, model_json: JSON.stringify(model), trained_at: isoNow(clock), documents: documents.length });
  } else {
    await store.learnedModels.remove(FIELD_CHOICE);
  }
  return { documents: documents.length, vendors, folds, fields, before, after, kept };
}
