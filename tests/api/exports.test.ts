// Exports of approved documents through the real service, opened as the importing product would:
// the generic VAT-rate sheet, Xero's and QuickBooks Online's bill CSV, a DATEV Buchungsstapel and
// the EN 16931 UBL e-invoices (a zip on the desk, a folder from the CLI), plus --business left out.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { textPdf } from '../helpers/fixtures.js';
import { runCli } from '../helpers/process.js';
import { csvRecords, loadSchematron, parseCsv, unzip, type Schematron } from '../helpers/read-export.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'a long enough password';
const RANGE = 'from=2024-03-01&to=2024-03-31';

const PAGE = [
  'Müller & Söhne GmbH',
  'Hauptstraße 1, 10115 Berlin',
  'USt-IdNr. DE811907980',
  'RECHNUNG',
  'Rechnung Nr. RE-2024-001',
  'Rechnungsdatum 05.03.2024',
  'Pos Beschreibung Menge Einzelpreis MwSt Betrag',
  '1 Beratung 2 25,00 19% 50,00',
  '2 Bücher 4 25,00 7% 100,00',
  'MwSt-Satz Netto MwSt Brutto',
  '19% 50,00 9,50 59,50',
  '7% 100,00 7,00 107,00',
  'Summe netto 150,00',
  'Summe MwSt 16,50',
  'Gesamtbetrag 166,50 EUR',
];

type Correction = { path: string; value: string | number | null };

/** Every value an e-invoice takes, set by a person on the desk whatever the engine read. */
function complete(sign: 1 | -1, number: string): Correction[] {
  const amount = (value: number) => sign * value;
  return [
    { path: 'document_number', value: number },
    { path: 'issue_date', value: '2024-03-05' },
    { path: 'due_date', value: '2024-04-04' },
    { path: 'currency', value: 'EUR' },
    { path: 'account_number', value: 'K-1001' },
    { path: 'subtotal', value: amount(150) },
    { path: 'vat_amount', value: amount(16.5) },
    { path: 'total', value: amount(166.5) },
    { path: 'amount_due', value: amount(166.5) },
    ...[
      [19, 50, 9.5, 59.5],
      [7, 100, 7, 107],
    ].flatMap(([rate, net, vat, gross], i) => [
      { path: `vat_rates[${i}].rate`, value: rate! },
      { path: `vat_rates[${i}].net`, value: amount(net!) },
      { path: `vat_rates[${i}].vat`, value: amount(vat!) },
      { path: `vat_rates[${i}].gross`, value: amount(gross!) },
    ]),
    { path: 'vendor.name', value: 'Müller & Söhne GmbH' },
    { path: 'vendor.vat_id', value: 'DE811907980' },
    { path: 'vendor.address', value: 'Hauptstraße 1' },
    { path: 'vendor.postal_code', value: '10115' },
    { path: 'vendor.city', value: 'Berlin' },
    { path: 'vendor.country', value: 'DE' },
    { path: 'vendor.email', value: 'rechnung@mueller.example' },
    { path: 'customer.name', value: 'Nordic Consulting OÜ' },
    { path: 'customer.vat_id', value: 'EE100931558' },
    { path: 'customer.address', value: 'Narva mnt 5' },
    { path: 'customer.postal_code', value: '10117' },
    { path: 'customer.city', value: 'Tallinn' },
    { path: 'customer.country', value: 'EE' },
  ];
}

