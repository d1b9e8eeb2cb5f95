// Requests broken below the JSON level: multipart bodies cut off, without a boundary, without their
// closing delimiter, flooded with fields, or larger than the request limit; paths with malformed
// percent-encodings, NULs and over-long ids. Every answer under /api/v1 is the spec's error envelope
// with a spec code and its status, never a 5xx; a refusal stores nothing. Generated over the class,
// on SQLite and (LEDGERLENS_TEST_DATABASE_URL) PostgreSQL.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { HTTP_STATUS } from '../../src/errors.js';
import { ERROR_CODES } from '../../src/schemas/error.schema.js';
import { signIn } from '../helpers/dashboard-client.js';
import { textPdf } from '../helpers/fixtures.js';
import { fuzzParams } from '../helpers/fuzz-params.js';
import { rawRequest, type RawResponse } from '../helpers/raw-http.js';
import { formData, startTestServer, waitForJob, type ApiResponse, type TestServer } from '../helpers/server.js';

const MAX_REQUEST_BYTES = 2_000_000;
const MAX_FILE_BYTES = 1_500_000;
const ENDPOINTS = ['/api/v1/documents', '/api/v1/documents/batch'] as const;
const fileField = (path: string) => (path.endsWith('batch') ? 'files' : 'file');

function assertSpecError(res: ApiResponse | RawResponse, label: string): void {
  assert.ok(res.status < 500, `${label}: ${res.status} ${JSON.stringify(res.body)}`);
  assert.deepEqual(Object.keys(res.body).sort(), ['error', 'success'], `${label}: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.success, false, label);
  assert.ok((ERROR_CODES as readonly string[]).includes(res.body.error.code), `${label}: ${res.body.error.code}`);
  assert.equal(res.status, HTTP_STATUS[res.body.error.code as keyof typeof HTTP_STATUS], label);
  assert.ok(res.body.error.message.length > 0, label);
}

function assertInvalidRequest(res: ApiResponse | RawResponse, label: string, message?: RegExp): void {
  assertSpecError(res, label);
  assert.equal(res.body.error.code, 'invalid_request', `${label}: ${JSON.stringify(res.body)}`);
  if (message) assert.match(res.body.error.message, message, label);
}

type Part = { kind: 'file'; field: string; filename: string; type: string; bytes: Buffer } | { kind: 'field'; name: string; value: string };

const encodePart = (boundary: string, part: Part) =>
  Buffer.concat([
    Buffer.from(
      part.kind === 'file'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`,
    ),
    part.kind === 'file' ? part.bytes : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);

/** A well-formed multipart body, where its parts end, and where its closing delimiter ends. */
function multipartBody(boundary: string, parts: Part[]): { body: Buffer; partsEnd: number; closedAt: number } {
  const head = Buffer.concat(parts.map((part) => encodePart(boundary, part)));
  const closing = Buffer.from(`--${boundary}--`);
  return { body: Buffer.concat([head, closing, Buffer.from('\r\n')]), partsEnd: head.length, closedAt: head.length + closing.length };
}

