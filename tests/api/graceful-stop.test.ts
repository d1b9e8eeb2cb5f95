// A graceful stop answers the requests under way and then ends, without waiting for the connections
// they came on to time out idle.
import assert from 'node:assert/strict';
import { request, type IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

// With the keep-alive timeout at ten minutes, a stop that waited for the connection would outlast the test's limit.
test('an upload under way when the server closes is answered with "Connection: close", and the close ends', { timeout: 120_000 }, async () => {
  const server = await startTestServer({}, { LEDGERLENS_KEEP_ALIVE_TIMEOUT_MS: '600000' });
  const boundary = 'graceful-stop-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stop.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    await textPdf([['Invoice S-1', 'Total 12.50 EUR']]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { port } = new URL(server.baseUrl);
  const upload = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/documents',
    agent: new (await import('node:http')).Agent({ keepAlive: true }),
    headers: { 'x-api-key': server.key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => upload.on('response', resolve).on('error', reject));
  // Half the request, then the stop, then the rest: the upload is under way when the server closes.
  upload.write(body.subarray(0, body.length >> 1));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closed = server.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  upload.end(body.subarray(body.length >> 1));
  const response = await answered;
  response.resume();
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers.connection, 'close');
  await closed;
});
