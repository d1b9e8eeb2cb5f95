// The engine's fields as the API returns them: an upload over real HTTP comes back with its values,
// a confidence and a status per field, regions on the page, and a review list when the totals disagree.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const invoice = (total: string) => [
  'Põhjala Kaubandus OÜ',
  'Tartu mnt 10, 10115 Tallinn, Estonia',
  'KMKR: EE100931558',
  'Arve nr: 2024-17',
  'Kuupäev: 05.01.2024',
  'Maksetähtaeg: 19.01.2024',
  'Saaja: Müük AS',
  'Summa käibemaksuta: 100,00 EUR',
  'Käibemaks 22%: 22,00 EUR',
  `Kokku: ${total} EUR`,
  'IBAN: EE38 2200 2210 2014 5685',
];

describe('extracted fields over the API', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const upload = async (lines: string[]) => {
    const pdf = await textPdf([lines]);
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'arve.pdf', bytes: pdf }], { regions: 'true' }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };

  test('an Estonian invoice: every printed field, normalised, with statuses, and stored as returned', async () => {
    const doc = await upload(invoice('122,00'));
    const e = doc.extraction;
    assert.equal(doc.is_document, true);
    assert.deepEqual(
      [e.document_number, e.issue_date, e.due_date, e.currency, e.subtotal, e.vat_amount, e.total],
      ['2024-17', '2024-01-05', '2024-01-19', 'EUR', 100, 22, 122],
    );
    assert.equal(e.vendor.name, 'Põhjala Kaubandus OÜ');
    assert.equal(e.vendor.vat_id, 'EE100931558');
    assert.equal(e.vendor.postal_code, '10115');
    assert.equal(e.vendor.city, 'Tallinn');
    assert.equal(e.customer.name, 'Müük AS');
    assert.equal(e.banks[0].iban, 'EE382200221020145685');
    assert.equal(doc.field_status.total.status, 'read');
    assert.equal(doc.field_status.amount_due.status, 'derived', 'no amount due is printed: it comes from the total');
    assert.equal(e.amount_due, 122);
    assert.ok(doc.field_confidence.total > 0.6 && doc.field_confidence.total <= 1);
    // Which values are marked is the calibration's (models/confidence.json), by one threshold: every
    // value marked is less probable than every value not marked. Amounts that add up are not marked,
    // and nothing is missing.
    for (const key of ['total', 'subtotal', 'vat_amount']) assert.ok(!doc.review_fields.includes(key), `${key} in ${doc.review_fields}`);
    const probabilities = (review: boolean) => Object.keys(doc.field_confidence).filter((path) => doc.field_status[path].review === review).map((path) => doc.field_confidence[path]);
    assert.ok(Math.max(0, ...probabilities(true)) < Math.min(...probabilities(false)), JSON.stringify(doc.field_confidence));
    assert.ok(!doc.warnings.some((w: string) => w.startsWith('key_field_not_found')), doc.warnings.join(' | '));
    assert.equal(doc.regions.total.page, 1);
    assert.equal(doc.regions.total.normalized_value, 122);

    const again = await server.api(`/api/v1/documents/${doc.id}`);
    assert.deepEqual(again.body.data.extraction, e);
  });

  test('a total that does not add up is marked for review and explained, not silently corrected', async () => {
    const doc = await upload(invoice('123,00'));
    assert.equal(doc.extraction.total, 123);
    for (const path of ['subtotal', 'vat_amount', 'total']) {
      assert.ok(doc.review_fields.includes(path), `${path} in ${doc.review_fields}`);
      assert.equal(doc.field_status[path].status, 'review');
    }
    assert.ok(doc.warnings.some((w: string) => w.startsWith('totals_do_not_add_up')), doc.warnings.join());
  });

  test('an item table: every line with its members, statuses and regions, the VAT breakdown built from the lines', async () => {
    const doc = await upload([
      'Rechnung Nr. 4711',
      'Datum: 05.01.2024',
      // Helvetica draws spaces narrower than letters: rows of equal widths keep their columns.
      'Bezeichnung                Menge        Preis         MwSt         Betrag',
      'Schrauben A                2            15,00         19 %         30,00',
      'Schrauben B                1            12,00         16 %         12,00',
      'Zwischensumme                                                      42,00',
      'Umsatzsteuer                                                        7,62',
      'Gesamtbetrag                                                       49,62',
    ]);
    const items = doc.extraction.line_items;
    assert.deepEqual(
      items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.net_unit_price, i.vat_rate, i.subtotal, i.vat_amount, i.total, i.amount]),
      [
        ['Schrauben A', 2, 15, 19, 30, 5.7, 35.7, 35.7],
        ['Schrauben B', 1, 12, 16, 12, 1.92, 13.92, 13.92],
      ],
    );
    assert.equal(doc.field_status['line_items[0].subtotal'].status, 'read');
    assert.equal(doc.field_status['line_items[0].total'].status, 'derived');
    assert.equal(doc.regions['line_items[1].description'].page, 1);
    assert.deepEqual(doc.extraction.vat_rates, [
      { rate: 19, net: 30, vat: 5.7, gross: 35.7 },
      { rate: 16, net: 12, vat: 1.92, gross: 13.92 },
    ]);
    assert.equal(doc.field_status['vat_rates[0].vat'].status, 'derived');
  });

  test('a page of prose is not a document: empty extraction and a warning', async () => {
    const doc = await upload(['The committee met on a Tuesday.', 'Minutes were read and approved.', 'Nobody objected to anything.']);
    assert.equal(doc.is_document, false);
    assert.deepEqual(doc.extraction, { line_items: [] });
    assert.ok(doc.warnings.some((w: string) => w.startsWith('not_a_document')));
    // Not a document is a judgement a person checks: it is listed for review.
    const review = await server.api('/api/v1/documents?filter=review&limit=100');
    assert.ok(review.body.data.items.some((item: { id: string }) => item.id === doc.id), JSON.stringify(review.body));
  });
});