describe('malformed requests', () => {
  let server: TestServer;
  let pdf: Buffer;
  before(async () => {
    server = await startTestServer({ maxRequestBytes: MAX_REQUEST_BYTES, maxFileBytes: MAX_FILE_BYTES });
    pdf = await textPdf([['Invoice M-1', 'Total 5.00 EUR']]);
  });
  after(() => server.close());

  const post = (path: string, body: Buffer, contentType: string) => server.api(path, { method: 'POST', body, headers: { 'content-type': contentType } });

  async function stored(): Promise<Record<string, number>> {
    const { db } = server.services.store;
    const count = async (table: 'documents' | 'jobs' | 'usage_ledger') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { documents: await count('documents'), jobs: await count('jobs'), usage: await count('usage_ledger') };
  }

  test('the hand-written multipart body is read when it is whole', async () => {
    for (const path of ENDPOINTS) {
      const { body } = multipartBody('b0und4ry', [
        { kind: 'field', name: 'raw_text', value: 'true' },
        { kind: 'file', field: fileField(path), filename: 'm.pdf', type: 'application/pdf', bytes: pdf },
      ]);
      const res = await post(path, body, 'multipart/form-data; boundary=b0und4ry');
      assert.ok(res.status === 200 || res.status === 202, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
      // Finished before the tests below count what is stored.
      if (res.status === 202) assert.equal((await waitForJob(server, res.body.data.job_ids[0])).status, 'succeeded');
    }
  });

  test('the cases of the report: no boundary, cut inside a part, no closing boundary, eleven fields before the file', async () => {
    for (const path of ENDPOINTS) {
      const file: Part = { kind: 'file', field: fileField(path), filename: 'm.pdf', type: 'application/pdf', bytes: pdf };
      const { body, closedAt } = multipartBody('xyz', [file]);
      assertInvalidRequest(await post(path, body, 'multipart/form-data'), `${path} no boundary`, /boundary/);
      assertInvalidRequest(await post(path, body.subarray(0, 200), 'multipart/form-data; boundary=xyz'), `${path} cut`, /cut off/);
      // Where the parser stops depends on timing; either message says the body is incomplete.
      assertInvalidRequest(await post(path, body.subarray(0, closedAt - 2), 'multipart/form-data; boundary=xyz'), `${path} no closing`, /closing boundary|cut off/);
      const fields = Array.from({ length: 11 }, (_, i): Part => ({ kind: 'field', name: `note${i}`, value: 'x' }));
      assertInvalidRequest(await post(path, multipartBody('xyz', [...fields, file]).body, 'multipart/form-data; boundary=xyz'), `${path} eleven fields`, /unknown field/);
    }
  });

  test('property: generated malformed multipart bodies answer 400 invalid_request on both upload endpoints, and store nothing', async () => {
    const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,40}$/);
    const name = fc.stringMatching(/^[a-z_]{1,12}$/);
    const shape = fc.record({
      path: fc.constantFrom(...ENDPOINTS),
      boundary,
      // Valid option fields only, so that the breakage below is what the answer is about.
      before: fc.array(fc.oneof(fc.constant({ name: 'hints', value: '{}' }), fc.constant({ name: 'raw_text', value: 'true' }), fc.constant({ name: 'regions', value: 'false' })), { maxLength: 3 }),
      files: fc.integer({ min: 1, max: 3 }),
      fileBytes: fc.uint8Array({ minLength: 1, maxLength: 3000 }),
    });
    const breakage = fc.oneof(
      fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
      fc.record({ kind: fc.constant('no-boundary-param' as const), header: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8', 'multipart/form-data;boundary=""') }),
      fc.record({ kind: fc.constant('other-boundary' as const) }),
      fc.record({ kind: fc.constant('no-closing' as const), ending: fc.constantFrom('', '\r\n', '--', '--{b}', '--{b}\r\n', '--{b}-', '--{b}\r\n\r\n') }),
      fc.record({ kind: fc.constant('field-flood' as const), count: fc.integer({ min: 4, max: 40 }), name }),
    );
    await fc.assert(
      fc.asyncProperty(shape, breakage, async (s, broken) => {
        const dedupe = [...new Map(s.before.map((f) => [f.name, f])).values()];
        const files = Array.from({ length: s.files }, (_, i): Part => ({ kind: 'file', field: fileField(s.path), filename: `f${i}.pdf`, type: 'application/pdf', bytes: Buffer.from(s.fileBytes) }));
        let parts: Part[] = [...dedupe.map((f): Part => ({ kind: 'field', ...f })), ...files];
        let contentType = `multipart/form-data; boundary=${s.boundary}`;
        if (broken.kind === 'field-flood') parts = [...Array.from({ length: broken.count }, (_, i): Part => ({ kind: 'field', name: `${broken.name}${i}`, value: 'v' })), ...parts];
        let { body, partsEnd, closedAt } = multipartBody(s.boundary, parts);
        if (broken.kind === 'cut') body = body.subarray(0, Math.floor(broken.at * closedAt));
        if (broken.kind === 'no-boundary-param') contentType = broken.header;
        if (broken.kind === 'other-boundary') contentType = `multipart/form-data; boundary=${s.boundary}X`;
        if (broken.kind === 'no-closing') body = Buffer.concat([body.subarray(0, partsEnd), Buffer.from(broken.ending.replace('{b}', s.boundary))]);
        const before = await stored();
        const res = await post(s.path, body, contentType);
        assertInvalidRequest(res, `${broken.kind} on ${s.path}`);
        assert.deepEqual(await stored(), before, 'a refused request stores nothing');
      }),
      fuzzParams(150, 20261124),
    );
  });

  test('a multipart body over the request limit answers 413 file_too_large, whether its length is declared or streamed', async () => {
    const slice = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_FILE_BYTES / 2, 0x20)]);
    for (const path of ENDPOINTS) {
      const before = await stored();
      const declared = formData([0, 1, 2, 3].map((i) => ({ field: fileField(path), name: `s${i}.pdf`, bytes: slice, type: 'application/pdf' })));
      const res = await server.api(path, { method: 'POST', body: declared });
      assertSpecError(res, `${path} declared`);
      assert.equal(res.body.error.code, 'file_too_large');

      const streamed = await streamEndlessFiles(server, path, slice);
      // A client still writing when the server closes may see the reset before it reads the answer.
      if (streamed.response) {
        assertSpecError(streamed.response, `${path} streamed`);
        assert.equal(streamed.response.body.error.code, 'file_too_large');
      }
      // The server stopped at the limit: what was sent beyond it sat in socket buffers.
      assert.ok(streamed.sentBytes < MAX_REQUEST_BYTES + 16 * 1024 * 1024, `${streamed.sentBytes} bytes were sent before the answer`);
      assert.deepEqual(await stored(), before);
    }
    assert.equal((await server.api('/api/v1/usage')).status, 200, 'the service still answers');
  });

  test('property: malformed paths under /api/v1 answer the envelope with a spec code, with or without a key', async () => {
    const broken = fc.oneof(
      fc.constantFrom('%', '%Z', '%ZZ', '%0', '%00', '%FF', '%C0%80', '%ED%A0%80', '%E2%82', '%%', '%u0041', '%2', '\u007f'),
      fc.stringMatching(/^[a-z0-9_]{129,2000}$/),
      fc.uint8Array({ maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
      fc.string({ maxLength: 20 }).map((text) => text.replace(/[\r\n]/g, '')),
    );
    const where = fc.constantFrom('/api/v1/documents/', '/api/v1/jobs/', '/api/v1/documents?q=', '/api/v1/documents?cursor=', '/api/v1/', '/api/v1/callback/', '/api/v1/documents/doc_');
    await fc.assert(
      fc.asyncProperty(where, fc.array(broken, { minLength: 1, maxLength: 3 }), fc.constantFrom('GET', 'DELETE'), fc.boolean(), async (prefix, pieces, method, withKey) => {
        const path = prefix + pieces.join('');
        const key = withKey ? `x-api-key: ${server.key}\r\n` : '';
        const res = await rawRequest(server.baseUrl, Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${key}Connection: close\r\n\r\n`, 'utf8'));
        if (res.status < 300) assert.equal(res.body.success, true, `${path}: ${JSON.stringify(res.body)}`);
        else assertSpecError(res, `${method} ${JSON.stringify(path.slice(0, 80))}`);
      }),
      fuzzParams(200, 20261125),
    );
  });

  test('property: NULs and control characters in the text members of JSON uploads never reach a 5xx (PostgreSQL refuses NUL in text)', async () => {
    const nasty = fc.array(fc.oneof(fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\ud800', 'application/pdf', 'a'), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
    const entry = fc.record({ content: fc.constant(Buffer.from('no document here').toString('base64')), content_type: nasty, filename: nasty }, { requiredKeys: ['content'] });
    const body = fc.oneof(
      fc.tuple(entry, fc.option(nasty, { nil: undefined })).map(([e, hints]) => ({ ...e, ...(hints === undefined ? {} : { hints }) })),
      fc.array(entry, { minLength: 1, maxLength: 3 }).map((pages) => ({ pages })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (path, json) => {
        const res = await server.api(path, { method: 'POST', json });
        if (res.status === 202) return; // a batch: the job of a file that is no document fails at intake
        assertSpecError(res, `${path} ${JSON.stringify(json).slice(0, 200)}`);
      }),
      fuzzParams(60, 20261126),
    );
  });

  test('a NUL in a JSON body is refused with 400, on the API and on the dashboard', async () => {
    assertInvalidRequest(await server.api('/api/v1/callback', { method: 'PUT', json: { url: 'https://example.com/\u0000', enabled: true } }), 'callback', /NUL/);
    await server.services.owners.create('nul@example.com', 'a long enough password');
    const owner = await signIn(server.baseUrl, 'nul@example.com', 'a long enough password');
    const business = await owner.call('POST', '/businesses', { json: { name: 'Shop \u0000 X' } });
    assert.equal(business.status, 400, JSON.stringify(business.body));
    assert.equal(business.body.error.code, 'invalid_request');
    assert.equal((await owner.call('POST', '/businesses', { json: { name: 'Shop \\u0000 X' } })).status, 200, 'an escaped backslash before u0000 is text');
  });

  test('the paths of the report: %ZZ, an over-long id, a URL beyond the header limit, an id with %00', async () => {
    const get = (path: string) => rawRequest(server.baseUrl, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${server.key}\r\nConnection: close\r\n\r\n`);
    assertInvalidRequest(await get('/api/v1/documents/%ZZ'), '%ZZ', /percent-encoding/);
    assertInvalidRequest(await get(`/api/v1/documents/${'a'.repeat(300)}`), 'long id');
    assertInvalidRequest(await get(`/api/v1/documents/${'a'.repeat(20_000)}`), 'huge URL', /larger than/);
    assertInvalidRequest(await get('/api/v1/documents/doc_a%00b'), '%00 id', /NUL/);
    assertInvalidRequest(await get('/api/v1/jobs/%00'), '%00 job', /NUL/);
    assertInvalidRequest(await get('/api/v1/documents?q=%00'), '%00 search', /NUL/);
  });
});

/**
 * Streams multipart file parts without a Content-Length until the server answers or closes; what it
 * answered (null when the close reached the client before the answer did) and how much was sent.
 */
function streamEndlessFiles(server: TestServer, path: string, file: Buffer): Promise<{ response: RawResponse | null; sentBytes: number }> {
  const boundary = 'endless';
  const part = encodePart(boundary, { kind: 'file', field: fileField(path), filename: 'e.pdf', type: 'application/pdf', bytes: file });
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = httpRequest(url, { method: 'POST', headers: { 'x-api-key': server.key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ response: { status: res.statusCode!, headers: res.headers as Record<string, string>, body: JSON.parse(Buffer.concat(chunks).toString()) }, sentBytes }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ response: null, sentBytes });
      else reject(error);
    });
    const pump = () => {
      while (!answered && !req.destroyed) {
        sentBytes += part.length;
        if (sentBytes > 1024 * 1024 * 1024) return reject(new Error('1 GiB sent without an answer'));
        if (!req.write(part)) return req.once('drain', pump);
      }
    };
    pump();
  });
}
