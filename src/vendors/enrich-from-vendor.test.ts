import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StoredOutcome } from '../documents/present-document.js';
import type { PlacedCandidate } from '../pipeline/fields/placed-candidates.js';
import { enrichFromVendor } from './enrich-from-vendor.js';
import { preferLearnedPlaces } from './prefer-learned-places.js';
import type { VendorProfile } from './vendor-profile.js';

const PROFILE: VendorProfile = {
  id: 'vnd_1', name: 'Alpen Logistik GmbH', nameKey: 'alpen logistik gmbh', vatIds: ['DE850578223'], registryCodes: [], ibans: ['DE62500400002953999688'],
  emailDomains: [], addresses: ['Hauptstraße 5'], currencies: ['EUR'], vatRates: [19], numberPatterns: ['RE-99999'], layouts: [],
  anchors: { total: [{ page: 1, x: 800, y: 700, label: 'gesamt' }], document_number: [{ page: 1, x: 700, y: 100, label: 'rechnung nr' }] },
};

const outcome = (extraction: StoredOutcome['extraction'], review: string[] = []): StoredOutcome => ({
  is_document: true, extraction, field_confidence: { total: 0.9, 'vendor.name': 0.4 }, review_fields: review,
  field_status: Object.fromEntries(review.map((p) => [p, { status: 'review' as const, review: true }])),
  warnings: review.map((p) => `key_field_not_found: ${p} was not found on the page; it is listed in review_fields to be filled in`),
});

test('a known vendor: its name and VAT id over an unsure or missing reading, its currency as a default, its IBAN checked', () => {
  const read = outcome({ line_items: [], vendor: { name: 'ALPEN LOGISTIK' }, banks: [{ name: null, iban: 'DE62500400002953999688', swift_bic: null }] }, ['vendor.name']);
  const known = enrichFromVendor(read, PROFILE, 'iban', 'Alpen ... USt-IdNr. DE 850 578 223');
  assert.equal(known.extraction.vendor?.name, 'Alpen Logistik GmbH');
  assert.deepEqual(known.field_status['vendor.name'], { status: 'enriched', review: false });
  assert.equal(known.field_confidence['vendor.name'], undefined);
  assert.equal(known.extraction.vendor?.vat_id, 'DE850578223');
  assert.deepEqual(known.field_status['currency'], { status: 'derived', review: false });
  assert.deepEqual(known.review_fields, []);
  assert.deepEqual(known.warnings, []);
  assert.equal(read.extraction.vendor?.name, 'ALPEN LOGISTIK', 'the outcome given is left as it was');
});

test('an IBAN the vendor was never paid to is marked for review with a warning', () => {
  const read = outcome({ line_items: [], vendor: { name: 'Alpen Logistik GmbH', vat_id: 'DE850578223' }, currency: 'EUR', banks: [{ name: null, iban: 'DE89370400440532013000', swift_bic: null }] });
  const known = enrichFromVendor(read, PROFILE, 'vat_id', '');
  assert.deepEqual(known.field_status['banks[0].iban'], { status: 'review', review: true });
  assert.deepEqual(known.review_fields, ['banks[0].iban']);
  assert.match(known.warnings[0]!, /^vendor_iban_changed: banks\[0\]\.iban DE89370400440532013000 is not an account Alpen Logistik GmbH was paid to before/);
  assert.equal(known.extraction.banks?.[0]?.iban, 'DE89370400440532013000', 'the printed account is shown, not replaced');
});

test('the total and number at the vendor\'s learned places replace the engine\'s picks; a number of another shape does not', () => {
  const placed = (total: PlacedCandidate[], numbers: PlacedCandidate[]) => ({ total, document_number: numbers, issue_date: [] });
  const c = (value: number | string, y: number, label: string): PlacedCandidate => ({ value, page: 1, box: [790, y - 5, 810, y + 5], label });
  const read = outcome({ line_items: [], total: 19, document_number: '2024' });
  const chosen = preferLearnedPlaces(read, PROFILE, placed([c(19, 500, 'mwst'), c(119, 760, 'gesamt')], [c('RE-12345', 100, 'rechnung nr'), c('2024', 120, 'jahr')]));
  assert.equal(chosen.extraction.total, 119);
  assert.equal(chosen.extraction.document_number, 'RE-12345');
  assert.deepEqual(chosen.field_status['total'], { status: 'read', review: false });
  const otherShape = preferLearnedPlaces(read, PROFILE, placed([], [c('RE-1234', 100, 'rechnung nr')]));
  assert.equal(otherShape.extraction.document_number, '2024');
});
