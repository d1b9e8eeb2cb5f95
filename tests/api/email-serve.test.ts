// The email channel as an operator runs it: `ledgerlens serve` with the SMTP listener (and STARTTLS)
// in a real process, mail sent with nodemailer, the sender approved with the `ledgerlens senders` CLI
// from another process, and a graceful stop.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import nodemailer from 'nodemailer';
import { textPdf } from '../helpers/fixtures.js';
import { freePort, runCli, startServeProcess } from '../helpers/process.js';
import { postgresSchemaForTest } from '../helpers/server.js';

test('serve receives mail over STARTTLS; the CLI approves the sender and the held attachment becomes a document', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-email-serve-'));
  const postgres = await postgresSchemaForTest();
  // A self-signed certificate made for this test only.
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dataDir, 'smtp.key'), '-out', join(dataDir, 'smtp.crt')], { stdio: 'ignore' });
  const smtpPort = await freePort();
  const env: Record<string, string> = {
    LEDGERLENS_DATA_DIR: dataDir,
    LEDGERLENS_EXTRACTION_THREADS: '1',
    LEDGERLENS_SMTP_PORT: String(smtpPort),
    LEDGERLENS_EMAIL_DOMAIN: 'docs.example.test',
    LEDGERLENS_SMTP_TLS_KEY: join(dataDir, 'smtp.key'),
    LEDGERLENS_SMTP_TLS_CERT: join(dataDir, 'smtp.crt'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const created = await runCli(['keys', 'create', '--business', 'Mailroom'], env);
  assert.equal(created.code, 0, created.stderr);
  const key = created.stdout.trim().split('\n').at(-1)!;
  const serve = await startServeProcess(env);
  try {
    const cli = async (...args: string[]) => {
      const result = await runCli(args, env);
      assert.equal(result.code, 0, result.stderr);
      return result.stdout.trim();
    };
    const address = await cli('email', 'address', '--business', 'Mailroom');
    assert.match(address, /^[0-9a-z]{20}@docs\.example\.test$/);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, requireTLS: true, tls: { rejectUnauthorized: false } });
    const pdf = await textPdf([['Invoice INV-77', 'Total 99,00 EUR']]);
    const info = await transport.sendMail({ from: 'ap@supplier.example', to: address, subject: 'INV-77', messageId: '<inv-77@supplier.example>', attachments: [{ filename: 'inv-77.pdf', content: pdf }] });
    transport.close();
    assert.match(info.response, /^250 /);

    assert.match(await cli('senders', 'list', '--business', 'Mailroom'), /^ap@supplier\.example\theld\t1 held\t/);
    const listDocuments = async () => ((await (await fetch(`${serve.baseUrl}/api/v1/documents`, { headers: { 'x-api-key': key } })).json()) as any).data.items;
    assert.equal((await listDocuments()).length, 0);

    assert.match(await cli('senders', 'approve', 'ap@supplier.example', '--business', 'Mailroom'), /approved\t1 held messages released, 1 documents queued/);
    let items: any[] = [];
    for (let i = 0; i < 300 && items.length === 0; i++) {
      items = await listDocuments();
      if (!items.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(items.map((d) => d.filename), ['inv-77.pdf']);
    assert.match(await cli('email', 'messages', '--business', 'Mailroom'), new RegExp(`accepted\tap@supplier\\.example\tINV-77\n\tinv-77\\.pdf\tsucceeded\t${items[0].id}`));

    await serve.stop('SIGTERM');
    assert.equal(serve.child.exitCode, 0, serve.output());
  } finally {
    await serve.stop();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
