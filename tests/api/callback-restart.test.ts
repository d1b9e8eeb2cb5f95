// A delivery that was being sent when its process died is sent again by the next process once the
// dead worker's lease runs out: the event is neither lost nor duplicated under another id.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { verifyCallback } from '../../src/index.js';
import { textPdf } from '../helpers/fixtures.js';
import { runCli, startServeProcess } from '../helpers/process.js';
import { startReceiver } from '../helpers/receiver.js';

test('a delivery in flight when the process is killed is retried after a restart', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-callback-restart-'));
  const env = { LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1', LEDGERLENS_CALLBACK_TIMEOUT_MS: '1500', LEDGERLENS_EXTRACTION_THREADS: '1' };
  const receiver = await startReceiver();
  receiver.answer = () => undefined; // the first attempt hangs until the sender dies
  const created = await runCli(['keys', 'create', '--business', 'Restart'], env);
  assert.equal(created.code, 0, created.stderr);
  const key = created.stdout.trim().split('\n').at(-1)!;
  let serve = await startServeProcess(env);
  try {
    const call = (path: string, init: RequestInit = {}) => fetch(serve.baseUrl + path, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers } });
    const setup = (await (await call('/api/v1/callback', { method: 'PUT', body: JSON.stringify({ url: receiver.url, enabled: true }) })).json()) as any;
    assert.ok(setup.data, JSON.stringify(setup));
    const secret = setup.data.signing_secret as string;
    const pdf = await textPdf([['Invoice 17', 'Total 12,50 EUR']]);
    const uploaded = await call('/api/v1/documents', { method: 'POST', body: JSON.stringify({ content: pdf.toString('base64'), filename: 'a.pdf' }) });
    assert.equal(uploaded.status, 200);
    const documentId = ((await uploaded.json()) as any).data.id as string;

    await receiver.waitFor(1);
    await serve.stop('SIGKILL');
    const db = new SQLite(join(dataDir, 'ledgerlens.db'), { readonly: true });
    const stranded = db.prepare('select status, attempts from deliveries where document_id = ?').get(documentId);
    db.close();
    assert.deepEqual(stranded, { status: 'sending', attempts: 1 });

    receiver.answer = (res) => res.writeHead(200).end();
    serve = await startServeProcess(env);
    await receiver.waitFor(2);
    const [first, second] = receiver.requests.map((r) => verifyCallback(secret, r.headers, r.body));
    assert.equal(second!.id, first!.id);
    assert.equal(receiver.requests[1]!.body, receiver.requests[0]!.body);
    assert.equal(second!.data.id, documentId);

    let delivery: any;
    for (let i = 0; i < 100; i++) {
      delivery = ((await (await call('/api/v1/callback')).json()) as any).data.deliveries[0];
      if (delivery.status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual([delivery.status, delivery.attempts, delivery.last_http_status], ['delivered', 2, 200]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(receiver.requests.length, 2);
  } finally {
    await serve.stop();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
