// What an approved document teaches about its vendor: the facts it shows (identifiers, address,
// currency, VAT rates, the number's shape), its layout, and where on that layout the approved total,
// number and issue date stood: the candidates of the page that hold the approved value. A value a
// person corrected is learned at the place the person's value is printed, so the next document from
// the vendor is read there without a retrain.
import { anchorsOf } from '../pipeline/fields/anchored-choice.js';
import { ANCHORED_FIELDS, holdsValue, type PlacedCandidates } from '../pipeline/fields/placed-candidates.js';
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import type { VendorFactKind } from '../storage/tables.js';
import { layoutFingerprint, type LayoutFingerprint } from './layout-fingerprint.js';
import { numberPattern } from './number-pattern.js';
import { identityOf, type VendorIdentity } from './vendor-identity.js';
import type { VendorAnchors } from './vendor-profile.js';

export interface Lesson {
  identity: VendorIdentity;
  facts: { kind: VendorFactKind; value: string }[];
  anchors: VendorAnchors;
  layout: LayoutFingerprint;
}

export function lessonOf(fields: DocumentFields, placed: PlacedCandidates | undefined): Lesson {
  const identity = identityOf(fields);
  const each = (kind: VendorFactKind, values: readonly (string | number | null | undefined)[]) =>
    [...new Set(values.filter((v): v is string | number => v !== null && v !== undefined && String(v).trim() !== '').map((v) => String(v).trim()))].map((value) => ({ kind, value }));
  const facts = [
    ...each('vat_id', identity.vatIds),
    ...each('registry_code', identity.registryCodes),
    ...each('iban', identity.ibans),
    ...each('email_domain', identity.emailDomains),
    ...each('address', [fields.vendor?.address]),
    ...each('currency', [fields.currency]),
    ...each('vat_rate', (fields.vat_rates ?? []).map((group) => group.rate)),
    ...each('number_pattern', [fields.document_number ? numberPattern(fields.document_number) : null]),
  ];
  const anchors: VendorAnchors = {};
  for (const field of ANCHORED_FIELDS) {
    if (!placed) break;
    const found = anchorsOf(placed[field], (c) => holdsValue(field, c.value, fields[field]));
    if (found.length) anchors[field] = found;
  }
  return { identity, facts, anchors, layout: layoutFingerprint(placed) };
}
