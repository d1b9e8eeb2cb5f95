// Training examples: a labelled document's candidates, their features, and whether each is the
// labelled value. The same candidates and features as the engine computes when it extracts
// (choose.ts), from the same page words, so what is learned is what runs.
import { buildTextDocument } from '../../layout/text-document.js';
import type { PageWords } from '../../types.js';
import { fieldOf } from '../draft.js';
import { findFields } from '../find-fields.js';
import { familyCandidates, sameValue } from './choose.js';
import { CHOICE_KEYS, type ChoiceField, type Family, type FieldScorer } from './model.js';

export const CHOICE_FIELDS: Record<ChoiceField, Family> = { total: 'amount', issue_date: 'date', due_date: 'date', document_number: 'code', 'vendor.name': 'party' };

export interface FieldExamples {
  rows: number[][];
  /** 1 where the candidate holds the labelled value. */
  targets: number[];
  /** The candidates' values, to tell one document's distinct picks apart when measuring. */
  values: (string | number)[];
  /** The rules' pick, to measure the model against. */
  rule: string | number | undefined;
  gold: string | number;
}

/** Per field the document labels: its examples. Fields the label does not give are unknown, not absent, and teach nothing. */
export function documentExamples(pages: PageWords[], label: Record<string, unknown>): Partial<Record<ChoiceField, FieldExamples>> {
  const document = buildTextDocument(pages);
  const { draft, context } = findFields(document, {}, null);
  const out: Partial<Record<ChoiceField, FieldExamples>> = {};
  const families = new Map<Family, ReturnType<typeof familyCandidates>>();
  for (const [field, family] of Object.entries(CHOICE_FIELDS) as [ChoiceField, Family][]) {
    const gold = CHOICE_KEYS[field].reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), label);
    if (typeof gold !== 'number' && typeof gold !== 'string') continue;
    const candidates = families.get(family) ?? familyCandidates(family, context, draft);
    families.set(family, candidates);
    out[field] = {
      rows: candidates.features,
      targets: candidates.candidates.map((c) => (sameValue(c.value, gold, family) ? 1 : 0)),
      values: candidates.candidates.map((c) => c.value),
      rule: fieldOf(draft, CHOICE_KEYS[field])?.value,
      gold,
    };
  }
  return out;
}

/** The candidate the scorer rates highest, and its probability (none without candidates). */
export function bestCandidate(examples: FieldExamples, scorer: FieldScorer): { value: string | number; probability: number } | undefined {
  if (!examples.rows.length) return undefined;
  const p = scorer.score(examples.rows);
  const best = p.reduce((b, x, j) => (x > p[b]! ? j : b), 0);
  return { value: examples.values[best]!, probability: p[best]! };
}

/** The value the engine takes (choose.ts): the scorer's best candidate when sure enough, else the rules' pick. */
export function pickedValue(examples: FieldExamples, scorer: FieldScorer | undefined): string | number | undefined {
  const best = scorer && bestCandidate(examples, scorer);
  return best && best.probability >= scorer.threshold ? best.value : examples.rule;
}