describe('exports for import', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let business: string;
  let schematron: Schematron | string;
  const ids: Record<'invoice' | 'credit' | 'incomplete', string> = { invoice: '', credit: '', incomplete: '' };

  async function approved(name: string, corrections: Correction[]): Promise<string> {
    const pdf = await textPdf([PAGE]);
    const uploaded = await owner.call('POST', '/business/documents', { body: formData([{ field: 'file', name, bytes: pdf, type: 'application/pdf' }]) });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    const id = uploaded.body.data.id as string;
    const corrected = await owner.call('PUT', `/business/documents/${id}/fields`, { json: { corrections } });
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
    assert.equal((await owner.call('POST', `/business/documents/${id}/approve`)).status, 200);
    return id;
  }

  const download = (query: string) => fetch(`${server.baseUrl}/dashboard/api/business/export?${query}`, { headers: { cookie: owner.cookie, 'x-business-id': business } });
  const store = () => ({ LEDGERLENS_DATA_DIR: server.dataDir, DATABASE_URL: server.services.config.databaseUrl ?? '' });

  before(async () => {
    server = await startTestServer();
    await server.services.owners.create('books@example.com', PASSWORD);
    owner = await signIn(server.baseUrl, 'books@example.com', PASSWORD);
    business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    owner.business = business;
    schematron = await loadSchematron();
    ids.invoice = await approved('invoice.pdf', complete(1, 'RE-2024-001'));
    ids.credit = await approved('credit-note.pdf', complete(-1, 'GS-2024-007'));
    // No buyer reference and no buyer VAT number: nothing to address a Peppol e-invoice to.
    ids.incomplete = await approved('walk-in.pdf', [...complete(1, 'RE-2024-002').filter((c) => !c.path.startsWith('customer.') && c.path !== 'account_number'), { path: 'account_number', value: null }, { path: 'customer.name', value: 'Walk-in customer' }, { path: 'customer.vat_id', value: null }]);
  });
  after(async () => {
    await server.close();
  });

  test('the generic sheets carry the document type, both parties and net, VAT and gross per rate, a credit note negative', async () => {
    const documents = csvRecords(await (await download(`${RANGE}&state=approved`)).text());
    const invoice = documents.find((d) => d['document_id'] === ids.invoice)!;
    assert.equal(invoice['document_type'], 'invoice');
    assert.deepEqual([invoice['vendor_vat_id'], invoice['vendor_street'], invoice['vendor_city'], invoice['customer_vat_id'], invoice['customer_country']], ['DE811907980', 'Hauptstraße 1', 'Berlin', 'EE100931558', 'EE']);
    assert.equal(documents.find((d) => d['document_id'] === ids.credit)!['document_type'], 'credit_note');

    const rates = csvRecords(await (await download(`${RANGE}&sheet=vat_rates`)).text());
    const of = (id: string) => rates.filter((r) => r['document_id'] === id).map((r) => [r['vat_rate'], r['net'], r['vat'], r['gross']]);
    assert.deepEqual(of(ids.invoice), [['19', '50', '9.5', '59.5'], ['7', '100', '7', '107']]);
    assert.deepEqual(of(ids.credit), [['19', '-50', '-9.5', '-59.5'], ['7', '-100', '-7', '-107']]);
  });

  test('Xero bills: its template columns, net unit amounts with the VAT beside them, one bill per invoice number', async () => {
    const response = await download(`format=xero&${RANGE}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-disposition')!, /filename="ledgerlens-xero-bills-2024-03-01-to-2024-03-31\.csv"/u);
    const text = await response.text();
    assert.ok(text.startsWith('*ContactName,EmailAddress,POAddressLine1,'), 'no byte-order mark before the first column');
    const header = parseCsv(text)[0]!;
    for (const column of ['*InvoiceNumber', '*InvoiceDate', '*DueDate', 'Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'TaxAmount', 'Currency']) assert.ok(header.includes(column), column);
    const rows = csvRecords(text);
    const bill = (number: string) => rows.filter((r) => r['*InvoiceNumber'] === number);
    const net = (number: string) => Math.round(bill(number).reduce((sum, r) => sum + Number(r['*Quantity']) * Number(r['*UnitAmount']), 0) * 100) / 100;
    const vat = (number: string) => Math.round(bill(number).reduce((sum, r) => sum + Number(r['TaxAmount']), 0) * 100) / 100;
    assert.deepEqual([net('RE-2024-001'), vat('RE-2024-001'), net('GS-2024-007'), vat('GS-2024-007')], [150, 16.5, -150, -16.5]);
    const first = bill('RE-2024-001')[0]!;
    assert.deepEqual([first['*ContactName'], first['POCity'], first['POCountry'], first['*InvoiceDate'], first['*DueDate'], first['Currency'], first['*AccountCode']], ['Müller & Söhne GmbH', 'Berlin', 'DE', '2024-03-05', '2024-04-04', 'EUR', '']);
  });

  test('QuickBooks Online bills: one row per line, line amounts net of tax', async () => {
    const rows = csvRecords(await (await download(`format=quickbooks&${RANGE}`)).text());
    assert.deepEqual(Object.keys(rows[0]!).slice(0, 4), ['Bill no', 'Supplier', 'Bill Date', 'Due Date']);
    const sum = (number: string, column: string) => Math.round(rows.filter((r) => r['Bill no'] === number).reduce((total, r) => total + Number(r[column]), 0) * 100) / 100;
    assert.deepEqual([sum('RE-2024-001', 'Line Amount'), sum('RE-2024-001', 'Line Tax Amount'), sum('GS-2024-007', 'Line Amount')], [150, 16.5, -150]);
    assert.ok(rows.every((r) => r['Supplier'] === 'Müller & Söhne GmbH' && r['Account'] === '' && r['Line Tax Code'] === ''));
  });

  test('DATEV Buchungsstapel: the EXTF header, the column line, a gross booking per VAT rate in Windows-1252', async () => {
    const response = await download(`format=datev&${RANGE}&datev_consultant=29098&datev_client=55003`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-disposition')!, /filename="EXTF_ledgerlens-buchungsstapel-/u);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.ok(bytes.includes(Buffer.from([0xfc])) && !bytes.includes(Buffer.from('ü', 'utf8')), '"ü" is one Windows-1252 byte');
    const text = bytes.toString('latin1');
    assert.ok(text.endsWith('\r\n'));
    const [header, columns, ...bookings] = parseCsv(text.trimEnd(), ';');
    assert.deepEqual(header!.slice(0, 5), ['EXTF', '700', '21', 'Buchungsstapel', '13']);
    assert.match(header![5]!, /^\d{17}$/u);
    assert.deepEqual([header![10], header![11], header![12], header![13], header![14], header![15], header![21]], ['29098', '55003', '20240101', '4', '20240305', '20240305', 'EUR']);
    assert.equal(header!.length, 31);
    assert.deepEqual(columns!.slice(0, 3), ['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz']);
    assert.equal(columns![13], 'Buchungstext');
    const of = (number: string) => bookings.filter((b) => b[10] === number).map((b) => [b[0], b[1], b[2], b[6], b[8], b[9]]);
    assert.deepEqual(of('RE-2024-001'), [['59,50', 'S', 'EUR', '', '', '0503'], ['107,00', 'S', 'EUR', '', '', '0503']]);
    assert.deepEqual(of('GS-2024-007'), [['59,50', 'H', 'EUR', '', '', '0503'], ['107,00', 'H', 'EUR', '', '', '0503']]);
    assert.match(bookings[0]![13]!, /^Müller & Söhne GmbH 19% USt$/u);

    const bad = await download(`format=datev&datev_client=abc`);
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'invalid_request');
  });

  test('UBL: each approved invoice an EN 16931 / Peppol e-invoice in one zip, the incomplete one refused by name', async (t) => {
    const response = await download(`format=ubl&${RANGE}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    const names = [...entries.keys()].sort();
    assert.deepEqual(names, [`GS-2024-007_${ids.credit}.xml`, `RE-2024-001_${ids.invoice}.xml`, 'refused.txt']);
    const invoice = entries.get(`RE-2024-001_${ids.invoice}.xml`)!.toString('utf8');
    const credit = entries.get(`GS-2024-007_${ids.credit}.xml`)!.toString('utf8');
    assert.match(invoice, /<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/u);
    assert.match(credit, /<CreditNote [^>]*>[\s\S]*<cbc:PayableAmount currencyID="EUR">166\.50</u);
    const refused = entries.get('refused.txt')!.toString('utf8');
    assert.match(refused, new RegExp(`walk-in\\.pdf \\(RE-2024-002\\), ${ids.incomplete}: BT-10 buyer reference .*BT-49 buyer electronic address`, 'u'));
    if (typeof schematron === 'string') t.diagnostic(`schematron not run: ${schematron}`);
    else for (const xml of [invoice, credit]) assert.deepEqual(schematron.check(xml).filter((f) => f.flag === 'fatal'), [], xml);

    const notApproved = await download('format=ubl&state=needs_review');
    assert.equal(notApproved.status, 400);
    assert.match(((await notApproved.json()) as { error: { message: string } }).error.message, /approved documents only/u);
    assert.equal((await download('format=ubl&from=2030-01-01')).status, 400);
  });

  test('the CLI writes one XML per approved document into a folder, names the refused one, and exits 1', async () => {
    const out = await mkdtemp(join(tmpdir(), 'ledgerlens-ubl-'));
    try {
      const cli = await runCli(['export', '--business', business, '--format', 'ubl', '--from', '2024-03-01', '--to', '2024-03-31', '--out', out], store());
      assert.equal(cli.code, 1, cli.stderr);
      assert.match(cli.stderr, new RegExp(`refused: walk-in\\.pdf \\(RE-2024-002\\), ${ids.incomplete}: BT-10`, 'u'));
      assert.deepEqual((await readdir(out)).sort(), [`GS-2024-007_${ids.credit}.xml`, `RE-2024-001_${ids.invoice}.xml`]);
      assert.match(await readFile(join(out, `RE-2024-001_${ids.invoice}.xml`), 'utf8'), /<cbc:ID>RE-2024-001<\/cbc:ID>/u);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
    const several = await runCli(['export', '--format', 'xero'], store());
    assert.equal(several.code, 2);
    assert.match(several.stderr, /businesses: choose one with --business/u);
    assert.equal((await runCli(['export', '--business', business, '--format', 'ubl'], store())).code, 2, '--format ubl needs --out DIR');
  });
});

test('with one business, export and the other per-business commands need no --business', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-one-business-'));
  const env = { LEDGERLENS_DATA_DIR: dataDir };
  try {
    assert.equal((await runCli(['keys', 'create', '--business', 'Solo OÜ'], env)).code, 0);
    const exported = await runCli(['export', '--format', 'quickbooks'], env);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(exported.stdout.trim(), 'Bill no,Supplier,Bill Date,Due Date,Memo,Account,Line Description,Line Amount,Line Tax Code,Line Tax Amount,Currency');
    const senders = await runCli(['senders', 'list'], env);
    assert.equal(senders.code, 0, senders.stderr);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
