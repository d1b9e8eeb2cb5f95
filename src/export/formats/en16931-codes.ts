// Code lists an EN 16931 / Peppol BIS 3.0 invoice draws on, for what a Document holds: the
// electronic address scheme (EAS) of a VAT number by its country, the unit of measure (UN/ECE
// Recommendation 20) of a printed unit, and the country of a VAT number's prefix.

/** Peppol's EAS codes for VAT numbers (Peppol code list "eas", 2025); a country without one has no VAT-number address. */
const VAT_ADDRESS_SCHEMES: Record<string, string> = {
  AD: '9922', AL: '9923', AT: '9914', BA: '9924', BE: '9925', BG: '9926', CH: '9927', CY: '9928', CZ: '9929',
  DE: '9930', EE: '9931', ES: '9920', FI: '0213', FR: '9957', GB: '9932', GR: '9933', HR: '9934', HU: '9910',
  IE: '9935', IT: '0211', LI: '9936', LT: '9937', LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942',
  MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947', RS: '9948', SI: '9949', SK: '9950', SM: '9951',
  TR: '9952', VA: '9953',
};

/** The country a VAT number's prefix names: Greece writes EL, Northern Ireland XI. */
export function vatCountry(vatId: string | null | undefined): string | null {
  const prefix = vatId?.trim().slice(0, 2).toUpperCase();
  if (!prefix || !/^[A-Z]{2}$/u.test(prefix)) return null;
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
}

/** An electronic address from a VAT number: the scheme of its country and the number itself. */
export function vatAddress(vatId: string | null | undefined): { scheme: string; id: string } | null {
  const country = vatCountry(vatId);
  const scheme = country ? VAT_ADDRESS_SCHEMES[country] : undefined;
  return scheme && vatId ? { scheme, id: vatId.replace(/\s+/gu, '').toUpperCase() } : null;
}

const UNITS: [RegExp, string][] = [
  [/^(pcs?|pieces?|stk|st|tk|kpl|szt|ks|ea|each|un|unit|units)\.?$/iu, 'H87'],
  [/^(h|hr|hrs|hours?|std|tund)\.?$/iu, 'HUR'],
  [/^(min|minutes?)\.?$/iu, 'MIN'],
  [/^(d|days?|tag|tage|päev)\.?$/iu, 'DAY'],
  [/^(months?|mon|mo|monat|kuu|kk)\.?$/iu, 'MON'],
  [/^kg\.?$/iu, 'KGM'],
  [/^g\.?$/iu, 'GRM'],
  [/^t(onne)?s?$/iu, 'TNE'],
  [/^(l|ltr|liters?|litres?)\.?$/iu, 'LTR'],
  [/^m\.?$/iu, 'MTR'],
  [/^km\.?$/iu, 'KMT'],
  [/^(m2|m²|sqm)$/iu, 'MTK'],
  [/^(m3|m³)$/iu, 'MTQ'],
  [/^kwh$/iu, 'KWH'],
  [/^mwh$/iu, 'MWH'],
];

/** A printed unit as a Recommendation 20 code; "one" (C62) for a unit not recognised or none. */
export function unitCode(unit: string | null): string {
  const text = unit?.trim();
  return (text && UNITS.find(([pattern]) => pattern.test(text))?.[1]) || 'C62';
}
