// What a business knows of one vendor, gathered from the directory's rows: the facts its approved
// documents showed (newest first, a person's typed ones among them), its layouts and the places its
// total, number and issue date were approved at.
import type { AnchoredField } from '../pipeline/fields/placed-candidates.js';
import type { FieldAnchor } from '../pipeline/fields/anchored-choice.js';
import type { VendorDocumentRow, VendorFactRow, VendorRow } from '../storage/repositories/vendors.repository.js';
import type { VendorFactKind } from '../storage/tables.js';
import type { LayoutFingerprint } from './layout-fingerprint.js';

export type VendorAnchors = Partial<Record<AnchoredField, FieldAnchor[]>>;

export interface VendorProfile {
  id: string;
  name: string;
  nameKey: string;
  vatIds: string[];
  registryCodes: string[];
  ibans: string[];
  emailDomains: string[];
  addresses: string[];
  currencies: string[];
  vatRates: number[];
  numberPatterns: string[];
  layouts: LayoutFingerprint[];
  /** Per field, the anchors of the newest approved document that had the field. */
  anchors: VendorAnchors;
}

export function profileOf(vendor: VendorRow, facts: readonly VendorFactRow[], documents: readonly VendorDocumentRow[]): VendorProfile {
  const newestFirst = [...facts].reverse();
  const values = (kind: VendorFactKind) => [...new Set(newestFirst.filter((f) => f.kind === kind).map((f) => f.value))];
  const anchors: VendorAnchors = {};
  for (const document of documents) {
    for (const [field, list] of Object.entries(JSON.parse(document.anchors_json) as VendorAnchors)) {
      const key = field as AnchoredField;
      if (list?.length && !anchors[key]) anchors[key] = list;
    }
  }
  return {
    id: vendor.id,
    name: vendor.name,
    nameKey: vendor.name_key,
    vatIds: values('vat_id'),
    registryCodes: values('registry_code'),
    ibans: values('iban'),
    emailDomains: values('email_domain'),
    addresses: values('address'),
    currencies: values('currency'),
    vatRates: values('vat_rate').map(Number),
    numberPatterns: values('number_pattern'),
    layouts: documents.map((d) => JSON.parse(d.layout_json) as LayoutFingerprint),
    anchors,
  };
}
