// The draft: what the field stages have found in one document, shaped like DocumentFields. Every value
// is a Found (the value, how sure, its status, where on the page it was read). The type is mapped from
// the schema's, so a member the schema adds, renames or drops is a compile error in the code that
// uses it, not a path string nobody updates. Line items are not in it: their reader keeps its own
// values and findings (line-items/), as the outcome puts them together.
import type { DocumentFields } from '../../schemas/document-fields.schema.js';
import type { Found } from './found.js';

export type FieldValue = string | number;

type Fields = Omit<DocumentFields, 'line_items'>;
type Present<T> = Exclude<T, null | undefined>;
/** Members that hold one value (a string, a number); the others hold an object or an array of objects. */
type ValueKeys<T> = { [K in keyof T]-?: Present<T[K]> extends object ? never : K }[keyof T];
type NestedKeys<T> = Exclude<keyof T, ValueKeys<T>>;
type DraftOf<T> = { [K in ValueKeys<T>]?: Found<Present<T[K]>> } & { [K in NestedKeys<T>]-?: NestedDraft<Present<T[K]>> };
type NestedDraft<V> = V extends readonly (infer E)[] ? DraftOf<E>[] : DraftOf<V>;

/** Nested objects (vendor, payment, …) are always there, empty until something is found; arrays (banks, vat_rates) likewise. */
export type Draft = DraftOf<Fields>;

/** A member of the draft that holds one value ("total", "issue_date"). */
export type ValueKey = ValueKeys<Fields>;
type ObjectKey = { [K in NestedKeys<Fields>]: Draft[K] extends unknown[] ? never : K }[NestedKeys<Fields>];
type ArrayKey = Exclude<NestedKeys<Fields>, ObjectKey>;

/** Where one value sits in the draft: ["total"], ["vendor", "name"], ["banks", 0, "iban"]. */
export type FieldKey =
  | readonly [ValueKey]
  | { [K in ObjectKey]: readonly [K, keyof Draft[K] & string] }[ObjectKey]
  | { [K in ArrayKey]: readonly [K, number, keyof Draft[K][number] & string] }[ArrayKey];

/** The draft's members that nest, and how; checked against the type, so it cannot miss one. */
const NESTED: { [K in NestedKeys<Fields>]: Draft[K] extends unknown[] ? 'array' : 'object' } = {
  vat_rates: 'array',
  vendor: 'object',
  customer: 'object',
  banks: 'array',
  consumption: 'object',
  payment: 'object',
};

export function emptyDraft(): Draft {
  return { vat_rates: [], vendor: {}, customer: {}, banks: [], consumption: {}, payment: {} };
}

/** A value read as nothing ('') is not proposed: the finder found no value. */
export function isProposal<T extends FieldValue>(found: Found<T> | undefined): found is Found<T> {
  return found !== undefined && found.value !== '';
}

type FoundKeys<T> = { [K in keyof T]-?: Present<T[K]> extends Found<FieldValue> ? K : never }[keyof T];

/** A finder's values into one level of the draft (the draft itself, `draft.vendor`, a bank), skipping non-values. */
export function propose<T extends object>(into: T, finds: { [K in FoundKeys<T>]?: T[K] }): void {
  for (const [key, found] of Object.entries(finds) as [FoundKeys<T>, T[FoundKeys<T>]][]) {
    if (isProposal(found as Found<FieldValue> | undefined)) into[key] = found;
  }
}

type Members = Record<string, Found<FieldValue> | undefined>;

/** The object that holds the key's value; with `create`, an array's missing element is made. */
function holderOf(draft: Draft, key: FieldKey, create: boolean): Members | undefined {
  const root = draft as unknown as Record<string, unknown>;
  if (key.length === 1) return root as Members;
  if (key.length === 2) return root[key[0]] as Members;
  const list = root[key[0]] as (Members | undefined)[];
  if (create) list[key[1]] ??= {};
  return list[key[1]];
}

export function fieldOf(draft: Draft, key: FieldKey): Found<FieldValue> | undefined {
  return holderOf(draft, key, false)?.[key[key.length - 1] as string];
}

