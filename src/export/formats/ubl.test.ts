// Documents as EN 16931 / Peppol BIS 3.0 UBL: invoices with line items or one line per VAT rate,
// credit notes, a zero rate at home and across a border, each read back and, where SaxonJS and the
// compiled schematron are here (tests/fixtures/schematron/README.md), without one failed fatal
// assertion; an incomplete document refused with the business terms it lacks.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { loadSchematron, type Schematron } from '../../../tests/helpers/read-export.js';
import type { DocumentFields } from '../../schemas/document-fields.schema.js';
import type { ExportedDocument } from '../columns.js';
import { ublInvoice } from './ubl.js';

const seller = { name: 'Müller & Söhne GmbH', vat_id: 'DE811907980', address: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE', email: 'rechnung@mueller.example', phone: '+49 30 123456' };
const buyer = { name: 'Nordic Consulting OÜ', vat_id: 'EE100931558', address: 'Narva mnt 5', postal_code: '10117', city: 'Tallinn', country: 'EE' };

const invoice: DocumentFields = {
  document_number: 'RE-2024-001',
  issue_date: '2024-03-05',
  due_date: '2024-04-04',
  currency: 'EUR',
  account_number: 'K-1001',
  subtotal: 150,
  vat_amount: 16.5,
  total: 166.5,
  amount_due: 166.5,
  vat_rates: [
    { rate: 19, net: 50, vat: 9.5, gross: 59.5 },
    { rate: 7, net: 100, vat: 7, gross: 107 },
  ],
  vendor: seller,
  customer: buyer,
  banks: [{ name: null, iban: 'DE89370400440532013000', swift_bic: 'COBADEFFXXX' }],
  line_items: [
    { description: 'Beratung', quantity: 2, unit: 'h', net_unit_price: 25, subtotal: 50, vat_rate: 19, vat_amount: 9.5, total: 59.5 },
    { description: 'Bücher', quantity: 3, unit: 'Stk', subtotal: 100, vat_rate: 7, vat_amount: 7, total: 107 },
  ],
};

const negated = (fields: DocumentFields): DocumentFields => ({
  ...fields,
  document_number: 'GS-2024-007',
  subtotal: -fields.subtotal!,
  vat_amount: -fields.vat_amount!,
  total: -fields.total!,
  amount_due: -fields.amount_due!,
  vat_rates: fields.vat_rates!.map((r) => ({ rate: r.rate, net: -r.net!, vat: -r.vat!, gross: -r.gross! })),
  line_items: fields.line_items.map((item) => ({ ...item, subtotal: -item.subtotal!, vat_amount: -item.vat_amount!, total: -item.total! })),
});

const exported = (extraction: DocumentFields): ExportedDocument => ({
  document: { id: 'doc_0123456789', filename: 'scan.pdf', created_at: '2024-03-06T08:00:00.000Z', review_fields: [], extraction } as unknown as ExportedDocument['document'],
  approvedAt: '2024-03-07T08:00:00.000Z',
  approvedBy: 'bookkeeper@example.com',
});

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });

