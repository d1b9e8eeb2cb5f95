// Findings → the public outcome: nested DocumentFields, per-path confidence and status, the list a
// person must check, and a region for every value read from the page.
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import type { ExtractionOutcome, FieldStatus, Region } from '../schemas/document.schema.js';
import type { Findings } from './fields/find-fields.js';
import { round } from './fields/found.js';

type OutcomeFields = Pick<ExtractionOutcome, 'extraction' | 'field_confidence' | 'field_status' | 'review_fields' | 'regions' | 'confidence'>;

/** The fields whose confidence the document's overall score is made of: what a bookkeeper books. */
const KEY_FIELDS = ['total', 'issue_date', 'document_number', 'currency', 'vendor.name'];

/** `lineFindings` are the confidence, status and region of each line item value ("line_items[0].total"). */
export function buildOutcomeFields(findings: Findings, lineItems: DocumentFields['line_items'] = [], lineFindings: Findings = new Map()): OutcomeFields {
  const extraction: Record<string, unknown> = { line_items: lineItems };
  const field_confidence: Record<string, number> = {};
  const field_status: Record<string, FieldStatus> = {};
  const regions: Record<string, Region> = {};
  const review_fields: string[] = [];

  for (const [path, found] of [...findings, ...lineFindings].sort(([a], [b]) => a.localeCompare(b))) {
    if (!lineFindings.has(path)) setPath(extraction, path, found.value);
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
  const key = KEY_FIELDS.map((p) => findings.get(p)?.confidence ?? 0);
  return {
    extraction: extraction as DocumentFields,
    field_confidence,
    field_status,
    review_fields,
    regions,
    confidence: round(key.reduce((a, b) => a + b, 0) / key.length),
  };
}

/** Sets "vendor.name" or "banks[0].iban" in a nested object, creating objects and arrays on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.').flatMap((part) => {
    const match = /^(\w+)\[(\d+)\]$/u.exec(part);
    return match ? [match[1]!, Number(match[2])] : [part];
  });
  let node: Record<string | number, unknown> = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      node[part] = value;
      return;
    }
    node[part] ??= typeof parts[i + 1] === 'number' ? [] : {};
    node = node[part] as Record<string | number, unknown>;
  });
}
