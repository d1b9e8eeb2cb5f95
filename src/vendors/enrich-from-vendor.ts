// A document from a known vendor, checked against and completed from what the business approved of
// that vendor (docs/engine.md, Known vendors):
// - the vendor's name, VAT id and registry code where the page gave none or the engine was unsure
//   (`enriched`); the known name over the one read when a strong identifier made the match;
// - a VAT id read that is not the vendor's while the vendor's own is printed: the vendor's;
// - an IBAN the vendor was never paid to: marked for review with a warning, since a changed account
//   on a known vendor's invoice is how invoice fraud asks to be paid;
// - a missing account only where the page prints a known one; a missing currency from the vendor's
//   (`derived`, the default a business would assume).
import type { StoredOutcome } from '../documents/present-document.js';
import { currentValue, markForReview, setValue, unsure } from './outcome-edits.js';
import type { MatchedBy } from './match-vendor.js';
import { compactId, identityOf } from './vendor-identity.js';
import { nameKey } from './vendor-name.js';
import type { VendorProfile } from './vendor-profile.js';

export function enrichFromVendor(outcome: StoredOutcome, profile: VendorProfile, by: MatchedBy, pageText: string): StoredOutcome {
  const enriched = structuredClone(outcome);
  const printed = compactId(pageText);
  const read = identityOf(enriched.extraction);
  if (unsure(enriched, 'vendor.name') || (by !== 'name' && nameKey(read.name ?? '') !== profile.nameKey)) {
    if (currentValue(enriched, 'vendor.name') !== profile.name) setValue(enriched, 'vendor.name', profile.name, 'enriched');
  }
  fillIdentifier(enriched, 'vendor.vat_id', profile.vatIds, printed, profile.name);
  fillIdentifier(enriched, 'vendor.registry_code', profile.registryCodes, printed, profile.name);
  checkAccounts(enriched, profile, printed);
  if (profile.addresses[0] && currentValue(enriched, 'vendor.address') === null) setValue(enriched, 'vendor.address', profile.addresses[0], 'enriched');
  if (currentValue(enriched, 'currency') === null && profile.currencies[0]) setValue(enriched, 'currency', profile.currencies[0], 'derived');
  return enriched;
}

function fillIdentifier(outcome: StoredOutcome, path: string, known: readonly string[], printed: string, vendor: string): void {
  if (!known.length) return;
  const value = currentValue(outcome, path);
  if (typeof value === 'string' && known.includes(compactId(value))) return;
  const onPage = known.find((id) => printed.includes(id));
  if (value === null || onPage || unsure(outcome, path)) {
    setValue(outcome, path, onPage ?? known[0], 'enriched');
    return;
  }
  markForReview(outcome, path, `vendor_identifier_changed: ${path} ${String(value)} is not the one ${vendor} is known by (${known.join(', ')}); check who issued the document`);
}

function checkAccounts(outcome: StoredOutcome, profile: VendorProfile, printed: string): void {
  if (!profile.ibans.length) return;
  const banks = outcome.extraction.banks ?? [];
  banks.forEach((bank, i) => {
    if (!bank.iban || profile.ibans.includes(compactId(bank.iban))) return;
    const path = `banks[${i}].iban`;
    markForReview(outcome, path, `vendor_iban_changed: ${path} ${bank.iban} is not an account ${profile.name} was paid to before (${profile.ibans.join(', ')}); confirm the change with the vendor before paying`);
  });
  if (banks.some((bank) => bank.iban)) return;
  const onPage = profile.ibans.find((iban) => printed.includes(iban));
  if (!onPage) return;
  outcome.extraction.banks = [{ name: null, iban: onPage, swift_bic: null }];
  setValue(outcome, 'banks[0].iban', onPage, 'enriched');
}
