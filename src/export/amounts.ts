// The amounts an import needs, from a Document as corrected: its type, its VAT breakdown (net, VAT
// and gross per rate) and its bill lines. A credit note's amounts stay negative, as the engine
// reads them and as the books take them; only the UBL writer turns them positive, since UBL says
// "credit" by its CreditNote root instead.
import type { DocumentFields, LineItem } from '../schemas/document-fields.schema.js';

export type DocumentType = 'invoice' | 'credit_note' | 'receipt';

/** Cents are what every target books; a sum of floats is rounded back to them. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON * Math.sign(value)) * 100) / 100;
const close = (a: number, b: number): boolean => Math.abs(a - b) < 0.005;

/**
 * A credit note is a document whose amounts are negative (the engine signs them so, whether the
 * page printed "-" or only the title). A receipt was paid on the spot: by card or cash, with no
 * due date. Everything else is an invoice.
 */
export function documentType(fields: DocumentFields): DocumentType {
  const amount = fields.total ?? fields.subtotal ?? fields.amount_due;
  if (amount != null && amount < 0) return 'credit_note';
  const method = fields.payment?.method;
  if ((method === 'card' || method === 'cash') && !fields.due_date) return 'receipt';
  return 'invoice';
}

export interface VatGroup {
  /** Percentage points; null only in `bookingGroups`' fallback, where no rate could be told. */
  rate: number | null;
  net: number;
  vat: number;
  gross: number;
}

/**
 * Net, VAT and gross per rate: the document's own VAT table when every row has a rate and its
 * amounts; else its line items grouped by rate when every item has both; else one group from the
 * totals when the VAT is zero or the totals name one rate exactly. Null when none of these holds:
 * an import per rate cannot be made from a guess.
 */
export function vatGroups(fields: DocumentFields): VatGroup[] | null {
  const table = fields.vat_rates ?? [];
  if (table.length && table.every((row) => row.rate != null && row.net != null && row.vat != null)) {
    return table.map((row) => ({ rate: row.rate!, net: row.net!, vat: row.vat!, gross: row.gross ?? round2(row.net! + row.vat!) }));
  }
  const items = fields.line_items;
  if (items.length && items.every((item) => item.vat_rate != null && item.subtotal != null)) {
    const byRate = new Map<number, VatGroup>();
    for (const item of items) {
      const vat = item.vat_amount ?? round2((item.subtotal! * item.vat_rate!) / 100);
      const group = byRate.get(item.vat_rate!) ?? { rate: item.vat_rate!, net: 0, vat: 0, gross: 0 };
      group.net = round2(group.net + item.subtotal!);
      group.vat = round2(group.vat + vat);
      group.gross = round2(group.net + group.vat);
      byRate.set(item.vat_rate!, group);
    }
    return [...byRate.values()];
  }
  const net = fields.subtotal ?? (fields.total != null && fields.vat_amount != null ? round2(fields.total - fields.vat_amount) : null);
  const vat = fields.vat_amount ?? (fields.total != null && fields.subtotal != null ? round2(fields.total - fields.subtotal) : null);
  if (net == null || vat == null) return null;
  if (vat === 0) return [{ rate: 0, net, vat: 0, gross: net }];
  if (net === 0) return null;
  // A rate is taken from the totals only when it is a whole or half percent that gives the VAT back
  // to the cent; 19.04% is a rounding artefact or a mixed-rate document, not a rate.
  const rate = Math.round(((vat / net) * 100) * 2) / 2;
  return close(round2((net * rate) / 100), vat) ? [{ rate, net, vat, gross: round2(net + vat) }] : null;
}

/**
 * What a booking import takes: the VAT groups, else the document's totals as one group without a
 * rate (the bookkeeper's tax code decides it), else nothing when not even a total was read.
 */
export function bookingGroups(fields: DocumentFields): VatGroup[] {
  const groups = vatGroups(fields);
  if (groups) return groups;
  const gross = fields.total ?? fields.amount_due;
  if (gross == null) return [];
  const vat = fields.vat_amount ?? 0;
  const net = fields.subtotal ?? round2(gross - vat);
  return [{ rate: null, net, vat, gross }];
}

export interface BillLine {
  description: string | null;
  code: string | null;
  unit: string | null;
  quantity: number;
  /** Net, before VAT; as many decimals as the quantity needs to give `net` back to the cent. */
  unitPrice: number;
  net: number;
  rate: number | null;
  vat: number;
  /** The line stands for a whole VAT rate of a document without usable line items. */
  perRate: boolean;
}

/**
 * The lines a bill import books: the line items when each has a net amount and a rate and they add
 * up to the VAT breakdown's net per rate (a document discount or a missed line would book a
 * different amount than the document's total), else one line per VAT rate.
 */
export function billLines(fields: DocumentFields, groups: readonly VatGroup[]): BillLine[] {
  const items = fields.line_items;
  const usable =
    items.length > 0 &&
    items.every((item) => item.subtotal != null && item.vat_rate != null) &&
    groups.every((group) => close(round2(items.filter((item) => item.vat_rate === group.rate).reduce((sum, item) => sum + item.subtotal!, 0)), group.net)) &&
    items.every((item) => groups.some((group) => group.rate === item.vat_rate));
  if (!usable) {
    return groups.map((group) => ({ description: null, code: null, unit: null, quantity: 1, unitPrice: group.net, net: group.net, rate: group.rate, vat: group.vat, perRate: true }));
  }
  return items.map((item) => {
    const net = item.subtotal!;
    const { quantity, unitPrice } = quantityAndPrice(item, net);
    return {
      description: item.description ?? null,
      code: item.code ?? null,
      unit: item.unit ?? null,
      quantity,
      unitPrice,
      net,
      rate: item.vat_rate!,
      vat: item.vat_amount ?? round2((net * item.vat_rate!) / 100),
      perRate: false,
    };
  });
}

/**
 * Quantity × unit price must give the line's net back to the cent (EN 16931 and Peppol check it,
 * Xero recomputes the line from them). The printed net unit price when it does; the net divided by
 * the quantity, to four decimals, when that does; else the line as one unit of its net amount.
 */
function quantityAndPrice(item: LineItem, net: number): { quantity: number; unitPrice: number } {
  const quantity = item.quantity;
  if (quantity == null || quantity <= 0) return { quantity: 1, unitPrice: net };
  // A credit note's printed unit price may be unsigned while its net is negative.
  for (const price of item.net_unit_price == null ? [] : [item.net_unit_price, -item.net_unit_price]) {
    if (close(round2(quantity * price), net)) return { quantity, unitPrice: price };
  }
  const divided = Math.round((net / quantity) * 10_000) / 10_000;
  if (close(round2(quantity * divided), net)) return { quantity, unitPrice: divided };
  return { quantity: 1, unitPrice: net };
}

/** The document's gross total: the printed total, else the sum of the VAT groups. */
export function grossTotal(fields: DocumentFields, groups: readonly VatGroup[]): number {
  return fields.total ?? round2(groups.reduce((sum, group) => sum + group.gross, 0));
}
