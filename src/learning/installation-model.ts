// Which field choice an installation's extraction threads use: a file LEDGERLENS_FIELD_MODEL names (or
// "none") first, as an operator's explicit choice; else the model `ledgerlens train --with-corrections`
// stored; else the shipped models/field-choice.json (src/pipeline/fields/choice/model.ts).
import type { ModelFile } from '../pipeline/fields/choice/model.js';
import type { Store } from '../storage/store.js';

/** The name the adapted field choice is stored under (learned_models). */
export const FIELD_CHOICE = 'field-choice';

export interface InstallationModel {
  file: ModelFile;
  trainedAt: string;
  documents: number;
}

export async function installationFieldModel(store: Store, fieldModelSetting: string): Promise<InstallationModel | undefined> {
  if (fieldModelSetting) return undefined;
  const row = await store.learnedModels.find(FIELD_CHOICE);
  return row && { file: JSON.parse(row.model_json) as ModelFile, trainedAt: row.trained_at, documents: row.documents };
}
