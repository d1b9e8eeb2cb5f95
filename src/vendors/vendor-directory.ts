// A business's vendor directory: what a new document of the business is matched against and
// completed from (before it is stored), what an approval teaches, and what a person lists and edits
// (the CLI and the dashboard). Every operation names the business; nothing crosses businesses.
import { isoNow, type Clock } from '../clock.js';
import { correctedValue } from '../documents/field-value.js';
import type { StoredOutcome } from '../documents/present-document.js';
import { invalidRequest, notFound } from '../errors.js';
import { noPlacedCandidates, type PlacedCandidates } from '../pipeline/fields/placed-candidates.js';
import type { DocumentFields } from '../schemas/document-fields.schema.js';
import type { Vendor, VendorEdit } from '../schemas/vendor.schema.js';
import { newId } from '../security/ids.js';
import type { VendorRow } from '../storage/repositories/vendors.repository.js';
import type { Store } from '../storage/store.js';
import type { VendorFactKind } from '../storage/tables.js';
import { enrichFromVendor } from './enrich-from-vendor.js';
import { layoutFingerprint } from './layout-fingerprint.js';
import { lessonOf } from './learn-from-approval.js';
import { matchVendor } from './match-vendor.js';
import { preferLearnedPlaces } from './prefer-learned-places.js';
import { compactId, identityOf } from './vendor-identity.js';
import { nameKey } from './vendor-name.js';
import { profileOf, type VendorProfile } from './vendor-profile.js';

/** The newest approved documents a profile's layouts and places come from. */
const PROFILE_DOCUMENTS = 5;

export class VendorDirectory {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /**
   * A new document of the business, before it is stored: its known vendor's places choose the total,
   * number and issue date, then the vendor's facts check and complete it. Unchanged when no vendor matches.
   */
  async enrich(tx: Store, businessId: string, outcome: StoredOutcome, pageText: string): Promise<StoredOutcome> {
    if (!outcome.is_document) return outcome;
    const placed = outcome.placed_candidates ?? noPlacedCandidates();
    const match = await matchVendor(tx, businessId, identityOf(outcome.extraction), layoutFingerprint(placed));
    if (!match) return outcome;
    const profile = await this.profile(tx, businessId, match.vendorId);
    return enrichFromVendor(preferLearnedPlaces(outcome, profile, placed), profile, match.by, pageText);
  }

  /**
   * An approved document, as the person left it: its vendor (a known one it matches, else a new one)
   * learns its facts, layout and places. Approving it again learns it again, under the vendor it now names.
   */
  async learn(tx: Store, businessId: string, documentId: string, fields: DocumentFields, placed: PlacedCandidates | undefined): Promise<void> {
    await tx.vendors.lockDirectory(businessId);
    await tx.vendors.forgetDocument(businessId, documentId);
    const lesson = lessonOf(fields, placed);
    const { identity } = lesson;
    const match = await matchVendor(tx, businessId, identity, lesson.layout);
    const at = isoNow(this.clock);
    let vendorId = match?.vendorId;
    if (!vendorId) {
      if (!identity.name) {
        await this.forget(tx, businessId);
        return;
      }
      vendorId = newId('vnd');
      await tx.vendors.insert({ id: vendorId, business_id: businessId, name: identity.name, name_key: nameKey(identity.name), created_at: at, updated_at: at });
    } else if (identity.name && match?.by !== 'name') {
      // The latest approval names the vendor: the business approved that name.
      await tx.vendors.rename(businessId, vendorId, identity.name, nameKey(identity.name), at);
    }
    await tx.vendors.addFacts(lesson.facts.map(({ kind, value }) => ({ id: newId('vfa'), vendor_id: vendorId, business_id: businessId, kind, value, document_id: documentId, created_at: at })));
    await tx.vendors.link({ document_id: documentId, vendor_id: vendorId, business_id: businessId, layout_json: JSON.stringify(lesson.layout), anchors_json: JSON.stringify(lesson.anchors), linked_at: at });
    await this.forget(tx, businessId);
  }

  /** After documents went (their facts and links with them): vendors nothing supports any more go too. */
  async forget(tx: Store, businessId: string): Promise<void> {
    await tx.vendors.lockDirectory(businessId);
    await tx.vendors.deleteUnsupported(businessId);
  }

