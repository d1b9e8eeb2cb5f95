// Assembling DocumentFields pieces shared by the CII and UBL mappers: parties, tax groups, line
// amounts derived from the net figures the XML carries, and bank de-duplication.
import type { DocumentFields, LineItem, Party } from '../../schemas/document-fields.schema.js';
import { roundTo } from './values.js';

export interface MappedInvoice {
  /** The profile or customization the XML declares (guideline id in CII, CustomizationID in UBL). */
  profile: string | null;
  /** The declared type is a credit note (document-type.ts); its amounts are as the XML writes them. */
  creditNote: boolean;
  fields: DocumentFields;
}

type VatRate = NonNullable<DocumentFields['vat_rates']>[number];
type Bank = NonNullable<DocumentFields['banks']>[number];

/** Copies only the members that carry a value: the XML's silence stays absent rather than null. */
export function present<T extends object>(values: { [K in keyof T]?: T[K] | null | undefined }): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T] | null | undefined][]) {
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

export interface PartyParts {
  name: string | null;
  registry_code: string | null;
  vat_id: string | null;
  /** Street lines in document order. */
  lines: (string | null)[];
  postal_code: string | null;
  city: string | null;
  county: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
}

export function buildParty(parts: PartyParts): Party | null {
  const street = parts.lines.filter((line): line is string => !!line);
  const address = street.length > 0 ? street.join(', ') : null;
  const country = parts.country ? parts.country.toUpperCase() : null;
  const place = [parts.postal_code, parts.city].filter(Boolean).join(' ');
  const whole = [address, place, country].filter(Boolean).join(', ');
  const party = present<Party>({
    name: parts.name,
    registry_code: parts.registry_code,
    vat_id: parts.vat_id,
    address,
    document_address: whole || null,
    postal_code: parts.postal_code,
    city: parts.city,
    county: parts.county,
    country,
    email: parts.email,
    phone: parts.phone,
  }) as Party;
  return Object.keys(party).length > 0 ? party : null;
}

/** A tax group; gross is basis plus tax, written to the precision of its operands. */
export function buildVatRate(rate: number | null, net: number | null, vat: number | null, decimals: number): VatRate {
  const gross = net !== null && vat !== null ? roundTo(net + vat, Math.max(2, decimals)) : null;
  return { rate, net, vat, gross };
}

export interface LineParts {
  description: string | null;
  code: string | null;
  ean: string | null;
  quantity: number | null;
  unit: string | null;
  /** Price per one unit before line discounts, or null when the XML prices per another basis quantity. */
  net_unit_price: number | null | undefined;
  net_unit_price_decimals: number;
  discount_amount: number | null;
  subtotal: number | null;
  vat_rate: number | null;
}

/**
 * The XML states line amounts net of VAT. The gross figures are derived from the line's rate, with
 * the line tax rounded to cents; a printed tax-group total may differ from their sum by a cent.
 */
export function buildLineItem(parts: LineParts): LineItem {
  const rate = parts.vat_rate;
  const vat = rate !== null && parts.subtotal !== null ? roundTo((parts.subtotal * rate) / 100, 2) : null;
  const total = vat !== null && parts.subtotal !== null ? roundTo(parts.subtotal + vat, 2) : null;
  const unitPrice =
    rate !== null && typeof parts.net_unit_price === 'number'
      ? roundTo(parts.net_unit_price * (1 + rate / 100), Math.max(2, parts.net_unit_price_decimals))
      : null;
  const item: LineItem = present<LineItem>({
    description: parts.description,
    code: parts.code,
    ean: parts.ean,
    quantity: parts.quantity,
    unit: parts.unit,
    unit_price: unitPrice,
    net_unit_price: parts.net_unit_price,
    discount_amount: parts.discount_amount,
    subtotal: parts.subtotal,
    vat_rate: rate,
    vat_amount: vat,
    total,
  });
  // A price per 100 pieces is known not to be a unit price: say so instead of leaving it unknown.
  if (parts.net_unit_price === null) item.net_unit_price = null;
  item.amount = item.total ?? null;
  return item;
}

/** Banks in document order, each account once; a repeated account lends the details it adds. */
export function uniqueBanks(banks: Bank[]): Bank[] {
  const out: Bank[] = [];
  for (const bank of banks) {
    if (!bank.iban && !bank.swift_bic) continue;
    const same = out.find((seen) => (bank.iban ? seen.iban === bank.iban : !seen.iban && seen.swift_bic === bank.swift_bic));
    if (!same) {
      out.push({ ...bank });
      continue;
    }
    same.swift_bic ??= bank.swift_bic;
    same.name ??= bank.name;
  }
  return out;
}
