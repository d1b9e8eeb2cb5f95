// Slow clients hold connections and buffers: real sockets that send their headers or body a byte at
// a time, or stay idle after a request, are closed within the configured limits (plus the one-second
// check), and an answer, when one can still be given, is the envelope.
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { openSocket, parseResponse, readUntilClosed } from '../helpers/raw-http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { denseTextScan } from '../helpers/slow-page.js';

const HEADERS_MS = 1000;
const REQUEST_MS = 2000;
const KEEP_ALIVE_MS = 1000;
/** Longer than the request limit and its check: a request that takes this long to process still gets its answer. */
const EXTRACTION_MS = REQUEST_MS + 1500;
/** The server checks the limits every second; the rest is room for a busy machine. */
const MARGIN_MS = 1000 + 1500;

/** Writes one byte every `everyMs` until the socket closes (or `maxMs` passes, which fails the test). */
function trickle(socket: Socket, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write('a');
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('request timeouts', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS, keepAliveTimeoutMs: KEEP_ALIVE_MS, extractionTimeoutMs: EXTRACTION_MS });
  });
  after(() => server.close());

  test('a body sent one byte at a time with a valid key is cut at the request limit', { timeout: 15_000 }, async () => {
    const socket = await openSocket(server.baseUrl);
    const closed = readUntilClosed(socket);
    socket.write(
      `POST /api/v1/documents HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${server.key}\r\n` +
        `Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 100000\r\n\r\n--slow\r\n`,
    );
    trickle(socket, 200);
    const { bytes, closedAfterMs } = await closed;
    assert.ok(closedAfterMs >= REQUEST_MS - 100, `closed after ${closedAfterMs} ms, before the limit`);
    assert.ok(closedAfterMs < REQUEST_MS + MARGIN_MS, `still open ${closedAfterMs} ms after the request began`);
    const answer = parseResponse(bytes);
    if (answer) {
      assert.equal(answer.status, 400);
      assert.equal(answer.body.error.code, 'invalid_request');
      assert.match(answer.body.error.message, /time limit/);
    }
  });

  test('headers sent one byte at a time are cut at the headers limit, with an envelope answer', { timeout: 15_000 }, async () => {
    const socket = await openSocket(server.baseUrl);
    const closed = readUntilClosed(socket);
    socket.write(`GET /api/v1/usage HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${server.key}\r\nX-Slow: `);
    trickle(socket, 200);
    const { bytes, closedAfterMs } = await closed;
    assert.ok(closedAfterMs < HEADERS_MS + MARGIN_MS, `still open ${closedAfterMs} ms after the headers began`);
    const answer = parseResponse(bytes);
    assert.ok(answer, 'an answer before the close');
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { success: false, error: { code: 'invalid_request', message: 'the request was not received within the time limit' } });
  });

  test('a kept-alive connection left idle after its request is closed at the keep-alive limit', { timeout: 15_000 }, async () => {
    const socket = await openSocket(server.baseUrl);
    const closed = readUntilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { bytes, closedAfterMs } = await closed;
    assert.equal(parseResponse(bytes)?.status, 200);
    assert.ok(closedAfterMs >= KEEP_ALIVE_MS - 100, `closed after ${closedAfterMs} ms`);
    assert.ok(closedAfterMs < KEEP_ALIVE_MS + MARGIN_MS, `idle connection still open after ${closedAfterMs} ms`);
  });

  test('only receiving the request is timed: a synchronous upload processed past the request limit gets its answer', { timeout: 30_000 }, async () => {
    const content = (await denseTextScan()).toString('base64');
    const started = Date.now();
    const res = await server.api('/api/v1/documents', { method: 'POST', json: { content, content_type: 'image/png' } });
    assert.ok(Date.now() - started > REQUEST_MS + 1000, `answered after ${Date.now() - started} ms: the file was not slow enough to show it`);
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'processing_failed');
  });

  test('the limits are configured by environment, with defaults, and a header limit above the request limit is refused', () => {
    const defaults = loadConfig({});
    assert.deepEqual([defaults.headersTimeoutMs, defaults.requestTimeoutMs, defaults.keepAliveTimeoutMs], [30_000, 300_000, 72_000]);
    const set = loadConfig({ LEDGERLENS_HEADERS_TIMEOUT_MS: '5000', LEDGERLENS_REQUEST_TIMEOUT_MS: '60000', LEDGERLENS_KEEP_ALIVE_TIMEOUT_MS: '4000' });
    assert.deepEqual([set.headersTimeoutMs, set.requestTimeoutMs, set.keepAliveTimeoutMs], [5000, 60_000, 4000]);
    assert.throws(() => loadConfig({ LEDGERLENS_HEADERS_TIMEOUT_MS: '60000', LEDGERLENS_REQUEST_TIMEOUT_MS: '30000' }), ConfigError);
    assert.throws(() => loadConfig({ LEDGERLENS_REQUEST_TIMEOUT_MS: 'soon' }), /LEDGERLENS_REQUEST_TIMEOUT_MS/);
  });
});