/**
 * Sets a value by key, for code that handles fields generically (decisions, an e-invoice's values).
 * The value's type is not checked against the member's here: the outcome's schema check is what
 * catches a wrong one (outcome.ts).
 */
export function setField(draft: Draft, key: FieldKey, found: Found<FieldValue>): void {
  holderOf(draft, key, true)![key[key.length - 1] as string] = found;
}

/** The key as the API names it: "total", "vendor.name", "banks[0].iban". */
export function fieldPath(key: FieldKey): string {
  if (key.length === 1) return key[0];
  if (key.length === 2) return `${key[0]}.${key[1]}`;
  return `${key[0]}[${key[1]}].${key[2]}`;
}

export interface FieldEntry {
  key: FieldKey;
  path: string;
  found: Found<FieldValue>;
}

/** Every value in the draft with its key and path, for what handles all fields alike (the outcome, review by confidence). */
export function fieldEntries(draft: Draft): FieldEntry[] {
  const out: FieldEntry[] = [];
  const add = (key: FieldKey, found: Found<FieldValue> | undefined) => {
    if (found) out.push({ key, path: fieldPath(key), found });
  };
  for (const [name, member] of Object.entries(draft)) {
    const nested = Object.hasOwn(NESTED, name) ? NESTED[name as NestedKeys<Fields>] : undefined;
    if (nested === 'array') {
      (member as Members[]).forEach((item, i) => {
        for (const [inner, found] of Object.entries(item)) add([name, i, inner] as unknown as FieldKey, found);
      });
    } else if (nested === 'object') {
      for (const [inner, found] of Object.entries(member as Members)) add([name, inner] as unknown as FieldKey, found);
    } else add([name] as unknown as FieldKey, member as Found<FieldValue> | undefined);
  }
  return out;
}

/** Plain values shaped like the draft (DocumentFields without line items, any member left out). */
export type DraftValues<T = Draft> = {
  [K in keyof T]?: Present<T[K]> extends Found<infer V> ? V | null : Present<T[K]> extends (infer E)[] ? DraftValues<E>[] | null : DraftValues<T[K]> | null;
};

/** A draft of plain values (an e-invoice's fields), each made a Found by `found`; null and absent members stay out. */
export function draftFromValues(values: DraftValues, found: (key: FieldKey, value: FieldValue) => Found<FieldValue>): Draft {
  const draft = emptyDraft();
  const add = (key: FieldKey, value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') setField(draft, key, found(key, value));
  };
  for (const [name, member] of Object.entries(values)) {
    if (member === null || member === undefined) continue;
    const nested = Object.hasOwn(NESTED, name) ? NESTED[name as NestedKeys<Fields>] : undefined;
    if (nested === 'array') {
      (member as Record<string, unknown>[]).forEach((item, i) => {
        for (const [inner, value] of Object.entries(item ?? {})) add([name, i, inner] as unknown as FieldKey, value);
      });
    } else if (nested === 'object') {
      for (const [inner, value] of Object.entries(member as Record<string, unknown>)) add([name, inner] as unknown as FieldKey, value);
    } else add([name] as unknown as FieldKey, member);
  }
  return draft;
}

/** What a stage decided about the draft: a value to put (derived, enriched, chosen), or one to send to review. */
export type Decision = { set: FieldKey; found: Found<FieldValue> } | { review: FieldKey };

/**
 * The one place decisions change the draft, in order. Review replaces the value's Found by a copy
 * with status review: a Found, once proposed, is not changed in place.
 */
export function applyDecisions(draft: Draft, decisions: readonly Decision[]): void {
  for (const decision of decisions) {
    if ('set' in decision) {
      setField(draft, decision.set, decision.found);
      continue;
    }
    const found = fieldOf(draft, decision.review);
    if (found) setField(draft, decision.review, { ...found, status: 'review' });
  }
}

/** A copy whose objects and arrays are its own; the Founds are shared (they are not changed in place). */
export function copyDraft(draft: Draft): Draft {
  const copy = { ...draft } as unknown as Record<string, unknown>;
  for (const [name, nested] of Object.entries(NESTED)) {
    const member = copy[name];
    copy[name] = nested === 'array' ? (member as Members[]).map((item) => ({ ...item })) : { ...(member as Members) };
  }
  return copy as unknown as Draft;
}