function made(fields: DocumentFields): { xml: string; tree: Record<string, any> } {
  const outcome = ublInvoice(exported(fields));
  assert.ok(!('refused' in outcome), `refused: ${'refused' in outcome ? outcome.refused.join('; ') : ''}`);
  return { xml: outcome.xml, tree: parser.parse(outcome.xml) };
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe('EN 16931 UBL', () => {
  let schematron: Schematron | string;
  before(async () => {
    schematron = await loadSchematron();
  });

  function assertValid(xml: string, t: { diagnostic(message: string): void }) {
    if (typeof schematron === 'string') {
      t.diagnostic(`schematron not run: ${schematron}`);
      return;
    }
    const fatal = schematron.check(xml).filter((failed) => failed.flag === 'fatal');
    assert.deepEqual(fatal, [], xml);
  }

  test('an invoice with line items: its totals, VAT breakdown per rate and lines', (t) => {
    const { xml, tree } = made(invoice);
    const root = tree['Invoice'];
    assert.equal(root.ID, 'RE-2024-001');
    assert.equal(root.IssueDate, '2024-03-05');
    assert.equal(root.DueDate, '2024-04-04');
    assert.equal(root.InvoiceTypeCode, '380');
    assert.equal(root.DocumentCurrencyCode, 'EUR');
    assert.equal(root.AccountingSupplierParty.Party.EndpointID['@_schemeID'], '9930');
    assert.equal(root.AccountingCustomerParty.Party.PostalAddress.Country.IdentificationCode, 'EE');
    const totals = root.LegalMonetaryTotal;
    assert.deepEqual([totals.LineExtensionAmount['#text'], totals.TaxExclusiveAmount['#text'], totals.TaxInclusiveAmount['#text'], totals.PayableAmount['#text']], ['150.00', '150.00', '166.50', '166.50']);
    const subtotals = list(root.TaxTotal.TaxSubtotal).map((s: any) => [s.TaxCategory.ID, s.TaxCategory.Percent, s.TaxableAmount['#text'], s.TaxAmount['#text']]);
    assert.deepEqual(subtotals, [['S', '19', '50.00', '9.50'], ['S', '7', '100.00', '7.00']]);
    const lines = list(root.InvoiceLine);
    assert.deepEqual(lines.map((l: any) => [l.Item.Name, l.InvoicedQuantity['#text'], l.InvoicedQuantity['@_unitCode'], l.Price.PriceAmount['#text'], l.LineExtensionAmount['#text']]), [
      ['Beratung', '2', 'HUR', '25', '50.00'],
      // 100 / 3 to four decimals gives 100.00 back to the cent.
      ['Bücher', '3', 'H87', '33.3333', '100.00'],
    ]);
    assertValid(xml, t);
  });

  test('without line items, one line per VAT rate', (t) => {
    const { xml, tree } = made({ ...invoice, line_items: [] });
    const lines = list(tree['Invoice'].InvoiceLine);
    assert.deepEqual(lines.map((l: any) => [l.Item.Name, l.Item.ClassifiedTaxCategory.Percent, l.LineExtensionAmount['#text']]), [
      ['Invoice RE-2024-001, VAT 19%', '19', '50.00'],
      ['Invoice RE-2024-001, VAT 7%', '7', '100.00'],
    ]);
    assertValid(xml, t);
  });

  test('a credit note (negative amounts in the books) is a CreditNote with positive amounts', (t) => {
    const { xml, tree } = made(negated(invoice));
    const root = tree['CreditNote'];
    assert.ok(root, xml);
    assert.equal(root.CreditNoteTypeCode, '381');
    assert.equal(root.LegalMonetaryTotal.PayableAmount['#text'], '166.50');
    assert.deepEqual(list(root.CreditNoteLine).map((l: any) => l.CreditedQuantity['#text']), ['2', '3']);
    assertValid(xml, t);
  });

  test('a 0% rate: zero-rated at home, reverse charge between two countries; a paid receipt has nothing payable', (t) => {
    const zero = { ...invoice, subtotal: 100, vat_amount: 0, total: 100, amount_due: 0, vat_rates: [{ rate: 0, net: 100, vat: 0, gross: 100 }], line_items: [] };
    const home = made({ ...zero, customer: { ...buyer, vat_id: 'DE136695976', country: 'DE' } });
    assert.equal(home.tree['Invoice'].TaxTotal.TaxSubtotal.TaxCategory.ID, 'Z');
    assert.equal(home.tree['Invoice'].LegalMonetaryTotal.PrepaidAmount['#text'], '100.00');
    assert.equal(home.tree['Invoice'].LegalMonetaryTotal.PayableAmount['#text'], '0.00');
    assertValid(home.xml, t);
    const abroad = made({ ...zero, amount_due: 100 });
    assert.equal(abroad.tree['Invoice'].TaxTotal.TaxSubtotal.TaxCategory.ID, 'AE');
    assert.equal(abroad.tree['Invoice'].TaxTotal.TaxSubtotal.TaxCategory.TaxExemptionReasonCode, 'VATEX-EU-AE');
    assertValid(abroad.xml, t);
  });

  test('text is escaped, and no element is left empty', () => {
    const { xml } = made({ ...invoice, vendor: { ...seller, name: 'A <&> "B"', county: '' } });
    assert.match(xml, /A &lt;&amp;&gt; &quot;B&quot;/u);
    assert.doesNotMatch(xml, /<(cbc|cac):\w+\/>|<(cbc|cac):(\w+)><\/\1:\2>/u);
  });

  test('a document missing mandatory terms is refused with each of them named, and no XML', () => {
    const outcome = ublInvoice(exported({ ...invoice, document_number: null, currency: null, account_number: null, customer: { name: 'Walk-in customer' }, vat_rates: null, line_items: [], subtotal: null, vat_amount: null }));
    assert.ok('refused' in outcome);
    const terms = outcome.refused.map((reason) => reason.split(' ')[0]);
    assert.deepEqual(terms, ['BT-1', 'BT-5', 'BT-10', 'BT-49', 'BT-55', 'BG-23']);
  });

  test('amounts that do not add up are refused, naming the total that disagrees', () => {
    const outcome = ublInvoice(exported({ ...invoice, total: 170 }));
    assert.ok('refused' in outcome);
    assert.match(outcome.refused.join('; '), /^BT-112 total with VAT \(170\)/u);
  });

  test('from Germany to Germany, the German rules Peppol carries: the seller contact and payment instructions', () => {
    const outcome = ublInvoice(exported({ ...invoice, vendor: { ...seller, phone: null }, customer: { ...buyer, vat_id: 'DE136695976', country: 'DE' }, banks: null }));
    assert.ok('refused' in outcome);
    assert.deepEqual(outcome.refused.map((reason) => reason.split(' ')[0]), ['BT-42', 'BG-16']);
  });
});
