// Which known vendor of the business a document comes from: by a strong identifier (VAT id, registry
// code, IBAN, email domain), the one known by most of them; failing those, by a name close enough,
// or a name somewhat close on a layout like the vendor's. A mail domain or a name does not match a
// vendor registered under another VAT id or registry code than the document prints. Only the
// business's own directory is read.
import type { Store } from '../storage/store.js';
import type { VendorFactKind } from '../storage/tables.js';
import { layoutSimilarity, type LayoutFingerprint } from './layout-fingerprint.js';
import type { VendorIdentity } from './vendor-identity.js';
import { nameSimilarity } from './vendor-name.js';

export type MatchedBy = 'vat_id' | 'registry_code' | 'iban' | 'email_domain' | 'name';

export interface VendorMatch {
  vendorId: string;
  by: MatchedBy;
}

const STRONG: readonly [VendorFactKind & MatchedBy, keyof VendorIdentity][] = [['vat_id', 'vatIds'], ['registry_code', 'registryCodes'], ['iban', 'ibans'], ['email_domain', 'emailDomains']];
/** Names this alike are one vendor's ("Alpen Logistik GmbH" and "Alpen Logistik GmbH."). */
const SAME_NAME = 0.92;
/** Names this alike are one vendor's where the layouts agree too. */
const LIKE_NAME = 0.75;
const SAME_LAYOUT = 0.5;
const LAYOUTS_COMPARED = 5;

export async function matchVendor(store: Store, businessId: string, identity: VendorIdentity, layout: LayoutFingerprint): Promise<VendorMatch | null> {
  const found = new Map<string, MatchedBy[]>();
  for (const [kind, member] of STRONG) {
    for (const vendorId of await store.vendors.findByFacts(businessId, kind, identity[member] as string[])) found.set(vendorId, [...(found.get(vendorId) ?? []), kind]);
  }
  // The vendor known by most identifiers; among equals, by the strongest (the order of STRONG).
  const ranked = [...found.entries()].sort(([, a], [, b]) => b.length - a.length || STRONG.findIndex(([k]) => k === a[0]) - STRONG.findIndex(([k]) => k === b[0]));
  for (const [vendorId, by] of ranked) {
    if (!WEAK.has(by[0]!) || !(await registeredElsewhere(store, businessId, vendorId, identity))) return { vendorId, by: by[0]! };
  }
  return identity.name ? matchByName(store, businessId, { ...identity, name: identity.name }, layout) : null;
}

/** Matches that companies of one group share (a mail domain, a similar name). */
const WEAK = new Set<MatchedBy>(['email_domain', 'name']);

/**
 * The document's own VAT id or registry code is not one the vendor is known by: another company of
 * the same group or name, whatever a shared mail domain or a like name suggests.
 */
async function registeredElsewhere(store: Store, businessId: string, vendorId: string, identity: VendorIdentity): Promise<boolean> {
  const facts = await store.vendors.facts(businessId, [vendorId]);
  const differs = (kind: VendorFactKind, read: readonly string[]) => {
    const known = facts.filter((f) => f.kind === kind).map((f) => f.value);
    return read.length > 0 && known.length > 0 && !read.some((value) => known.includes(value));
  };
  return differs('vat_id', identity.vatIds) || differs('registry_code', identity.registryCodes);
}

async function matchByName(store: Store, businessId: string, identity: VendorIdentity & { name: string }, layout: LayoutFingerprint): Promise<VendorMatch | null> {
  const { name } = identity;
  const ranked = (await store.vendors.list(businessId)).map((vendor) => ({ vendor, similarity: nameSimilarity(name, vendor.name) })).sort((a, b) => b.similarity - a.similarity);
  for (const { vendor, similarity } of ranked) {
    if (similarity < LIKE_NAME) break;
    if (await registeredElsewhere(store, businessId, vendor.id, identity)) continue;
    if (similarity >= SAME_NAME) return { vendorId: vendor.id, by: 'name' };
    const layouts = (await store.vendors.documents(businessId, vendor.id, LAYOUTS_COMPARED)).map((d) => JSON.parse(d.layout_json) as LayoutFingerprint);
    if (layouts.some((known) => layoutSimilarity(layout, known) >= SAME_LAYOUT)) return { vendorId: vendor.id, by: 'name' };
  }
  return null;
}
