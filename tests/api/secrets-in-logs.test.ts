// Keys and signing secrets never reach a log, an error body or the database in the clear: a real
// `ledgerlens serve` process logs at trace level through key creation, requests with both header
// forms, failed authentication, callback set-up and secret rotation, a signed delivery, and a key
// rotation (revocation takes effect on the next request); then every byte it wrote, every response
// body and every file in its data folder are searched for the secrets.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess } from '../helpers/process.js';
import { startReceiver } from '../helpers/receiver.js';
import { formData } from '../helpers/server.js';

/** The key and its secret part alone (llk_key_<id>_<secret>), each of which must stay hidden. */
const keyParts = (key: string) => [key, key.slice(key.lastIndexOf('_') + 1)];

test('no API key or whsec_ secret appears in the logs, error bodies or stored files', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-secrets-'));
  const receiver = await startReceiver();
  const env = { LEDGERLENS_DATA_DIR: dataDir, LOG_LEVEL: 'trace', LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1', LEDGERLENS_EXTRACTION_THREADS: '1' };
  const cliOutput: string[] = [];
  const bodies: string[] = [];
  const secrets: string[] = [];
  try {
    const created = await runCli(['keys', 'create', '--business', 'Secretive OÜ'], env);
    assert.equal(created.code, 0, created.stderr);
    cliOutput.push(created.stderr);
    const key = created.stdout.trim().split('\n').at(-1)!;
    const keyId = /^key (\S+)$/m.exec(created.stdout)![1]!;
    secrets.push(...keyParts(key));

    const serve = await startServeProcess(env);
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(serve.baseUrl + path, init);
      const text = await res.text();
      bodies.push(text);
      return { status: res.status, text, json: () => JSON.parse(text) };
    };
    try {
      const pdf = await textPdf([['Invoice S-1', 'Total 12.50 EUR']]);
      assert.equal((await call('/api/v1/documents', { method: 'POST', headers: { 'x-api-key': key }, body: formData([{ field: 'file', name: 's.pdf', bytes: pdf }]) })).status, 200);
      assert.equal((await call('/api/v1/usage', { headers: { authorization: `Bearer ${key}` } })).status, 200);
      assert.equal((await call('/api/v1/documents?limit=5', { headers: { 'x-api-key': key } })).status, 200);

      // A wrong key in both forms, a key in the query string where it does not belong, a Basic header.
      const wrong = key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
      secrets.push(...keyParts(wrong));
      assert.equal((await call('/api/v1/usage', { headers: { 'x-api-key': wrong } })).status, 401);
      assert.equal((await call('/api/v1/usage', { headers: { authorization: `Bearer ${wrong}` } })).status, 401);
      assert.equal((await call(`/api/v1/usage?api_key=${wrong}`)).status, 401);
      assert.equal((await call(`/api/v1/documents?key=${key}`, { headers: { 'x-api-key': key } })).status, 400);
      assert.equal((await call('/api/v1/usage', { headers: { authorization: `Basic ${Buffer.from(`x:${wrong}`).toString('base64')}` } })).status, 401);

      // The callback: the signing secret is shown at set-up and on rotation, then used to sign.
      const json = { 'x-api-key': key, 'content-type': 'application/json' };
      const setUp = await call('/api/v1/callback', { method: 'PUT', headers: json, body: JSON.stringify({ url: receiver.url, enabled: true }) });
      assert.equal(setUp.status, 200, setUp.text);
      secrets.push(setUp.json().data.signing_secret);
      const rotated = await call('/api/v1/callback', { method: 'PUT', headers: json, body: JSON.stringify({ url: receiver.url, enabled: true, rotate_secret: true }) });
      assert.equal(rotated.status, 200);
      const whsec: string = rotated.json().data.signing_secret;
      assert.match(whsec, /^whsec_/);
      secrets.push(whsec);
      assert.equal((await call('/api/v1/documents', { method: 'POST', headers: { 'x-api-key': key }, body: formData([{ field: 'file', name: 't.pdf', bytes: pdf }]) })).status, 200);
      await receiver.waitFor(1);
      assert.ok(!(await call('/api/v1/callback', { headers: { 'x-api-key': key } })).text.includes('whsec_'), 'GET never shows the secret');

      // Rotation while the server runs: the old key stops at once, the new one works.
      const rotation = await runCli(['keys', 'rotate', keyId], env);
      assert.equal(rotation.code, 0, rotation.stderr);
      cliOutput.push(rotation.stderr);
      const newKey = rotation.stdout.trim().split('\n').at(-1)!;
      secrets.push(...keyParts(newKey));
      assert.equal((await call('/api/v1/usage', { headers: { 'x-api-key': key } })).status, 401, 'the rotated key is refused on the next request');
      assert.equal((await call('/api/v1/usage', { headers: { authorization: `Bearer ${newKey}` } })).status, 200);
    } finally {
      await serve.stop();
    }

    const log = serve.output();
    assert.ok(log.includes('incoming request') || log.includes('request completed'), 'the log was written at trace level');
    const storedFiles = (await readdir(dataDir)).filter((name) => name !== 'secret.key');
    const stored = await Promise.all(storedFiles.map((name) => readFile(join(dataDir, name), 'latin1')));
    for (const secret of secrets) {
      assert.ok(!log.includes(secret), `the server log contains ${secret.slice(0, 12)}…: ${log.split('\n').find((l) => l.includes(secret))?.replace(secret, '<secret>')}`);
      for (const out of cliOutput) assert.ok(!out.includes(secret), `the CLI's log contains ${secret.slice(0, 12)}…`);
      for (const [i, file] of stored.entries()) assert.ok(!file.includes(secret), `${storedFiles[i]} holds ${secret.slice(0, 12)}… in the clear`);
    }
    assert.ok(!log.includes('whsec_'), 'no signing secret in the log');
    // Only the two callback answers that show the secret once carry one; no body ever carries a key.
    assert.equal(bodies.filter((b) => b.includes('whsec_')).length, 2);
    for (const body of bodies) for (const secret of secrets.filter((s) => !s.startsWith('whsec_'))) assert.ok(!body.includes(secret), `a response body contains ${secret.slice(0, 12)}…`);
  } finally {
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
