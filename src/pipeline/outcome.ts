// The draft → the public outcome: nested DocumentFields, per-path confidence and status, the list a
// person must check, and a region for every value read from the page.
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import type { ExtractionOutcome, FieldStatus, Region } from '../schemas/document.schema.js';
import { fieldEntries, fieldOf, type Draft, type FieldKey, type FieldValue } from './fields/draft.js';
import { round, type Found } from './fields/found.js';
import type { LineFindings } from './fields/line-items/index.js';

type OutcomeFields = Pick<ExtractionOutcome, 'extraction' | 'field_confidence' | 'field_status' | 'review_fields' | 'regions' | 'confidence'>;

/** The fields whose confidence the document's overall score is made of: what a bookkeeper books. */
const KEY_FIELDS: FieldKey[] = [['total'], ['issue_date'], ['document_number'], ['currency'], ['vendor', 'name']];

/** `lineFindings` are the confidence, status and region of each line item value ("line_items[0].total"). */
export function buildOutcomeFields(draft: Draft, lineItems: DocumentFields['line_items'] = [], lineFindings: LineFindings = new Map()): OutcomeFields {
  const extraction: Record<string, unknown> = { line_items: lineItems };
  const field_confidence: Record<string, number> = {};
  const field_status: Record<string, FieldStatus> = {};
  const regions: Record<string, Region> = {};
  const review_fields: string[] = [];

  const entries: { key?: FieldKey; path: string; found: Found<FieldValue> }[] = [...fieldEntries(draft), ...[...lineFindings].map(([path, found]) => ({ path, found }))];
  for (const { key, path, found } of entries.sort((a, b) => a.path.localeCompare(b.path))) {
    if (key) writeValue(extraction, key, found.value);
    field_confidence[path] = round(found.confidence);
    field_status[path] = { status: found.status, review: found.status === 'review' };
    if (found.status === 'review') review_fields.push(path);
    if (found.evidence) {
      regions[path] = { page: found.evidence.page, box: found.evidence.box.map((v) => round(v, 1)), normalized_value: found.value };
    }
  }
  // Bank and consumption objects have every member, null where the page does not print it.
  const banks = extraction.banks as Record<string, unknown>[] | undefined;
  if (banks) extraction.banks = banks.map((bank) => ({ name: null, iban: null, swift_bic: null, ...bank }));
  const consumption = extraction.consumption as Record<string, unknown> | undefined;
  if (consumption) extraction.consumption = { unit: null, value: null, ...consumption };
  const key = KEY_FIELDS.map((k) => fieldOf(draft, k)?.confidence ?? 0);
  return {
    extraction: extraction as DocumentFields,
    field_confidence,
    field_status,
    review_fields,
    regions,
    confidence: round(key.reduce((a, b) => a + b, 0) / key.length),
  };
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
