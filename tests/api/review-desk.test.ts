// The review desk's API over real HTTP: a person corrects fields of a stored document and
// approves it; the public API shows the corrected Document, and the document leaves filter=review.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { verifyCallback } from '../../src/delivery/verify-callback.js';
import { textPdf } from '../helpers/fixtures.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { runCli } from '../helpers/process.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'a long enough password';

describe('review desk API', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let business: string;
  let receiver: Receiver;

  before(async () => {
    server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' });
    receiver = await startReceiver();
    await server.services.owners.create('reviewer@example.com', PASSWORD);
    owner = await signIn(server.baseUrl, 'reviewer@example.com', PASSWORD);
    business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    owner.business = business;
  });
  after(async () => {
    await receiver.close();
    await server.close();
  });

  /** An invoice without a vendor or a number: both key fields are listed for review. */
  async function upload(name: string): Promise<{ id: string; review_fields: string[]; extraction: Record<string, unknown> }> {
    const pdf = await textPdf([['INVOICE', 'Date 05.01.2024', 'Description Qty Price Amount', 'Consulting services 1 100.00 100.00', 'Travel 1 25.00 25.00', 'Total 125.00 EUR']]);
    const response = await owner.call('POST', '/business/documents', { body: formData([{ field: 'file', name, bytes: pdf, type: 'application/pdf' }]) });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data;
  }

  const inReview = async () => (await owner.call('GET', '/business/documents?filter=review')).body.data.items.map((d: { id: string }) => d.id);

  test('corrected values are what the API shows, marked read, out of review_fields, with who and when kept', async () => {
    const document = await upload('no-vendor.pdf');
    assert.ok(document.review_fields.includes('vendor.name'), JSON.stringify(document.review_fields));
    assert.ok((await inReview()).includes(document.id));

    const corrected = await owner.call('PUT', `/business/documents/${document.id}/fields`, {
      json: { corrections: [{ path: 'vendor.name', value: 'Nordic Consulting OÜ' }, { path: 'total', value: 126.5 }] },
    });
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
    const shown = corrected.body.data;
    assert.equal(shown.extraction.vendor.name, 'Nordic Consulting OÜ');
    assert.equal(shown.extraction.total, 126.5);
    assert.deepEqual(shown.field_status['total'], { status: 'read', review: false });
    assert.equal(shown.field_confidence['vendor.name'], 1);
    assert.ok(!shown.review_fields.includes('vendor.name'));
    assert.ok(!shown.warnings.some((w: string) => w.startsWith('key_field_not_found: vendor.name ')));

    const api = await server.api(`/api/v1/documents/${document.id}`);
    assert.equal(api.body.data.extraction.total, 126.5);
    assert.equal(api.body.data.extraction.vendor.name, 'Nordic Consulting OÜ');

    const rows = await server.services.store.corrections.listFor(document.id);
    const total = rows.find((r) => r.path === 'total')!;
    assert.deepEqual([JSON.parse(total.before_json), JSON.parse(total.after_json), total.corrected_by], [125, 126.5, 'reviewer@example.com']);
    assert.match(total.corrected_at, /^\d{4}-\d{2}-\d{2}T/);

    // A second correction of a path overrides the first; its "before" is what the Document showed.
    await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections: [{ path: 'total', value: 125 }] } });
    const again = (await server.services.store.corrections.listFor(document.id)).filter((r) => r.path === 'total');
    assert.deepEqual(again.map((r) => [JSON.parse(r.before_json), JSON.parse(r.after_json)]), [[125, 126.5], [126.5, 125]]);
    assert.equal((await server.api(`/api/v1/documents/${document.id}`)).body.data.extraction.total, 125);
  });

  test('a value the field cannot hold is refused with 400 and nothing of the request is stored', async () => {
    const document = await upload('refused.pdf');
    assert.ok((document.extraction.line_items as unknown[]).length >= 1, JSON.stringify(document.extraction));
    const refused = async (path: string, value: unknown) => {
      const response = await owner.call('PUT', `/business/documents/${document.id}/fields`, {
        json: { corrections: [{ path: 'vendor.name', value: 'Stored only if all pass' }, { path, value }] },
      });
      assert.equal(response.status, 400, `${path}=${JSON.stringify(value)}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.error.code, 'invalid_request');
      return response.body.error.message as string;
    };
    assert.match(await refused('issue_date', '2024-02-30'), /YYYY-MM-DD/);
    assert.match(await refused('total', 'twelve'), /total is a number/);
    assert.match(await refused('banks[0].iban', 'EE38 2200 2210 2014 5680'), /checksum/);
    assert.match(await refused('vendor.vat_id', 'EE100931559'), /checksum/);
    assert.match(await refused('line_items[7].total', 10), /no such line_items entry/);
    assert.match(await refused('vendor', 'A whole party'), /not a field/);
    assert.match(await refused('vendor.shoe_size', 'A'), /not a field/);
    const twice = await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections: [{ path: 'total', value: 1 }, { path: 'total', value: 2 }] } });
    assert.equal(twice.status, 400);
    assert.deepEqual(await server.services.store.corrections.listFor(document.id), []);
    // Valid identifiers are stored in their electronic form.
    const ok = await owner.call('PUT', `/business/documents/${document.id}/fields`, {
      json: { corrections: [{ path: 'vendor.vat_id', value: 'EE100931558' }, { path: 'issue_date', value: '2024-02-29' }, { path: 'line_items[0].total', value: 100 }] },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.extraction.issue_date, '2024-02-29');
  });

  test('approval takes the document out of filter=review; another business cannot correct or approve it', async () => {
    const document = await upload('approve-me.pdf');
    assert.ok((await inReview()).includes(document.id));
    const other = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business B')!.id;
    assert.equal((await owner.call('POST', `/business/documents/${document.id}/approve`, { headers: { 'x-business-id': other } })).status, 404);
    assert.equal((await owner.call('PUT', `/business/documents/${document.id}/fields`, { headers: { 'x-business-id': other }, json: { corrections: [{ path: 'total', value: 1 }] } })).status, 404);

    const approved = await owner.call('POST', `/business/documents/${document.id}/approve`);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.ok(!(await inReview()).includes(document.id));
    const row = await server.services.store.documents.find(business, document.id);
    assert.equal(row?.approved_by, 'reviewer@example.com');
    // A correction after approval does not put it back.
    await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections: [{ path: 'document_number', value: null }] } });
    assert.ok(!(await inReview()).includes(document.id));
  });

  test('a document whose review fields are all corrected leaves filter=review; deleting it deletes its corrections', async () => {
    const document = await upload('fill-in.pdf');
    const value = (path: string) => (path.endsWith('date') ? '2024-01-05' : /(total|price|amount|quantity|subtotal|rate|vat)$/u.test(path) ? 1 : 'Filled in');
    const corrections = document.review_fields.map((path) => ({ path, value: value(path) }));
    const response = await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.data.review_fields, []);
    assert.ok(!(await inReview()).includes(document.id));
    assert.equal((await owner.call('DELETE', `/business/documents/${document.id}`)).status, 200);
    assert.deepEqual(await server.services.store.corrections.listFor(document.id), []);
  });

  test('document.reviewed is sent on approval only to a callback that asked for it, signed, with the corrected Document', async () => {
    const plain = await owner.call('PUT', '/business/callback', { json: { url: receiver.url, enabled: true } });
    assert.deepEqual(plain.body.data.events, ['document.processed']);
    const secret = plain.body.data.signing_secret as string;
    const quiet = await upload('quiet.pdf');
    await owner.call('POST', `/business/documents/${quiet.id}/approve`);
    await receiver.waitFor(1);

    const refused = await owner.call('PUT', '/business/callback', { json: { url: receiver.url, enabled: true, events: ['document.reviewed'] } });
    assert.equal(refused.status, 400);
    const opted = await owner.call('PUT', '/business/callback', { json: { url: receiver.url, enabled: true, events: ['document.processed', 'document.reviewed'] } });
    assert.deepEqual(opted.body.data.events, ['document.processed', 'document.reviewed']);
    // Leaving events out keeps the choice.
    assert.deepEqual((await owner.call('PUT', '/business/callback', { json: { url: receiver.url, enabled: true } })).body.data.events, ['document.processed', 'document.reviewed']);

    const document = await upload('reviewed.pdf');
    await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections: [{ path: 'total', value: 99.5 }] } });
    await owner.call('POST', `/business/documents/${document.id}/approve`);
    await receiver.waitFor(3);
    // The quiet document's approval sent nothing: processed, processed, reviewed.
    const events = receiver.requests.map((r) => verifyCallback(secret, r.headers, r.body));
    assert.deepEqual(events.map((e) => [e.type, e.data.id]), [['document.processed', quiet.id], ['document.processed', document.id], ['document.reviewed', document.id]]);
    assert.equal(events[2]!.data.extraction.total, 99.5);
    assert.notEqual(events[2]!.id, events[1]!.id);
  });

  test('the export holds the corrected values, in CSV and XLSX, for the documents and their line items, by date and state', async () => {
    const document = await upload('export-me.pdf');
    const corrected = await owner.call('PUT', `/business/documents/${document.id}/fields`, {
      json: { corrections: [{ path: 'total', value: 777.25 }, { path: 'vendor.name', value: '=HYPERLINK("http://evil")' }, { path: 'issue_date', value: '2023-06-30' }] },
    });
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
    assert.equal((await owner.call('POST', `/business/documents/${document.id}/approve`)).status, 200);
    const download = (query: string) => fetch(`${server.baseUrl}/dashboard/api/business/export?${query}`, { headers: { cookie: owner.cookie, 'x-business-id': business } });

    const csv = await download('from=2023-06-01&to=2023-06-30');
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type')!, /^text\/csv/);
    assert.match(csv.headers.get('content-disposition')!, /attachment; filename="ledgerlens-documents-2023-06-01-to-2023-06-30\.csv"/);
    const lines = (await csv.text()).replace(/^\ufeff/, '').trim().split('\n');
    assert.equal(lines.length, 2, 'the header and the one document of June 2023');
    const header = lines[0]!.split(',');
    const row = lines[1]!;
    assert.ok(row.includes('777.25') && row.includes(document.id) && row.includes('approved'), row);
    assert.ok(row.includes(`"'=HYPERLINK(""http://evil"")"`), `a formula is quoted: ${row}`);
    assert.equal(header.indexOf('total') > 0 && header.indexOf('issue_date') > 0, true);

    const xlsx = await download('format=xlsx&state=approved&from=2023-01-01&to=2023-12-31');
    assert.equal(xlsx.status, 200);
    const rows = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    const columns = rows[0] as string[];
    assert.equal(rows.length, 2);
    assert.equal(rows[1]![columns.indexOf('total')], 777.25);
    assert.equal((rows[1]![columns.indexOf('issue_date')] as unknown as Date).toISOString().slice(0, 10), '2023-06-30');

    const items = await readSheet(Buffer.from(await (await download('format=xlsx&sheet=line_items&from=2023-06-30&to=2023-06-30')).arrayBuffer()));
    assert.equal(items.length - 1, (document.extraction.line_items as unknown[]).length);
    assert.equal(items[1]![0], document.id);

    assert.equal((await download('from=2023-07-01&to=2023-06-01')).status, 400);
    assert.equal((await download('format=pdf')).status, 400);
    const none = await download('state=needs_review&from=2023-06-30&to=2023-06-30');
    assert.equal((await none.text()).replace(/^\ufeff/, '').trim().split('\n').length, 1);

    // The command line gives the same file, from the same store (SQLite file or PostgreSQL schema).
    const out = join(server.dataDir, 'export.csv');
    const store = { LEDGERLENS_DATA_DIR: server.dataDir, DATABASE_URL: server.services.config.databaseUrl ?? '' };
    const cli = await runCli(['export', '--business', business, '--from', '2023-06-01', '--to', '2023-06-30', '--out', out], store);
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal((await readFile(out, 'utf8')).trim().split('\n')[1], row);
    await rm(out);
    assert.equal((await runCli(['export', '--business', business, '--format', 'pdf'], store)).code, 2);
  });

  test('the original file downloads as uploaded, for the business that owns it only', async () => {
    const document = await upload('original.pdf');
    const file = (headers: Record<string, string>) => fetch(`${server.baseUrl}/dashboard/api/business/documents/${document.id}/file`, { headers: { cookie: owner.cookie, ...headers } });
    const response = await file({ 'x-business-id': business });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.equal(response.headers.get('content-disposition'), "attachment; filename*=UTF-8''original.pdf");
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.deepEqual(bytes, await server.services.store.documents.fileContent(business, document.id));
    const other = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business B')!.id;
    assert.equal((await file({ 'x-business-id': other })).status, 404);
  });

  test('the desk list shows each document with its vendor, number, date, total and review state, corrections applied', async () => {
    const document = await upload('desk-row.pdf');
    const row = async () => ((await owner.call('GET', '/business/desk?q=desk-row')).body.data.items as Record<string, unknown>[])[0]!;
    const before = await row();
    assert.equal(before.id, document.id);
    assert.equal(before.review_state, 'needs review');
    assert.equal(before.review_count, document.review_fields.length);
    assert.equal(before.total, 125);
    assert.equal(before.currency, 'EUR');
    assert.equal(before.issue_date, '2024-01-05');
    await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections: [{ path: 'vendor.name', value: 'Desk Row OÜ' }, { path: 'document_number', value: 'DR-1' }] } });
    await owner.call('POST', `/business/documents/${document.id}/approve`);
    const after = await row();
    assert.deepEqual([after.vendor_name, after.document_number, after.review_state], ['Desk Row OÜ', 'DR-1', 'approved']);
    // The same paging and filters as the public list.
    const listed = await owner.call('GET', '/business/desk?filter=review&limit=100');
    assert.ok(!listed.body.data.items.some((d: { id: string }) => d.id === document.id));
    const approved = await owner.call('GET', '/business/desk?filter=approved&limit=100');
    assert.ok(approved.body.data.items.some((d: { id: string }) => d.id === document.id));
    assert.ok(approved.body.data.items.every((d: { review_state: string }) => d.review_state === 'approved'));
    // The public list keeps the spec's filters.
    assert.equal((await server.api('/api/v1/documents?filter=approved')).status, 400);
  });

  test('the desk searches vendor, number and amount as the Document shows them, and the file name; the API keeps its file-name search', async () => {
    const document = await upload('search-me.pdf');
    const found = async (q: string) => ((await owner.call('GET', `/business/desk?limit=100&q=${encodeURIComponent(q)}`)).body.data.items as { id: string }[]).map((d) => d.id);
    assert.ok((await found('SEARCH-ME')).includes(document.id));
    assert.ok(!(await found('Baltic Timber')).includes(document.id));
    await owner.call('PUT', `/business/documents/${document.id}/fields`, {
      json: { corrections: [{ path: 'vendor.name', value: 'Baltic Timber AS' }, { path: 'document_number', value: 'BT-2024-0917' }, { path: 'total', value: 1234.5 }] },
    });
    assert.ok((await found('baltic timber')).includes(document.id));
    assert.ok((await found('2024-0917')).includes(document.id));
    for (const amount of ['1234.50', '1 234,50', '1,234.5', '€1.234,50']) assert.ok((await found(amount)).includes(document.id), amount);
    assert.ok(!(await found('1234.51')).includes(document.id));
    // The engine's total before the correction no longer finds it.
    assert.ok(!(await found('125.00')).includes(document.id));
    // The public list's q stays the file-name search of the spec.
    const api = await server.api('/api/v1/documents?limit=100&q=baltic');
    assert.ok(!api.body.data.items.some((d: { id: string }) => d.id === document.id));
  });

  test("the totals' arithmetic is checked again on the corrected values: its warning, review marks and derived amount due follow", async () => {
    const pdf = await textPdf([['INVOICE 88', 'Nordic Paper OÜ', 'Date 05.01.2024', 'Subtotal 100.00 EUR', 'VAT 22% 22.00 EUR', 'Total 130.00 EUR']]);
    const response = await owner.call('POST', '/business/documents', { body: formData([{ field: 'file', name: 'off.pdf', bytes: pdf, type: 'application/pdf' }]) });
    const document = response.body.data;
    assert.ok(document.warnings.some((w: string) => w === 'totals_do_not_add_up: subtotal 100 + VAT 22 is not the total 130'), JSON.stringify(document.warnings));
    assert.ok(['subtotal', 'vat_amount'].every((path) => document.review_fields.includes(path)), JSON.stringify(document.review_fields));
    const correct = async (total: number) =>
      (await owner.call('PUT', `/business/documents/${document.id}/fields`, { json: { corrections: [{ path: 'total', value: total }] } })).body.data;

    const stillOff = await correct(125);
    assert.ok(stillOff.warnings.includes('totals_do_not_add_up: subtotal 100 + VAT 22 is not the total 125'), JSON.stringify(stillOff.warnings));
    assert.ok(stillOff.review_fields.includes('subtotal'));

    const fixed = await correct(122);
    assert.ok(!fixed.warnings.some((w: string) => w.startsWith('totals_do_not_add_up')), JSON.stringify(fixed.warnings));
    assert.ok(!['subtotal', 'vat_amount', 'total'].some((path) => fixed.review_fields.includes(path)), JSON.stringify(fixed.review_fields));
    assert.equal(fixed.field_status.subtotal.review, false);
    // The amount due the engine derived from the total follows it.
    assert.equal(document.field_status.amount_due?.status, 'derived');
    assert.deepEqual([document.extraction.amount_due, fixed.extraction.amount_due], [130, 122]);
    // The engine's reading is kept as it was.
    const row = await server.services.store.documents.find(business, document.id);
    assert.equal(JSON.parse(row!.outcome_json).extraction.total, 130);
  });
});
