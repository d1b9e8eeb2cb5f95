// What a document is recognised by when it comes again: its bytes (file), its first page's
// perceptual hash (image), and who billed what (data: vendor identity with the document number and
// total, or with the date and total). Every fingerprint is an exact lookup key, so finding the
// candidates is an index read whatever the number of stored documents.
import { fold } from '../pipeline/fields/labels.js';
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import type { FingerprintRow } from '../storage/repositories/duplicates.repository.js';

/**
 * Multi-index hashing: a 64-bit image hash is stored under its four 16-bit bands, and looked up under
 * each band and every band one bit away (4 × 17 exact keys). Two hashes that differ in at most 7
 * bits have a band that differs in at most one, so every such match is found by index reads alone.
 */
export const IMAGE_BANDS = 4;

export interface FingerprintSource {
  documentId: string;
  businessId: string;
  fileSha256: string;
  pageHash: string | null;
  extraction: DocumentFields;
}

export function fingerprintsOf(source: FingerprintSource): FingerprintRow[] {
  const row = (kind: FingerprintRow['kind'], key: string, value = ''): FingerprintRow => ({ document_id: source.documentId, business_id: source.businessId, kind, key, value });
  const rows = [row('file', source.fileSha256)];
  if (source.pageHash) {
    const value = imageValue(source.pageHash, source.extraction);
    rows.push(...imageBandKeys(source.pageHash).map((key) => row('image', key, value)));
  }
  rows.push(...dataKeys(source.extraction).map(({ key, value }) => row('data', key, value)));
  return rows;
}

/**
 * The whole hash, with the number, total and vendor read from the page: invoices printed from one
 * template look alike in a 32×32 thumbnail, so a close image counts only when the data does not tell
 * the two documents apart.
 */
function imageValue(hash: string, fields: DocumentFields): string {
  // The vendor by a checksummed identifier only: names differ in spelling and OCR slips.
  const vendor = vendorIdentities(fields).find((id) => !id.startsWith('name:')) ?? '';
  return [hash, normalNumber(fields), normalTotal(fields) ?? '', vendor].join('|');
}

export function parseImageValue(value: string): { hash: string; number: string; total: string; vendor: string } {
  const [hash = '', number = '', total = '', vendor = ''] = value.split('|');
  return { hash, number, total, vendor };
}

const normalNumber = (fields: DocumentFields) => (fields.document_number ? fields.document_number.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '') : '');
const normalTotal = (fields: DocumentFields) => (typeof fields.total === 'number' ? Math.round(fields.total * 100) : null);

export function imageBandKeys(hash: string): string[] {
  return bands(hash).map((value, band) => bandKey(band, value));
}

/** The keys that find every stored hash within 7 bits of this one. */
export function imageProbeKeys(hash: string): string[] {
  return bands(hash).flatMap((value, band) => [value, ...Array.from({ length: BAND_BITS }, (_, bit) => value ^ (1 << bit))].map((v) => bandKey(band, v)));
}

const BAND_BITS = 16;
const bands = (hash: string) => Array.from({ length: IMAGE_BANDS }, (_, band) => parseInt(hash.slice(band * 4, band * 4 + 4), 16));
const bandKey = (band: number, value: number) => `${band}:${value.toString(16).padStart(4, '0')}`;

/**
 * One key per way the vendor is identified on the page (VAT id, registry code, name), so a photo on
 * which only the name was read still meets the PDF that printed the VAT id. A number key needs the
 * number; a date key is stored with whether a number was printed, since two documents that both print
 * different numbers are different invoices even on the same day for the same amount.
 */
export function dataKeys(fields: DocumentFields): { key: string; value: string }[] {
  const total = normalTotal(fields);
  if (total === null) return [];
  const vendors = vendorIdentities(fields);
  const number = normalNumber(fields);
  const keys: { key: string; value: string }[] = [];
  for (const vendor of vendors) {
    if (number) keys.push({ key: `number|${vendor}|${number}|${total}`, value: '' });
    if (fields.issue_date) keys.push({ key: `date|${vendor}|${fields.issue_date}|${total}`, value: number ? 'numbered' : 'unnumbered' });
  }
  return keys;
}

function vendorIdentities(fields: DocumentFields): string[] {
  const vendor = fields.vendor;
  if (!vendor) return [];
  const identities: string[] = [];
  const code = (value: string | null | undefined) => (value ? value.toUpperCase().replace(/[^A-Z0-9]/gu, '') : '');
  if (code(vendor.vat_id)) identities.push(`vat:${code(vendor.vat_id)}`);
  if (code(vendor.registry_code)) identities.push(`reg:${code(vendor.registry_code)}`);
  const name = vendor.name ? fold(vendor.name).replace(/[^\p{L}\p{N}]/gu, '') : '';
  if (name.length >= 3) identities.push(`name:${name}`);
  return identities;
}
