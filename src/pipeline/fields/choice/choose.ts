// The learned choice: every candidate of a field's family is scored by the model, and the best one
// replaces the rules' pick when the model is sure enough of it (the field's threshold). Where the
// model is unsure or has no candidate, the rules' pick stands, with the model's probability for it
// (`support`, weighed by the review stage). Returns the decisions; the caller applies them to the
// draft (find-fields.ts).
import type { FieldContext } from '../context.js';
import { fieldOf, type Decision, type Draft } from '../draft.js';
import { round, type Found } from '../found.js';
import { amountCandidates, codeCandidates, dateCandidates, type Candidate } from './candidates.js';
import { AMOUNT_FEATURES, amountFeatures, CODE_FEATURES, codeFeatures, DATE_FEATURES, dateFeatures } from './features.js';
import { CHOICE_KEYS, type ChoiceField, type ChoiceModel, type Family } from './model.js';
import { partyCandidates } from './party-candidates.js';
import { PARTY_FEATURES, partyFeatures } from './party-features.js';
import { sameText } from './same-text.js';

export interface Scored<T> {
  candidate: Candidate<T>;
  probability: number;
}

export function chooseFields(context: FieldContext, draft: Draft, model: ChoiceModel): Decision[] {
  const chosen: Partial<Record<ChoiceField, Found<string | number>>> = {};
  const families = new Map<Family, FamilyCandidates>();
  for (const [field, scorer] of Object.entries(model) as [ChoiceField, NonNullable<ChoiceModel[ChoiceField]>][]) {
    const names = FEATURE_NAMES[scorer.family] as readonly string[] | undefined;
    if (!names || !sameNames(scorer.features, names)) continue;
    const family = families.get(scorer.family) ?? familyCandidates(scorer.family, context, draft);
    families.set(scorer.family, family);
    const probabilities = scorer.score(family.features);
    const best = bestByValue(family.candidates, probabilities);
    const rule = fieldOf(draft, CHOICE_KEYS[field]);
    // A threshold above 1 is training's "the rules keep this field": the model only says how much it
    // believes the rules' pick, for the review stage.
    const replaces = best && best.probability >= scorer.threshold && !(rule && sameValue(rule.value, best.candidate.value, scorer.family))
      // A due date the same as the issue date says nothing the issue date does not.
      && !(field === 'due_date' && best.candidate.value === (chosen.issue_date ?? draft.issue_date)?.value);
    if (best && replaces) {
      chosen[field] = {
        value: best.candidate.value,
        confidence: round(best.probability * Math.min(1, 0.4 + best.candidate.evidence.confidence * 0.6)),
        status: best.candidate.ambiguous ? 'review' : 'read',
        evidence: best.candidate.evidence,
        printed: best.candidate.printed,
        ...beliefIn(best.candidate.value, family.candidates, probabilities, scorer.family),
      };
    } else if (rule) {
      chosen[field] = { ...rule, ...beliefIn(rule.value, family.candidates, probabilities, scorer.family) };
    }
  }
  return (Object.entries(chosen) as [ChoiceField, Found<string | number>][]).map(([field, found]) => ({ set: CHOICE_KEYS[field], found }));
}

export const FEATURE_NAMES: Record<Family, readonly string[]> = { amount: AMOUNT_FEATURES, date: DATE_FEATURES, code: CODE_FEATURES, party: PARTY_FEATURES };

interface FamilyCandidates {
  candidates: Candidate<string | number>[];
  features: number[][];
}

/** A family's candidates and their features, as training sees them too (training.ts). */
export function familyCandidates(family: Family, context: FieldContext, draft: Draft): FamilyCandidates {
  if (family === 'amount') {
    const candidates = amountCandidates(context);
    return { candidates, features: amountFeatures(context, candidates, draft) };
  }
  if (family === 'date') {
    const candidates = dateCandidates(context);
    return { candidates, features: dateFeatures(context, candidates, draft) };
  }
  if (family === 'party') {
    const candidates = partyCandidates(context, draft);
    return { candidates, features: partyFeatures(context, candidates, draft) };
  }
  const candidates = codeCandidates(context);
  return { candidates, features: codeFeatures(context, candidates, draft) };
}

/** The candidate of highest probability; a value printed several times counts at its best printing. */
function bestByValue<T>(candidates: Candidate<T>[], probabilities: number[]): Scored<T> | undefined {
  let best: Scored<T> | undefined;
  candidates.forEach((candidate, i) => {
    if (!best || probabilities[i]! > best.probability) best = { candidate, probability: probabilities[i]! };
  });
  return best;
}

/**
 * The model's probability for a value (its best-scored printing, 0 where no candidate holds it) and
 * for the best other value: a close rival is doubt the value's own probability does not show.
 */
function beliefIn<T>(value: string | number, candidates: Candidate<T>[], probabilities: number[], family: Family): { support: number; rival: number } {
  let support = 0;
  let rival = 0;
  candidates.forEach((candidate, i) => {
    if (sameValue(value, candidate.value as string | number, family)) support = Math.max(support, probabilities[i]!);
    else rival = Math.max(rival, probabilities[i]!);
  });
  return { support: round(support, 3), rival: round(rival, 3) };
}

/**
 * Values equal as the field compares them: amounts to the cent whatever their sign, codes without
 * separators or case, names as the scorer compares free text (same-text.ts).
 */
export function sameValue(a: string | number, b: string | number, family?: Family): boolean {
  if (family === 'party') return typeof a === 'string' && typeof b === 'string' && sameText(a, b);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(Math.abs(a) - Math.abs(b)) < 0.005;
  return typeof a === 'string' && typeof b === 'string' && (a === b || identifier(a) === identifier(b));
}

const identifier = (code: string) => code.normalize('NFKC').replace(/[\s.\-_/]/gu, '').toLowerCase();

const sameNames = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, i) => name === b[i]);