  async list(businessId: string, store: Store = this.store): Promise<Vendor[]> {
    const rows = await store.vendors.list(businessId);
    const counts = await store.vendors.documentCounts(businessId);
    const facts = await store.vendors.facts(businessId, rows.map((r) => r.id));
    return Promise.all(rows.map(async (row) => presentVendor(row, profileOf(row, facts.filter((f) => f.vendor_id === row.id), await store.vendors.documents(businessId, row.id, PROFILE_DOCUMENTS)), counts.get(row.id) ?? 0)));
  }

  async show(businessId: string, id: string, store: Store = this.store): Promise<Vendor> {
    const row = await this.find(store, businessId, id);
    return presentVendor(row, await this.profile(store, businessId, id), (await store.vendors.documentCounts(businessId)).get(id) ?? 0);
  }

  /** A person's values replace what is known of each member given; identifiers are checked as a correction's are. */
  async edit(businessId: string, id: string, edit: VendorEdit): Promise<Vendor> {
    return this.store.transaction(async (tx) => {
      await tx.vendors.lockDirectory(businessId);
      await this.find(tx, businessId, id);
      const at = isoNow(this.clock);
      const typed = (kind: VendorFactKind, values: string[]) => values.map((value) => ({ id: newId('vfa'), vendor_id: id, business_id: businessId, kind, value: compactId(value), document_id: null, created_at: at }));
      if (edit.name !== undefined) await tx.vendors.rename(businessId, id, edit.name.trim(), nameKey(edit.name), at);
      if (edit.vat_id !== undefined) await tx.vendors.replaceFacts(businessId, id, 'vat_id', typed('vat_id', edit.vat_id === null ? [] : [String(correctedValue('vendor.vat_id', edit.vat_id))]));
      if (edit.registry_code !== undefined) await tx.vendors.replaceFacts(businessId, id, 'registry_code', typed('registry_code', edit.registry_code === null ? [] : [edit.registry_code.trim()]));
      if (edit.ibans !== undefined) await tx.vendors.replaceFacts(businessId, id, 'iban', typed('iban', [...new Set(edit.ibans.map((iban) => String(correctedValue('banks[0].iban', iban))))]));
      await tx.vendors.touch(businessId, id, at);
      return this.show(businessId, id, tx);
    });
  }

  /** `from` and everything known of it become `into`'s. */
  async merge(businessId: string, from: string, into: string): Promise<Vendor> {
    return this.store.transaction(async (tx) => {
      await tx.vendors.lockDirectory(businessId);
      await this.find(tx, businessId, from);
      await this.find(tx, businessId, into);
      if (from === into) throw invalidRequest('a vendor cannot be merged into itself');
      await tx.vendors.moveAll(businessId, from, into);
      await tx.vendors.delete(businessId, from);
      return this.show(businessId, into, tx);
    });
  }

  /** The vendor and what is known of it; its documents stay, and a later approval may learn it anew. */
  async delete(businessId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!(await this.store.vendors.delete(businessId, id))) throw notFound('vendor');
    return { id, deleted: true };
  }

  private async find(store: Store, businessId: string, id: string): Promise<VendorRow> {
    const row = await store.vendors.find(businessId, id);
    if (!row) throw notFound('vendor');
    return row;
  }

  private async profile(store: Store, businessId: string, id: string): Promise<VendorProfile> {
    const row = await this.find(store, businessId, id);
    return profileOf(row, await store.vendors.facts(businessId, [id]), await store.vendors.documents(businessId, id, PROFILE_DOCUMENTS));
  }
}

function presentVendor(row: VendorRow, profile: VendorProfile, documents: number): Vendor {
  return {
    id: row.id,
    name: row.name,
    vat_id: profile.vatIds[0] ?? null,
    registry_code: profile.registryCodes[0] ?? null,
    ibans: profile.ibans,
    email_domains: profile.emailDomains,
    addresses: profile.addresses,
    default_currency: profile.currencies[0] ?? null,
    vat_rates: profile.vatRates,
    number_patterns: profile.numberPatterns,
    documents,
    learned_fields: Object.keys(profile.anchors).sort(),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
