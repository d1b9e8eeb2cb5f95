// A document's content and figures, before any layout: parties, lines, VAT groups and totals that
// add up. Amounts are integer cents and magnitudes (a credit note's sign is applied when printed and
// labelled), so every sum is exact.
import { addDays, type IsoDate } from './format.js';
import { ean13 } from './identifiers.js';
import { countryOf, lexiconOf, type CountryFacts, type DocumentKind, type Lexicon } from './lexicon.js';
import { banks, company, person, type Bank, type Party } from './parties.js';
import type { Rng } from './prng.js';

export interface Line {
  description: string;
  code?: string;
  ean?: string;
  /** Quantity in thousandths (1.5 kg = 1500). */
  quantityMilli: number;
  unit: string;
  /** Unit price in 1/10^priceScale of the currency: net, or gross where prices include VAT. */
  price: number;
  priceScale: 2 | 4;
  discountPercent: number;
  vatRate: number;
  /** Line amount in cents after the line discount: net, or gross where prices include VAT. */
  amount: number;
}

export interface VatGroup {
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

export interface Payment {
  method: 'cash' | 'card';
  /** Cash handed over and change returned (cash only). */
  tendered?: number;
  change?: number;
  cardLast4?: string;
}

export interface BillDetails {
  accountNumber: string;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  serviceAddress?: string;
  consumption: { unit: string; value: number };
  meter: string;
}

export interface DocumentModel {
  kind: DocumentKind;
  language: string;
  lexicon: Lexicon;
  country: string;
  facts: CountryFacts;
  currency: string;
  /** -1 for credit notes: amounts are printed and labelled negative. */
  sign: 1 | -1;
  number: string;
  issueDate: IsoDate;
  dueDate?: IsoDate;
  /** The invoice a credit note corrects. */
  reference?: string;
  vendor: Party;
  customer?: Party;
  banks: Bank[];
  pricesIncludeVat: boolean;
  lines: Line[];
  /** Sum of the line amounts (net, or gross where prices include VAT), before the document discount. */
  linesTotal: number;
  documentDiscountPercent: number;
  documentDiscount: number;
  groups: VatGroup[];
  subtotal: number;
  vat: number;
  rounding: number;
  total: number;
  paid: number;
  previousBalance: number;
  paymentsCredits: number;
  amountDue: number;
  payment?: Payment;
  bill?: BillDetails;
}

export const NUMBER_PATTERNS = ['INV-{YYYY}-####', '{YY}#####', 'A-######', '####/{YYYY}', 'F{YYYY}-####', '{YYYY}{MM}###', 'FV/###/{MM}/{YYYY}', 'RE-#####', '1#######'];

export function buildDocument(rng: Rng, kind: DocumentKind, language: string, options: { maxLines?: number } = {}): DocumentModel {
  const lexicon = lexiconOf(language);
  const country = rng.pick(lexicon.countries);
  const facts = countryOf(country);
  const issueDate = addDays({ year: 2023, month: 1, day: 1 }, rng.int(0, 1400));
  const sign = kind === 'credit_note' ? -1 : 1;
  const vendor = company(rng, lexicon, country, facts);
  const customer = kind === 'receipt' ? undefined : rng.chance(kind === 'utility_bill' ? 0.8 : 0.25) ? person(rng, lexicon, country, facts) : company(rng, lexicon, country, facts);
  const accounts = kind === 'receipt' ? [] : banks(rng, country, facts, rng.chance(0.3) ? 2 : 1);
  const pricesIncludeVat = kind === 'receipt';
  const lines = kind === 'utility_bill' ? utilityLines(rng, lexicon, facts) : kind === 'receipt' ? receiptLines(rng, lexicon, facts) : invoiceLines(rng, lexicon, facts, options.maxLines ?? 60);
  const linesTotal = sum(lines.map((l) => l.amount));
  const documentDiscountPercent = kind === 'invoice' || kind === 'credit_note' ? (rng.chance(0.15) ? rng.pick([2, 3, 5, 10]) : 0) : 0;
  const groups = vatGroups(lines, documentDiscountPercent, pricesIncludeVat);
  const subtotal = sum(groups.map((g) => g.net));
  const vat = sum(groups.map((g) => g.vat));
  const gross = subtotal + vat;
  const payment = kind === 'receipt' ? receiptPayment(rng) : undefined;
  const step = payment?.method === 'cash' ? facts.cash_rounding : kind === 'invoice' && country === 'SE' && rng.chance(0.5) ? 100 : 0;
  const total = step ? Math.round(gross / step) * step : gross;
  if (payment?.method === 'cash') {
    payment.tendered = Math.ceil((total + rng.int(0, 3000)) / 500) * 500;
    payment.change = payment.tendered - total;
  }
  const paid = kind === 'invoice' && rng.chance(0.12) ? Math.round((total * rng.pick([20, 30, 50])) / 100) : 0;
  const previousBalance = kind === 'utility_bill' ? rng.pick([0, rng.int(1000, 20000), rng.int(1000, 20000)]) : 0;
  const paymentsCredits = kind === 'utility_bill' && previousBalance ? (rng.chance(0.7) ? previousBalance : rng.int(0, previousBalance)) : 0;
  const number = numberOf(rng, issueDate);
  return {
    kind, language, lexicon, country, facts, currency: facts.currency, sign, number, issueDate,
    dueDate: kind === 'receipt' ? undefined : addDays(issueDate, rng.pick([7, 10, 14, 14, 21, 30, 30])),
    reference: kind === 'credit_note' ? numberOf(rng, addDays(issueDate, -rng.int(3, 60))) : undefined,
    vendor, customer, banks: accounts, pricesIncludeVat, lines, linesTotal,
    documentDiscountPercent, documentDiscount: sum(groups.map((g) => g.discount)),
    groups: groups.map(({ rate, net, vat, gross }) => ({ rate, net, vat, gross })),
    subtotal, vat, rounding: total - gross, total, paid, previousBalance, paymentsCredits,
    amountDue: total - paid + previousBalance - paymentsCredits,
    payment,
    bill: kind === 'utility_bill' ? billDetails(rng, lines, issueDate, customer!) : undefined,
  };
}

function numberOf(rng: Rng, date: IsoDate): string {
  return numberIn(rng, rng.pick(NUMBER_PATTERNS), date);
}

/** A document number in `pattern` (one of NUMBER_PATTERNS) for a document issued on `date`. */
export function numberIn(rng: Rng, pattern: string, date: IsoDate): string {
  const filled = pattern
    .replace('{YYYY}', String(date.year)).replace('{YY}', String(date.year % 100).padStart(2, '0')).replace('{MM}', String(date.month).padStart(2, '0'));
  return rng.pattern(filled);
}

function invoiceLines(rng: Rng, lexicon: Lexicon, facts: CountryFacts, maxLines: number): Line[] {
  const count = Math.min(maxLines, rng.chance(0.15) ? rng.int(25, 60) : rng.int(1, 12));
  const rates = rng.shuffle(facts.vat_rates).slice(0, rng.weighted({ 1: 10, 2: 5, 3: 2, 4: 1 } as const) === '1' ? 1 : rng.int(2, Math.min(4, facts.vat_rates.length)));
  const withCodes = rng.chance(0.5);
  const withEan = rng.chance(0.2);
  const discounts = rng.chance(0.2);
  return Array.from({ length: count }, (_, i) => {
    const service = rng.chance(0.35);
    const unit = service ? rng.pick([lexicon.units.hour, lexicon.units.month, lexicon.units.piece]) : rng.chance(0.1) ? lexicon.units.kg : lexicon.units.piece;
    const quantityMilli = unit === lexicon.units.kg || unit === lexicon.units.hour ? rng.int(1, 80) * 250 : rng.int(1, 24) * 1000;
    const price = rng.int(50, service ? 25000 : 9000);
    const discountPercent = discounts && rng.chance(0.4) ? rng.pick([5, 10, 15, 20]) : 0;
    return line({
      description: rng.pick(service ? lexicon.services : lexicon.products),
      code: withCodes ? rng.pattern(rng.pick(['AA-####', '#####', 'ART###', 'P-##-###'])) : undefined,
      ean: withEan && !service ? ean13(rng) : undefined,
      quantityMilli, unit, price, priceScale: 2, discountPercent,
      vatRate: rates[i % rates.length]!,
    });
  });
}

function receiptLines(rng: Rng, lexicon: Lexicon, facts: CountryFacts): Line[] {
  const rates = facts.vat_rates.filter((r) => r > 0).slice(0, rng.int(1, 2));
  return Array.from({ length: rng.int(1, 14) }, () => {
    const weighed = rng.chance(0.2);
    return line({
      description: rng.pick(lexicon.receipt_items),
      quantityMilli: weighed ? rng.int(150, 2500) : rng.int(1, 4) * 1000,
      unit: weighed ? lexicon.units.kg : lexicon.units.piece,
      price: rng.int(29, 1999), priceScale: 2, discountPercent: 0,
      vatRate: rng.pick(rates),
    });
  });
}

function utilityLines(rng: Rng, lexicon: Lexicon, facts: CountryFacts): Line[] {
  const rate = facts.vat_rates[0]!;
  const energy = rng.chance(0.6);
  const items = energy ? lexicon.utility_items.slice(0, 4) : lexicon.utility_items.slice(4, 6).concat(lexicon.utility_items[2]!);
  const water = rng.int(3, 60) * 1000;
  return items.map((description, i) => {
    const metered = i < 2;
    return line({
      description,
      // Water and wastewater are billed on the same metered volume.
      quantityMilli: metered ? (energy ? rng.int(20, 900) * 1000 : water) : 1000,
      unit: metered ? (energy ? lexicon.units.kwh : lexicon.units.m3) : lexicon.units.month,
      price: metered ? rng.int(300, energy ? 3500 : 45000) : rng.int(150, 1500) * 100,
      priceScale: 4, discountPercent: 0, vatRate: rate,
    });
  });
}

function line(fields: Omit<Line, 'amount'>): Line {
  const amount = roundDiv(fields.quantityMilli * fields.price * (100 - fields.discountPercent), 1000 * 10 ** (fields.priceScale - 2) * 100);
  return { ...fields, amount };
}

/** numerator / denominator rounded half up, in integers (no 2.675 → 2.67 surprises). */
export function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

function vatGroups(lines: Line[], discountPercent: number, pricesIncludeVat: boolean): (VatGroup & { discount: number })[] {
  const rates = [...new Set(lines.map((l) => l.vatRate))].sort((a, b) => b - a);
  return rates.map((rate) => {
    const amount = sum(lines.filter((l) => l.vatRate === rate).map((l) => l.amount));
    const discount = roundDiv(amount * discountPercent, 100);
    const base = amount - discount;
    // Rates like 25.5 are kept in tenths so the division is exact before rounding.
    const tenths = Math.round(rate * 10);
    if (pricesIncludeVat) {
      const vat = roundDiv(base * tenths, 1000 + tenths);
      return { rate, net: base - vat, vat, gross: base, discount };
    }
    const vat = roundDiv(base * tenths, 1000);
    return { rate, net: base, vat, gross: base + vat, discount };
  });
}

function receiptPayment(rng: Rng): Payment {
  return rng.chance(0.5) ? { method: 'cash' } : { method: 'card', cardLast4: rng.digits(4) };
}

function billDetails(rng: Rng, lines: Line[], issueDate: IsoDate, customer: Party): BillDetails {
  const periodEnd = addDays(issueDate, -rng.int(1, 10));
  const metered = lines.filter((l) => l.priceScale === 4 && l.quantityMilli > 1000);
  return {
    accountNumber: rng.pattern(rng.pick(['##########', '###-###-###', '#### #### ##'])),
    periodStart: addDays(periodEnd, -rng.pick([29, 30, 90])),
    periodEnd,
    serviceAddress: rng.chance(0.6) ? `${customer.street}, ${customer.city}` : undefined,
    // Day and night energy add up; water and wastewater are the same volume twice.
    consumption: { unit: metered[0]!.unit, value: (metered[0]!.unit === metered[1]?.unit && metered[0]!.quantityMilli === metered[1].quantityMilli ? metered[0]!.quantityMilli : sum(metered.map((l) => l.quantityMilli))) / 1000 },
    meter: rng.pattern('########'),
  };
}

export function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
