// The dashboard's email screen API over real HTTP: the inbound address and its rotation, senders
// listed with their held mail (sent over real SMTP), approved (held mail becomes documents),
// blocked, removed, approved up front; another business's senders out of reach; CSRF required.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import { textPdf } from '../helpers/fixtures.js';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'a long enough password';

describe('dashboard API: email senders', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let businessA: string;
  let businessB: string;

  const send = async (from: string, to: string, filename: string) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtp!.port, secure: false, ignoreTLS: true });
    const pdf = await textPdf([[`Invoice ${filename}`, 'Total 99,00 EUR']]);
    await transport.sendMail({ from, to, subject: filename, attachments: [{ filename, content: pdf }] }).finally(() => transport.close());
  };
  const senders = async (business = businessA) => (await owner.call('GET', '/business/email', { headers: { 'x-business-id': business } })).body.data.senders;
  const sender = (address: string) => encodeURIComponent(address);

  before(async () => {
    server = await startTestServer({ smtpPort: 0, emailDomain: 'in.ledgerlens.test' });
    await server.services.owners.create(EMAIL, PASSWORD);
    owner = await signIn(server.baseUrl, EMAIL, PASSWORD);
    const businesses = await server.services.keys.listBusinesses();
    businessA = businesses.find((b) => b.name === 'Business A')!.id;
    businessB = businesses.find((b) => b.name === 'Business B')!.id;
    owner.business = businessA;
  });
  after(() => server.close());

  test('the inbound address is the one mail is received at; rotating replaces it', async () => {
    const first = await owner.call('GET', '/business/email');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.address, await server.services.email.getInboundAddress(businessA));
    assert.match(first.body.data.address, /^[0-9a-z]{20}@in\.ledgerlens\.test$/);
    assert.deepEqual(first.body.data.senders, []);
    const other = await owner.call('GET', '/business/email', { headers: { 'x-business-id': businessB } });
    assert.notEqual(other.body.data.address, first.body.data.address);

    const rotated = await owner.call('POST', '/business/email/address/rotate');
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.data.address, first.body.data.address);
    assert.equal(await server.services.email.businessForRecipient(first.body.data.address), null);
    assert.equal(await server.services.email.businessForRecipient(rotated.body.data.address), businessA);
  });

  test('held mail is listed with its count; approving releases it into documents', async () => {
    const inbox = (await owner.call('GET', '/business/email')).body.data.address;
    await send('AP@Supplier.example', inbox, 'held-1.pdf');
    await send('ap@supplier.example', inbox, 'held-2.pdf');
    const [held] = await senders();
    assert.deepEqual({ address: held.address, status: held.status, held_messages: held.held_messages }, { address: 'ap@supplier.example', status: 'held', held_messages: 2 });
    assert.equal((await owner.call('GET', '/business/documents')).body.data.items.length, 0);

    const approved = await owner.call('POST', `/business/email/senders/${sender('ap@supplier.example')}/approve`);
    assert.equal(approved.status, 200);
    assert.deepEqual(approved.body.data, { address: 'ap@supplier.example', status: 'approved', messages: 2, queued_documents: 2 });
    assert.deepEqual((await senders()).map((s: any) => [s.address, s.status, s.held_messages]), [['ap@supplier.example', 'approved', 0]]);
    let names: string[] = [];
    for (let i = 0; i < 300 && names.length < 2; i++) {
      names = (await owner.call('GET', '/business/documents')).body.data.items.map((d: any) => d.filename).sort();
      if (names.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(names, ['held-1.pdf', 'held-2.pdf']);
    const stored = await server.services.store.documents.find(businessA, (await owner.call('GET', '/business/documents')).body.data.items[0].id);
    assert.equal(stored!.source_channel, 'email');
  });

  test('blocking discards held mail; removing forgets the sender; an address can be approved up front', async () => {
    const inbox = (await owner.call('GET', '/business/email')).body.data.address;
    await send('spam@spam.example', inbox, 'spam.pdf');
    const blocked = await owner.call('POST', `/business/email/senders/${sender('spam@spam.example')}/block`);
    assert.deepEqual(blocked.body.data, { address: 'spam@spam.example', status: 'blocked', messages: 1, queued_documents: 0 });
    assert.equal((await senders()).find((s: any) => s.address === 'spam@spam.example').status, 'blocked');

    const removed = await owner.call('DELETE', `/business/email/senders/${sender('spam@spam.example')}`);
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.body.data, { address: 'spam@spam.example', status: null, messages: 0, queued_documents: 0 });
    assert.equal((await senders()).some((s: any) => s.address === 'spam@spam.example'), false);

    const upFront = await owner.call('POST', '/business/email/senders', { json: { address: 'Billing@Landlord.example' } });
    assert.equal(upFront.status, 200);
    assert.deepEqual(upFront.body.data, { address: 'billing@landlord.example', status: 'approved', messages: 0, queued_documents: 0 });
    assert.equal((await senders()).find((s: any) => s.address === 'billing@landlord.example').status, 'approved');

    const invalid = await owner.call('POST', '/business/email/senders', { json: { address: 'not an address' } });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.error.code, 'invalid_request');
    const extra = await owner.call('POST', '/business/email/senders', { json: { address: 'a@b.example', status: 'blocked' } });
    assert.equal(extra.status, 400);
  });

  test("another business's sender cannot be approved, blocked or removed: 404, and it stays as it was", async () => {
    const inboxB = (await owner.call('GET', '/business/email', { headers: { 'x-business-id': businessB } })).body.data.address;
    await send('other@vendor.example', inboxB, 'other.pdf');
    assert.equal((await senders(businessB))[0].status, 'held');
    for (const [method, path] of [
      ['POST', '/approve'],
      ['POST', '/block'],
      ['DELETE', ''],
    ] as const) {
      const response = await owner.call(method, `/business/email/senders/${sender('other@vendor.example')}${path}`);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.body.error.code, 'not_found');
    }
    assert.deepEqual((await senders(businessB)).map((s: any) => [s.address, s.status, s.held_messages]), [['other@vendor.example', 'held', 1]]);
    assert.equal((await senders()).some((s: any) => s.address === 'other@vendor.example'), false);
    const unknownBusiness = await owner.call('GET', '/business/email', { headers: { 'x-business-id': 'biz_nope' } });
    assert.equal(unknownBusiness.status, 404);
  });

  test('writes need the CSRF token; reads and writes need a session', async () => {
    for (const [method, path] of [
      ['POST', '/business/email/senders'],
      ['POST', `/business/email/senders/${sender('ap@supplier.example')}/block`],
      ['DELETE', `/business/email/senders/${sender('ap@supplier.example')}`],
      ['POST', '/business/email/address/rotate'],
    ] as const) {
      const response = await owner.call(method, path, { json: { address: 'x@y.example' }, headers: { 'x-csrf-token': '' } });
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.equal(response.body.error.code, 'forbidden');
    }
    const anonymous = await fetch(`${server.baseUrl}/dashboard/api/business/email`, { headers: { 'x-business-id': businessA } });
    assert.equal(anonymous.status, 401);
    assert.equal((await senders()).find((s: any) => s.address === 'ap@supplier.example').status, 'approved', 'the refused block changed nothing');
    assert.equal((await senders()).some((s: any) => s.address === 'x@y.example'), false);
  });
});
