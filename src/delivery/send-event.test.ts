// sendEvent against real local HTTP servers: what counts as delivered, what fails and how it is told.
import assert from 'node:assert/strict';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { sendEvent } from './send-event.js';

const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

async function receiver(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const local = { timeoutMs: 1000, allowPrivate: true };

test('a 2xx answer is a delivery; the body and headers arrive as sent', async () => {
  let got = { body: '', type: '', agent: '' };
  const url = await receiver((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got = { body, type: req.headers['content-type'] ?? '', agent: req.headers['user-agent'] ?? '' };
      res.writeHead(204).end();
    });
  });
  const result = await sendEvent(url, '{"a":"õ"}', { 'Content-Type': 'application/json', 'User-Agent': 'ledgerlens/test' }, local);
  assert.deepEqual(result, { ok: true, status: 204 });
  assert.deepEqual(got, { body: '{"a":"õ"}', type: 'application/json', agent: 'ledgerlens/test' });
});

test('a server error, a redirect (not followed), a refused connection and a silent receiver are failures', async () => {
  const failing = await receiver((_req, res) => res.writeHead(500).end('boom'));
  assert.deepEqual(await sendEvent(failing, '{}', {}, local), { ok: false, status: 500, error: 'HTTP 500' });

  let followed = false;
  const target = await receiver((_req, res) => {
    followed = true;
    res.writeHead(200).end();
  });
  const redirecting = await receiver((_req, res) => res.writeHead(302, { Location: target }).end());
  assert.deepEqual(await sendEvent(redirecting, '{}', {}, local), { ok: false, status: 302, error: 'redirect (HTTP 302) not followed' });
  assert.equal(followed, false);

  const closed = await receiver(() => undefined);
  servers.at(-1)!.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const refused = await sendEvent(closed, '{}', {}, local);
  assert.deepEqual(refused, { ok: false, status: null, error: 'connection refused (ECONNREFUSED)' });

  const silent = await receiver(() => undefined);
  const started = Date.now();
  assert.deepEqual(await sendEvent(silent, '{}', {}, { ...local, timeoutMs: 300 }), { ok: false, status: null, error: 'no answer within 0.3 s' });
  assert.ok(Date.now() - started < 2000);
});

test('without the development setting: plain http, private literals and names resolving to private addresses are refused', async () => {
  const strict = { timeoutMs: 1000, allowPrivate: false };
  assert.match((await sendEvent('http://hooks.example.com/x', '{}', {}, strict) as { error: string }).error, /must use https/);
  for (const literal of ['https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[::ffff:192.168.1.1]/x']) {
    assert.match((await sendEvent(literal, '{}', {}, strict) as { error: string }).error, /^refused: /, literal);
  }
  // The address check happens on the DNS answer the socket uses, so a public-looking name that
  // resolves to a private address (DNS rebinding) is refused at delivery time.
  let asked = '';
  const rebinding = ((host: string, _options: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) => {
    asked = host;
    callback(null, [{ address: '10.0.0.1', family: 4 }]);
  }) as never;
  const result = await sendEvent('https://hooks.example.com/x', '{}', {}, { ...strict, lookup: rebinding });
  assert.equal(asked, 'hooks.example.com');
  assert.deepEqual(result, { ok: false, status: null, error: 'refused: hooks.example.com resolves to 10.0.0.1, a private, loopback, link-local or metadata address' });
});
