// The draft → the public outcome: nested DocumentFields, per-path confidence and status, the list a
// person must check, and a region for every value read from the page. The extraction is checked
// against the DocumentFields schema before it leaves (valid-extraction.ts).
import { DocumentFields } from '../schemas/document-fields.schema.js';
import type { ExtractionOutcome, FieldStatus, Region } from '../schemas/document.schema.js';
import { fieldEntries, fieldOf, fieldPath, type Draft, type FieldKey, type FieldValue } from './fields/draft.js';
import { round, type Found } from './fields/found.js';
import type { LineFindings } from './fields/line-items/index.js';
import { enclosingBox } from './layout/lines.js';
import type { ValueEvidence } from './review/value-features.js';
import { dropInvalidValues } from './valid-extraction.js';

type OutcomeFields = Pick<ExtractionOutcome, 'extraction' | 'field_confidence' | 'field_status' | 'review_fields' | 'regions' | 'confidence'>;

/** The fields whose confidence the document's overall score is made of: what a bookkeeper books. */
const KEY_FIELDS: FieldKey[] = [['total'], ['issue_date'], ['document_number'], ['currency'], ['vendor', 'name']];

/**
 * `lineFindings` are the confidence, status and region of each line item value ("line_items[0].total").
 * `warnings` name values the schema check dropped (none unless the engine has a bug).
 */
export function buildOutcomeFields(
  draft: Draft,
  lineItems: DocumentFields['line_items'] = [],
  lineFindings: LineFindings = new Map(),
): OutcomeFields & { warnings: string[] } & ValueEvidence {
  const extraction: Record<string, unknown> = { line_items: lineItems };
  let field_confidence: Record<string, number> = {};
  let field_status: Record<string, FieldStatus> = {};
  let regions: Record<string, Region> = {};
  let review_fields: string[] = [];
  // What the review stage weighs besides the outcome (not part of it).
  const support: Record<string, number> = {};
  const rival: Record<string, number> = {};
  const wordConfidence: Record<string, number> = {};
  const leftOut: Record<string, number> = {};

  const entries: { key?: FieldKey; path: string; found: Found<FieldValue> }[] = [...fieldEntries(draft), ...[...lineFindings].map(([path, found]) => ({ path, found }))];
  for (const { key, path, found } of entries.sort((a, b) => a.path.localeCompare(b.path))) {
    if (key) writeValue(extraction, key, found.value);
    field_confidence[path] = round(found.confidence);
    field_status[path] = { status: found.status, review: found.status === 'review' };
    if (found.status === 'review') review_fields.push(path);
    if (found.support !== undefined) support[path] = found.support;
    if (found.rival !== undefined) rival[path] = found.rival;
    if (found.leftOut) leftOut[path] = found.leftOut;
    if (found.evidence) {
      wordConfidence[path] = found.evidence.confidence;
      regions[path] = { page: found.evidence.page, box: found.evidence.box.map((v) => round(v, 1)), normalized_value: found.value };
    }
  }
  Object.assign(regions, itemRegions(regions));
  for (const [name, nulls] of Object.entries(REQUIRED_NULLS)) {
    const member = extraction[name];
    // Array.from visits an element nothing was found for (an e-invoice's empty VAT group): it is all nulls, not a hole.
    if (Array.isArray(member)) extraction[name] = Array.from(member as (object | undefined)[], (item) => ({ ...nulls, ...item }));
    else if (member) extraction[name] = { ...nulls, ...member };
  }

  const dropped = dropInvalidValues(extraction);
  const kept = (path: string) => !dropped.some((d) => path === d.path || path.startsWith(`${d.path}.`) || path.startsWith(`${d.path}[`));
  if (dropped.length) {
    field_confidence = Object.fromEntries(Object.entries(field_confidence).filter(([path]) => kept(path)));
    field_status = Object.fromEntries(Object.entries(field_status).filter(([path]) => kept(path)));
    regions = Object.fromEntries(Object.entries(regions).filter(([path]) => kept(path)));
    review_fields = review_fields.filter(kept);
  }
  const key = KEY_FIELDS.map((k) => (kept(fieldPath(k)) ? (fieldOf(draft, k)?.confidence ?? 0) : 0));
  return {
    extraction: extraction as DocumentFields,
    field_confidence,
    field_status,
    review_fields,
    regions,
    confidence: round(key.reduce((a, b) => a + b, 0) / key.length),
    support,
    rival,
    wordConfidence,
    leftOut,
    warnings: dropped.map((d) => `invalid_value_dropped: ${d.path} ${d.problem}; an engine error, the value is left out and the other fields stand`),
  };
}

/**
 * One enclosing box per line item ("line_items[3]"), around the regions of its members on the page
 * where it has most of them (a row a page break cut in two is shown where it starts).
 */
function itemRegions(regions: Record<string, Region>): Record<string, Region> {
  const members = new Map<string, Region[]>();
  for (const [path, region] of Object.entries(regions)) {
    const item = /^line_items\[\d+\]/u.exec(path)?.[0];
    if (item) members.set(item, [...(members.get(item) ?? []), region]);
  }
  return Object.fromEntries(
    [...members].map(([item, list]) => {
      const count = (page: number) => list.filter((r) => r.page === page).length;
      const page = list.map((r) => r.page).reduce((best, p) => (count(p) > count(best) ? p : best));
      return [item, { page, box: enclosingBox(list.filter((r) => r.page === page).map((r) => r.box)) }];
    }),
  );
}

/** Puts a value where its key says, making the objects and arrays on the way. */
function writeValue(target: Record<string, unknown>, key: FieldKey, value: FieldValue): void {
  if (key.length === 1) {
    target[key[0]] = value;
    return;
  }
  if (key.length === 2) {
    ((target[key[0]] ??= {}) as Record<string, unknown>)[key[1]] = value;
    return;
  }
  const list = (target[key[0]] ??= []) as Record<string, unknown>[];
  (list[key[1]] ??= {})[key[2]] = value;
}

/**
 * Objects whose members the schema requires (a bank, a VAT group, consumption), by the member that
 * holds them: every member is there, null where nothing was found. Read from the schema, so a member
 * it adds is filled too.
 */
const REQUIRED_NULLS: Record<string, Record<string, null>> = Object.fromEntries(
  Object.entries(DocumentFields.properties).flatMap(([name, schema]) => {
    const required = objectOf(schema)?.required;
    return name !== 'line_items' && required?.length ? [[name, Object.fromEntries(required.map((member) => [member, null]))]] : [];
  }),
);

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  required?: string[];
}

/** The object schema a member holds, itself or as the items of an array, either perhaps nullable. */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  const inner = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (inner.type === 'array') return inner.items?.type === 'object' ? inner.items : undefined;
  return inner.type === 'object' ? inner : undefined;
}
