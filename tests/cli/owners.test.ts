// Dashboard owners from the command line and on first start: passwords reach stdout once, or not at
// all when the operator supplies them, and never the log.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { signIn } from '../helpers/dashboard-client.js';
import { runCli, startServeProcess, type ServeProcess } from '../helpers/process.js';

describe('ledgerlens owners', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let serve: ServeProcess;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-owners-'));
    // info, so the log would show a password if one went there.
    env = { LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1', LOG_LEVEL: 'info' };
  });
  after(async () => {
    await serve?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('first start creates an owner and prints its password once, outside the log', async () => {
    serve = await startServeProcess(env);
    const password = /with this password,\n.*\n\n {2}(\S+)\n/.exec(serve.output())?.[1];
    assert.ok(password, serve.output());
    assert.equal(serve.output().split(password).length - 1, 1, 'printed once');
    const logLines = serve.output().split('\n').filter((line) => line.startsWith('{'));
    assert.ok(logLines.length > 0 && logLines.every((line) => !line.includes(password)));
    const session = await signIn(serve.baseUrl, 'owner@ledgerlens.localhost', password);
    assert.equal((await session.call('GET', '/session')).status, 200);
  });

  test('owners create reads the password from stdin and never prints it', async () => {
    const password = '  spaces count too  ';
    const created = await runCli(['owners', 'create', '--email', 'Ops@Example.com', '--password-stdin'], env, `${password}\n`);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^owner ops@example\.com own_[0-9a-z]{20}\n$/);
    assert.ok(!created.stdout.includes(password) && !created.stderr.includes(password));
    await signIn(serve.baseUrl, 'ops@example.com', password);

    const again = await runCli(['owners', 'create', '--email', 'ops@example.com', '--password-stdin'], env, `${password}\n`);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /an owner with the email ops@example\.com exists/);
    const short = await runCli(['owners', 'create', '--email', 'short@example.com', '--password-stdin'], env, 'short\n');
    assert.equal(short.code, 1);
    assert.match(short.stderr, /at least 12 characters/);
    const noEmail = await runCli(['owners', 'create'], env);
    assert.equal(noEmail.code, 1);
    assert.match(noEmail.stderr, /usage: ledgerlens owners/);
  });

  test('without --password-stdin a password is generated and shown once', async () => {
    const created = await runCli(['owners', 'create', '--email', 'generated@example.com'], env);
    assert.equal(created.code, 0, created.stderr);
    const password = /password \(shown only now\): (\S+)/.exec(created.stdout)?.[1];
    assert.match(password ?? '', /^[0-9a-z]{24}$/);
    await signIn(serve.baseUrl, 'generated@example.com', password!);
  });

  test('reset-password sets a new password and ends the sessions signed in with the old one', async () => {
    const session = await signIn(serve.baseUrl, 'generated@example.com', await passwordOf('generated@example.com'));
    const reset = await runCli(['owners', 'reset-password', '--email', 'generated@example.com', '--password-stdin'], env, 'the new password, long\n');
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /sessions ended/);
    assert.equal((await session.call('GET', '/session')).status, 401);
    await signIn(serve.baseUrl, 'generated@example.com', 'the new password, long');
    const unknown = await runCli(['owners', 'reset-password', '--email', 'nobody@example.com', '--password-stdin'], env, 'whatever password\n');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no owner with the email nobody@example\.com/);
  });

  /** Resets to a known password, so this test does not depend on the previous one's output. */
  async function passwordOf(email: string): Promise<string> {
    const password = 'a known password here';
    assert.equal((await runCli(['owners', 'reset-password', '--email', email, '--password-stdin'], env, `${password}\n`)).code, 0);
    return password;
  }
});
