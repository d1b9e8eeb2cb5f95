// The label (<id>.expected.json) in the corpus format: the subset of DocumentFields the page shows.
// Values come from the model; a field is written only when the renderer marked it as printed.
// Credit-note amounts carry their printed minus sign.
import { isoOf } from './format.js';
import type { DocumentModel } from './model.js';
import type { Party } from './parties.js';

export interface SourceInfo {
  generator: string;
  seed: number;
  index: number;
  language: string;
  kind: string;
  output: 'pdf' | 'image';
  layout: string[];
  fonts: string[];
  degradation?: string[];
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function buildLabel(model: DocumentModel, marks: ReadonlySet<string>, source: SourceInfo): Record<string, Json> {
  const s = model.sign;
  const money = (cents: number): number => cents / 100;
  const label: Record<string, Json> = {};
  const put = (path: string, value: Json | undefined): void => {
    if (value !== undefined && marks.has(path)) label[path] = value;
  };
  put('document_number', model.number);
  put('issue_date', isoOf(model.issueDate));
  put('due_date', model.dueDate ? isoOf(model.dueDate) : undefined);
  put('currency', model.currency);
  put('subtotal', money(s * model.subtotal));
  put('vat_amount', money(s * model.vat));
  if (model.rounding) put('rounding', money(s * model.rounding));
  put('total', money(s * model.total));
  put('amount_due', money(s * model.amountDue));
  put('account_number', model.bill?.accountNumber);
  put('previous_balance', money(model.previousBalance));
  put('payments_credits', money(model.paymentsCredits));
  put('service_address', model.bill?.serviceAddress);
  if (model.bill && marks.has('consumption')) label.consumption = { unit: model.bill.consumption.unit, value: model.bill.consumption.value };

  const groups = model.groups.map((g, i) => pick(marks, `vat_rates[${i}]`, { rate: g.rate, net: money(s * g.net), vat: money(s * g.vat), gross: money(s * g.gross) }));
  if (groups.some((g) => Object.keys(g).length > 0)) label.vat_rates = groups.filter((g) => Object.keys(g).length > 0);

  for (const role of ['vendor', 'customer'] as const) {
    const party = model[role];
    if (party) {
      const fields = pick(marks, role, partyFields(party));
      if (Object.keys(fields).length > 0) label[role] = fields;
    }
  }

  const lines = model.lines.map((line, i) => {
    const quantity = (s * line.quantityMilli) / 1000;
    const price = line.price / 10 ** line.priceScale;
    return pick(marks, `line_items[${i}]`, model.pricesIncludeVat
      ? { description: line.description, quantity, unit_price: price, total: money(line.amount) }
      : { description: line.description, code: line.code, ean: line.ean, quantity, net_unit_price: price, vat_rate: line.vatRate, subtotal: money(s * line.amount) });
  });
  label.line_items = lines;

  const banks = model.banks.map((b, i) => pick(marks, `banks[${i}]`, { name: b.name, iban: b.iban, swift_bic: b.bic }));
  if (banks.some((b) => Object.keys(b).length > 0)) label.banks = banks;

  if (model.payment && marks.has('payment.method')) {
    const p = model.payment;
    label.payment = pick(marks, 'payment', { method: p.method, tendered: p.tendered === undefined ? undefined : money(p.tendered), change: p.change === undefined ? undefined : money(p.change), card_last4: p.cardLast4, amount: money(model.total) });
  }

  label._source = source as unknown as Json;
  return label;
}

function partyFields(party: Party): Record<string, Json | undefined> {
  return { name: party.name, registry_code: party.registryCode, vat_id: party.vatId, address: party.street, postal_code: party.postalCode, city: party.city, country: party.country, email: party.email, phone: party.phone };
}

function pick(marks: ReadonlySet<string>, prefix: string, values: Record<string, Json | undefined>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined && marks.has(`${prefix}.${key}`)) out[key] = value;
  return out;
}
