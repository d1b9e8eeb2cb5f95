// VAT identification numbers, validated by their country's checksum where jsvat knows one.
import { checkVAT, countries } from 'jsvat';

export interface VatId {
  /** Prefix and number without separators, e.g. "EE100931558". */
  value: string;
  /** ISO 3166-1 alpha-2 (jsvat reports Greece's VAT prefix EL as GR). */
  country: string;
}

/** The VAT id in a printed string, or null when it is not one or its checksum fails. */
export function normalizeVatId(printed: string): VatId | null {
  const compact = compactVatId(printed);
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(compact)) return null;
  const result = checkVAT(compact, countries);
  if (!result.isSupportedCountry || !result.isValid || !result.country) return null;
  return { value: compact, country: result.country.isoCode.short };
}

/** True when the id names a country whose checksum jsvat knows and that checksum fails. */
export function failsVatChecksum(printed: string): boolean {
  const result = checkVAT(compactVatId(printed), countries);
  return result.isSupportedCountry && !result.isValid;
}

const compactVatId = (printed: string) => printed.replace(/[\s.\-/]/g, '').toUpperCase();
