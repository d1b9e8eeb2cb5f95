// A credit note's amounts come out negative whichever way it is read: from its embedded XML (CII 381
// or UBL CreditNote, amounts positive) or from its page (total printed "-233,47 €" or unsigned).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { amountsOf, creditNoteCii, creditNotePage, creditNotes, creditNoteUbl, type CreditNote } from '../../tests/helpers/credit-note.js';
import { textPage } from '../../tests/helpers/text-page.js';
import { parseEInvoiceXml } from './einvoice/index.js';
import { extractFromRead } from './extract.js';

function read(note: CreditNote, xml?: { filename: string; xml: string }) {
  return extractFromRead({ pageCount: 1, pages: [textPage(creditNotePage(note))], warnings: [], ...(xml ? { embeddedXml: xml } : {}) }, {});
}

function assertNegative(note: CreditNote, outcome: ReturnType<typeof read>, path: string) {
  const { lineNets, net, vat, gross } = amountsOf(note);
  const f = outcome.extraction;
  const where = `${path}\n${creditNotePage(note)}\nwarnings: ${outcome.warnings.join('; ')}`;
  assert.equal(f.document_number, note.number, where);
  assert.equal(f.total, -gross, where);
  assert.equal(f.subtotal, -net, where);
  assert.equal(f.vat_amount, -vat, where);
  assert.equal(f.amount_due, -gross, where);
  assert.deepEqual(f.vat_rates, [{ rate: note.rate, net: -net, vat: -vat, gross: -gross }], where);
  assert.deepEqual(f.line_items.map((item) => item.subtotal), lineNets.map((n) => -n), where);
  for (const item of f.line_items) {
    assert.ok(item.total! < 0 && item.vat_amount! < 0 && item.amount === item.total, where);
    assert.ok(item.quantity! > 0, `quantities keep their sign: ${where}`);
  }
  assert.ok(!outcome.warnings.some((w) => /do_not_add_up/.test(w)), where);
}

test('a credit note read from its page: totals, VAT groups and line amounts are negative, however the total is printed', () => {
  fc.assert(fc.property(creditNotes(), (note) => assertNegative(note, read(note), 'page')), { numRuns: 40 });
});

test('the same credit note read from its embedded CII (381) or UBL CreditNote gives the same negative amounts', () => {
  fc.assert(
    fc.property(creditNotes(), fc.constantFrom('cii', 'ubl'), (note, syntax) => {
      const xml = syntax === 'cii' ? { filename: 'factur-x.xml', xml: creditNoteCii(note) } : { filename: 'xrechnung.xml', xml: creditNoteUbl(note) };
      const parsed = parseEInvoiceXml(xml.xml);
      assert.ok(parsed?.creditNote, 'the XML declares a credit note');
      assert.ok(parsed.fields.total! > 0, 'and writes its amounts positive');
      const outcome = read(note, xml);
      assert.ok(!outcome.warnings.some((w) => w.startsWith('embedded_xml')), outcome.warnings.join('; '));
      assertNegative(note, outcome, syntax);
      assert.deepEqual(outcome.extraction.vat_rates, read(note).extraction.vat_rates, 'both paths agree');
    }),
    { numRuns: 40 },
  );
});

test('an invoice whose XML is no credit note keeps its signs, though its page says "Gutschrift" (a self-billed invoice)', () => {
  const note: CreditNote = { number: 'SB-2024-4711', rate: 19, lines: [{ description: 'Desk lamp', quantity: 2, priceCents: 1000 }], title: 'Gutschrift (selbst ausgestellte Rechnung)', totalPrintedNegative: false };
  const invoiceXml = creditNoteCii(note).replace('<ram:TypeCode>381</ram:TypeCode>', '<ram:TypeCode>389</ram:TypeCode>');
  for (const outcome of [read(note), read(note, { filename: 'factur-x.xml', xml: invoiceXml })]) {
    assert.equal(outcome.extraction.total, 23.8);
    assert.equal(outcome.extraction.line_items[0]!.subtotal, 20);
  }
});

test('an invoice that names credit notes only in its terms is read as printed, its total marked to check the sign', () => {
  const page = `ACME SUPPLIES LTD                     Invoice no. 4711
Invoice date 05.01.2024
Widget A     2 x 40.00                80.00
Widget B     1 x 20.00                20.00
Subtotal                             100.00
VAT 20 %                              20.00
Total                                120.00
Returns within 30 days are refunded by a credit note to the card used.`;
  const outcome = extractFromRead({ pageCount: 1, pages: [textPage(page)], warnings: [] }, {});
  assert.equal(outcome.extraction.total, 120);
  assert.equal(outcome.extraction.subtotal, 100);
  assert.ok(outcome.warnings.some((w) => w.startsWith('credit_note_mentioned')), outcome.warnings.join('; '));
  assert.equal(outcome.field_status.total?.review, true);
  assert.ok(outcome.review_fields.includes('total'), outcome.review_fields.join(', '));
});

test('a credit note titled as one in its head is one, wherever else the page says so', () => {
  const page = `CREDIT NOTE                            No. CN-88
ACME SUPPLIES LTD                      Date 05.01.2024
Returned goods                                    50.00
Total                                             50.00
A credit note reduces the amount you owe.`;
  const outcome = extractFromRead({ pageCount: 1, pages: [textPage(page)], warnings: [] }, {});
  assert.equal(outcome.extraction.total, -50);
  assert.ok(!outcome.warnings.some((w) => w.startsWith('credit_note_mentioned')), outcome.warnings.join('; '));
});
