// The email channel end to end: real SMTP messages sent with nodemailer to the listener on loopback,
// a real store (SQLite, and PostgreSQL in the second pass), the real job runner and a real callback
// receiver. Owners' decisions go through EmailService, the functions the CLI and dashboard call.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { verifyCallback } from '../../src/index.js';
import type { CallbackEvent } from '../../src/schemas/callback.schema.js';
import { corruptPdf, pngImage, textPdf } from '../helpers/fixtures.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';

const MAX_MESSAGE_BYTES = 512 * 1024;

describe('email channel', () => {
  let server: TestServer;
  let receiver: Receiver;
  let secret: string;
  let businessId: string;
  let inbox: string;
  let pdf: Buffer;
  let png: Buffer;

  const send = (message: SendMailOptions) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtp!.port, secure: false, ignoreTLS: true });
    return transport.sendMail({ to: inbox, subject: 'Invoice', text: 'Please find attached.', ...message }).finally(() => transport.close());
  };
  /** The SMTP error a send ended with. */
  const refusal = async (message: SendMailOptions) => {
    const error = await send(message).then(
      () => assert.fail('the message was accepted'),
      (err: { responseCode?: number; response?: string }) => err,
    );
    return { code: error.responseCode, response: error.response ?? '' };
  };
  const events = () => receiver.requests.map((r) => verifyCallback(secret, r.headers, r.body) as CallbackEvent);
  const documentCount = async () => (await server.api('/api/v1/usage')).body.data.documents as number;
  /** The report of a message (by Message-ID or subject), once none of its attachments is queued or processing. */
  const settledMessage = async (messageId: string, by: 'message_id' | 'subject' = 'message_id') => {
    let report: Awaited<ReturnType<typeof server.services.email.listMessages>>[number] | undefined;
    return until(async () => {
      report = (await server.services.email.listMessages(businessId, 500)).find((m) => m[by] === messageId);
      return report && report.attachments.every((a) => !['queued', 'processing'].includes(a.status)) ? report : undefined;
    }, () => `message ${messageId} did not settle: ${JSON.stringify(report)}`);
  };
  /** Nothing more arrives at the receiver within a few polls of the delivery worker. */
  const quiet = async (count: number) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(receiver.requests.length, count);
  };

  before(async () => {
    server = await startTestServer(
      { smtpPort: 0, emailDomain: 'in.ledgerlens.test', smtpMaxMessageBytes: MAX_MESSAGE_BYTES },
      { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' },
    );
    businessId = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    inbox = await server.services.email.getInboundAddress(businessId);
    receiver = await startReceiver();
    const res = await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true } });
    secret = res.body.data.signing_secret;
    pdf = await textPdf([['Arve nr: E-100', 'Kuupäev: 05.01.2024', 'Kokku: 122,00 EUR']]);
    png = await pngImage({ width: 600, height: 300, text: 'Receipt 12.50 EUR' });
  });
  after(async () => {
    await receiver.close();
    await server.close();
  });

  test('each business has its own unguessable inbound address on the configured domain', async () => {
    assert.match(inbox, /^[0-9a-z]{20}@in\.ledgerlens\.test$/);
    assert.equal(await server.services.email.getInboundAddress(businessId), inbox);
    const other = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business B')!.id;
    assert.notEqual(await server.services.email.getInboundAddress(other), inbox);
  });

  test('mail to an address that is no inbound address is refused at RCPT TO', async () => {
    assert.equal((await refusal({ from: 'a@vendor.example', to: 'nobody@in.ledgerlens.test' })).code, 550);
    assert.equal((await refusal({ from: 'a@vendor.example', to: inbox.replace('in.ledgerlens.test', 'elsewhere.example') })).code, 550);
  });

  test('an approved sender’s PDF and image become documents of channel email, one event each; other parts are ignored', async () => {
    await server.services.email.approveSender(businessId, 'Invoices@Vendor.example');
    const before = { events: receiver.requests.length, documents: await documentCount() };
    const info = await send({
      from: '"Vendor OÜ" <invoices@vendor.example>',
      messageId: '<approved-1@vendor.example>',
      attachments: [
        { filename: 'arve.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'kviitung.png', content: png, contentType: 'image/png' },
        { filename: 'notes.txt', content: 'not a document', contentType: 'text/plain' },
        // An image embedded in the HTML body (a logo) is part of the text, not a document.
        { filename: 'logo.png', content: await pngImage({ width: 40, height: 20, text: 'V' }), cid: 'logo@vendor' },
      ],
      html: '<p>Invoice attached</p><img src="cid:logo@vendor">',
    });
    assert.match(info.response, /^250 /);

    const report = await settledMessage('<approved-1@vendor.example>');
    assert.equal(report.status, 'accepted');
    assert.equal(report.sender, 'invoices@vendor.example');
    assert.deepEqual(report.attachments.map((a) => [a.filename, a.status]), [['arve.pdf', 'succeeded'], ['kviitung.png', 'succeeded']]);
    assert.deepEqual(report.ignored.map((i) => i.filename), ['notes.txt']);
    assert.match(report.ignored[0]!.reason, /^unsupported_media_type/);
    assert.equal(await documentCount(), before.documents + 2);

    await receiver.waitFor(before.events + 2);
    await quiet(before.events + 2);
    const fresh = events().slice(before.events);
    for (const attachment of report.attachments) {
      const event = fresh.find((e) => e.data.id === attachment.document_id);
      assert.ok(event, `no event for ${attachment.filename}`);
      assert.deepEqual(event.source, { channel: 'email', email_id: attachment.email_id });
      assert.deepEqual(event.data, (await server.api(`/api/v1/documents/${attachment.document_id}`)).body.data);
    }
    assert.match(report.attachments[0]!.email_id, /^eml_[0-9a-f]{32}$/);
    assert.notEqual(report.attachments[0]!.email_id, report.attachments[1]!.email_id);
    const doc = (await server.api(`/api/v1/documents/${report.attachments[0]!.document_id}`)).body.data;
    assert.deepEqual([doc.filename, doc.content_type, doc.extraction.document_number], ['arve.pdf', 'application/pdf', 'E-100']);
  });

  test('the same message delivered again adds no document and no event', async () => {
    await server.services.email.approveSender(businessId, 'billing@repeat.example');
    const message = { from: 'billing@repeat.example', messageId: '<retry-1@repeat.example>', attachments: [{ filename: 'a.pdf', content: pdf }] };
    const first = receiver.requests.length;
    await send(message);
    await settledMessage('<retry-1@repeat.example>');
    await receiver.waitFor(first + 1);
    await quiet(first + 1);
    const before = { events: receiver.requests.length, documents: await documentCount(), messages: (await server.services.email.listMessages(businessId, 500)).length };

    assert.match((await send(message)).response, /^250 /);
    // The same message without a Message-ID, twice: recognised by its bytes.
    const raw = rawMessage('billing@repeat.example', inbox, pdf);
    await send({ envelope: { from: 'billing@repeat.example', to: [inbox] }, raw });
    assert.equal((await settledMessage('no id', 'subject')).attachments[0]!.status, 'succeeded');
    await send({ envelope: { from: 'billing@repeat.example', to: [inbox] }, raw });
    await receiver.waitFor(before.events + 1);
    await quiet(before.events + 1);
    assert.equal(await documentCount(), before.documents + 1);
    assert.equal((await server.services.email.listMessages(businessId, 500)).length, before.messages + 1);
  });

  test('mail from an unknown sender is held until the owner approves the sender; then each attachment becomes one document', async () => {
    const before = { events: receiver.requests.length, documents: await documentCount() };
    const info = await send({ from: 'new@supplier.example', messageId: '<held-1@supplier.example>', attachments: [{ filename: 'held.pdf', content: pdf }] });
    assert.match(info.response, /^250 .*approve/);
    await send({ from: 'new@supplier.example', messageId: '<held-2@supplier.example>', attachments: [{ filename: 'held.png', content: png }] });
    // The same held message delivered again is not held twice.
    await send({ from: 'new@supplier.example', messageId: '<held-2@supplier.example>', attachments: [{ filename: 'held.png', content: png }] });
    // Without a document there is nothing to hold.
    await send({ from: 'new@supplier.example', messageId: '<held-3@supplier.example>', text: 'hello' });

    const senders = await server.services.email.listSenders(businessId);
    assert.deepEqual(senders.find((s) => s.address === 'new@supplier.example'), {
      ...senders.find((s) => s.address === 'new@supplier.example')!,
      status: 'held',
      held_messages: 2,
    });
    assert.equal(await documentCount(), before.documents);
    const held = (await server.services.email.listMessages(businessId, 500)).find((m) => m.message_id === '<held-1@supplier.example>')!;
    assert.deepEqual([held.status, held.attachments[0]!.status, held.attachments[0]!.document_id], ['held', 'held', null]);

    const decision = await server.services.email.approveSender(businessId, 'NEW@supplier.example');
    assert.deepEqual(decision, { address: 'new@supplier.example', status: 'approved', messages: 2, queued_documents: 2 });
    const released = [await settledMessage('<held-1@supplier.example>'), await settledMessage('<held-2@supplier.example>')];
    assert.deepEqual(released.map((m) => [m.status, m.attachments.map((a) => a.status)]), [['accepted', ['succeeded']], ['accepted', ['succeeded']]]);
    assert.equal(await documentCount(), before.documents + 2);
    await receiver.waitFor(before.events + 2);
    await quiet(before.events + 2);
    assert.deepEqual(
      events().slice(before.events).map((e) => e.source.email_id).sort(),
      released.map((m) => m.attachments[0]!.email_id).sort(),
    );
    // Approving again releases nothing more.
    assert.equal((await server.services.email.approveSender(businessId, 'new@supplier.example')).queued_documents, 0);
    assert.equal((await server.services.email.listSenders(businessId)).find((s) => s.address === 'new@supplier.example')!.held_messages, 0);
  });

  test('blocking a sender discards its held mail and refuses its further mail; removing one discards held mail only', async () => {
    await send({ from: 'spam@junk.example', messageId: '<junk-1@junk.example>', attachments: [{ filename: 'x.pdf', content: pdf }] });
    assert.deepEqual(await server.services.email.blockSender(businessId, 'spam@junk.example'), {
      address: 'spam@junk.example',
      status: 'blocked',
      messages: 1,
      queued_documents: 0,
    });
    const junk = (await server.services.email.listMessages(businessId, 500)).find((m) => m.message_id === '<junk-1@junk.example>')!;
    assert.deepEqual([junk.status, junk.attachments[0]!.status], ['discarded', 'discarded']);
    const refused = await refusal({ from: 'spam@junk.example', messageId: '<junk-2@junk.example>', attachments: [{ filename: 'y.pdf', content: pdf }] });
    assert.equal(refused.code, 550);

    await send({ from: 'maybe@other.example', messageId: '<maybe-1@other.example>', attachments: [{ filename: 'z.pdf', content: pdf }] });
    assert.equal((await server.services.email.removeSender(businessId, 'maybe@other.example')).messages, 1);
    assert.equal((await server.services.email.listSenders(businessId)).find((s) => s.address === 'maybe@other.example'), undefined);
    await assert.rejects(server.services.email.removeSender(businessId, 'maybe@other.example'), { code: 'not_found' });
    await assert.rejects(server.services.email.approveSender(businessId, 'not an address'), { code: 'invalid_request' });
  });

  test('a corrupt PDF attachment does not stop the listener: its job fails as pdf_unreadable, no document, no event', async () => {
    await server.services.email.approveSender(businessId, 'broken@vendor.example');
    const before = { events: receiver.requests.length, documents: await documentCount() };
    assert.match((await send({ from: 'broken@vendor.example', messageId: '<broken-1@vendor.example>', attachments: [{ filename: 'broken.pdf', content: corruptPdf() }, { filename: 'good.pdf', content: pdf }] })).response, /^250 /);
    const report = await settledMessage('<broken-1@vendor.example>');
    assert.deepEqual(report.attachments.map((a) => [a.filename, a.status, a.error?.code ?? null]), [['broken.pdf', 'failed', 'pdf_unreadable'], ['good.pdf', 'succeeded', null]]);
    await receiver.waitFor(before.events + 1);
    await quiet(before.events + 1);
    assert.equal(await documentCount(), before.documents + 1);
    // A message that is not MIME at all is still answered.
    assert.match((await send({ from: 'broken@vendor.example', raw: 'garbage without headers\r\n' , envelope: { from: 'broken@vendor.example', to: [inbox] } })).response, /^250 /);
  });

  test('a message over the size limit is refused with 552; attachments over the file limit are ignored', async () => {
    await server.services.email.approveSender(businessId, 'big@vendor.example');
    const refused = await refusal({ from: 'big@vendor.example', attachments: [{ filename: 'big.pdf', content: Buffer.alloc(MAX_MESSAGE_BYTES, 0x41) }] });
    assert.equal(refused.code, 552);
    const before = await documentCount();
    // The listener still answers after refusing.
    await send({ from: 'big@vendor.example', messageId: '<small-1@vendor.example>', attachments: [{ filename: 's.pdf', content: pdf }] });
    assert.equal((await settledMessage('<small-1@vendor.example>')).attachments[0]!.status, 'succeeded');
    assert.equal(await documentCount(), before + 1);
  });

  test('held mail past the hold period expires and its sender leaves the list', async () => {
    await send({ from: 'late@vendor.example', messageId: '<late-1@vendor.example>', attachments: [{ filename: 'l.pdf', content: pdf }] });
    await server.services.store.db
      .updateTable('email_messages')
      .set({ received_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('message_id', '=', '<late-1@vendor.example>')
      .execute();
    assert.equal(await server.services.email.expireHeldMail(), 1);
    assert.equal((await server.services.email.listSenders(businessId)).find((s) => s.address === 'late@vendor.example'), undefined);
    const late = (await server.services.email.listMessages(businessId, 500)).find((m) => m.message_id === '<late-1@vendor.example>')!;
    assert.equal(late.status, 'expired');
    const content = await server.services.store.db.selectFrom('email_held_content').select('message_id').execute();
    assert.ok(!content.some((c) => c.message_id === late.id));
  });
});

describe('email channel with a monthly quota', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ smtpPort: 0 }, { LEDGERLENS_MONTHLY_DOCUMENT_QUOTA: '1' });
  });
  after(() => server.close());

  test('mail that would pass the quota is refused (552) and nothing is recorded; held mail that would is not released', async () => {
    const businessId = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    const inbox = await server.services.email.getInboundAddress(businessId);
    const [first, second] = [await textPdf([['Invoice Q-1']]), await textPdf([['Invoice Q-2']])];
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtp!.port, secure: false, ignoreTLS: true });
    try {
      await server.services.email.approveSender(businessId, 'ok@vendor.example');
      const twoDocuments = { from: 'ok@vendor.example', to: inbox, messageId: '<q-1@vendor.example>', attachments: [{ filename: 'q1.pdf', content: first }, { filename: 'q2.pdf', content: second }] };
      await assert.rejects(transport.sendMail(twoDocuments), (err: { responseCode?: number; response?: string }) => err.responseCode === 552 && /quota/.test(err.response ?? ''));
      assert.deepEqual(await server.services.email.listMessages(businessId), []);

      await transport.sendMail({ from: 'held@vendor.example', to: inbox, messageId: '<q-2@vendor.example>', attachments: [{ filename: 'q1.pdf', content: first }, { filename: 'q2.pdf', content: second }] });
      await assert.rejects(server.services.email.approveSender(businessId, 'held@vendor.example'), { code: 'quota_exceeded' });
      assert.deepEqual(
        (await server.services.email.listSenders(businessId)).map((s) => [s.address, s.status, s.held_messages]),
        [['ok@vendor.example', 'approved', 0], ['held@vendor.example', 'held', 1]],
      );
    } finally {
      transport.close();
    }
  });
});

/** A MIME message with one PDF attachment and no Message-ID header. */
function rawMessage(from: string, to: string, pdf: Buffer): string {
  const boundary = 'b1_ledgerlens';
  return [
    `From: ${from}`,
    `To: ${to}`,
    'Subject: no id',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain',
    '',
    'attached',
    `--${boundary}`,
    'Content-Type: application/pdf; name="noid.pdf"',
    'Content-Disposition: attachment; filename="noid.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    pdf.toString('base64').replace(/.{76}/g, '$&\r\n'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
