// The figures of generated documents add up, for documents drawn at random over seeds and indexes:
// lines, VAT groups, totals, rounding, amounts due, credit-note signs, identifiers' check digits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isValidIBAN } from 'ibantools';
import { checkVAT, countries } from 'jsvat';
import { generateDocument } from './generate.js';
import type { GeneratedDocument } from './generate.js';

const close = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) < 0.0051, `${what}: ${a} vs ${b}`);
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function checkModel({ model: m }: GeneratedDocument): void {
  for (const line of m.lines) {
    const exact = ((line.quantityMilli / 1000) * (line.price / 10 ** line.priceScale) * (100 - line.discountPercent)) / 100;
    close(line.amount / 100, exact, `line ${line.description}`);
  }
  assert.equal(m.linesTotal, sum(m.lines.map((l) => l.amount)));
  assert.equal(sum(m.groups.map((g) => (m.pricesIncludeVat ? g.gross : g.net))), m.linesTotal - m.documentDiscount);
  for (const g of m.groups) {
    assert.equal(g.net + g.vat, g.gross);
    const base = m.pricesIncludeVat ? (g.gross * g.rate) / (100 + g.rate) : (g.net * g.rate) / 100;
    close(g.vat / 100, base / 100, `VAT at ${g.rate}`);
    assert.ok(m.lines.some((l) => l.vatRate === g.rate), 'every group has lines');
  }
  assert.equal(sum(m.groups.map((g) => g.net)), m.subtotal);
  assert.equal(sum(m.groups.map((g) => g.vat)), m.vat);
  assert.equal(m.subtotal + m.vat + m.rounding, m.total);
  assert.ok(Math.abs(m.rounding) < 100, 'rounding stays below one unit');
  assert.equal(m.amountDue, m.total - m.paid + m.previousBalance - m.paymentsCredits);
  if (m.payment?.method === 'cash') assert.equal(m.payment.tendered! - m.payment.change!, m.total);
  assert.ok(checkVAT(m.vendor.vatId!, countries).isValid, m.vendor.vatId);
  for (const bank of m.banks) assert.ok(isValidIBAN(bank.iban), bank.iban);
}

type Label = Record<string, any>;

function checkLabel(label: Label, kind: string): void {
  const num = (key: string): number | undefined => label[key];
  const [subtotal, vat, rounding, total] = [num('subtotal'), num('vat_amount'), num('rounding') ?? 0, num('total')];
  assert.equal(typeof total, 'number', 'every document labels its total');
  if (subtotal !== undefined && vat !== undefined) close(subtotal + vat + rounding, total!, 'subtotal + VAT + rounding = total');
  const groups: Label[] = label.vat_rates ?? [];
  if (groups.length && groups.every((g) => g.net !== undefined) && subtotal !== undefined) close(sum(groups.map((g) => g.net)), subtotal, 'groups net');
  if (groups.length && groups.every((g) => g.vat !== undefined) && vat !== undefined) close(sum(groups.map((g) => g.vat)), vat, 'groups VAT');
  for (const g of groups) if (g.net !== undefined && g.gross !== undefined) close(g.net + g.vat, g.gross, 'group gross');
  for (const item of label.line_items as Label[]) {
    if (item.quantity !== undefined && item.net_unit_price !== undefined && item.subtotal !== undefined && !label._source.layout.some((p: string) => p.includes('discount'))) {
      close(item.quantity * item.net_unit_price, item.subtotal, `line ${item.description}`);
    }
    if (item.quantity !== undefined && item.unit_price !== undefined) close(item.quantity * item.unit_price, item.total, `receipt line ${item.description}`);
  }
  if (kind === 'utility_bill') close(total! + label.previous_balance - label.payments_credits, label.amount_due, 'bill amount due');
  if (kind === 'credit_note') {
    assert.ok(total! < 0 && (subtotal === undefined || subtotal < 0), 'credit note totals are negative');
    for (const item of label.line_items as Label[]) assert.ok(item.subtotal === undefined || item.subtotal < 0, 'credit note lines are negative');
  } else {
    assert.ok(total! > 0);
  }
  if (label.payment?.tendered !== undefined) close(label.payment.tendered - label.payment.change, total!, 'cash tendered − change');
}

test('figures add up and labels agree with them, for documents of any seed', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 5000 }), async (seed, index) => {
      const doc = await generateDocument(seed, index, { images: 0 });
      checkModel(doc);
      checkLabel(doc.label as Label, doc.model.kind);
    }),
    { numRuns: 40 },
  );
});

test('every kind appears and credit notes print negative amounts', async () => {
  const kinds = new Map<string, number>();
  for (let i = 0; i < 48; i++) {
    const doc = await generateDocument(7, i, { images: 0 });
    kinds.set(doc.model.kind, (kinds.get(doc.model.kind) ?? 0) + 1);
    checkModel(doc);
    checkLabel(doc.label as Label, doc.model.kind);
  }
  assert.deepEqual([...kinds.keys()].sort(), ['credit_note', 'invoice', 'receipt', 'utility_bill']);
});
