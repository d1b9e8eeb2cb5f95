// Every hostile-input class of docs/reliability.md, sent over real HTTP as a single upload and as a
// batch: a clear 4xx code, or a 200 where the file is really readable, never a 5xx; nothing is
// half-stored on a refusal; and the service keeps answering while a file slow to read holds the thread.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { textPdf } from '../helpers/fixtures.js';
import { fuzzParams } from '../helpers/fuzz-params.js';
import { HOSTILE_LIMITS, hostileCases, type Expected, type HostileCase, type HostileFile } from '../helpers/hostile-files.js';
import { startTestServer, waitForJob, type ApiResponse, type TestServer } from '../helpers/server.js';
import { denseTextScan } from '../helpers/slow-page.js';

const cases = await hostileCases();
/**
 * Short enough that the scan read below for minutes is stopped within the test, long enough for OCR
 * of the image cases and for a fresh thread's first document on a crowded machine.
 */
const TIMEOUT_MS = 15_000;

/** A multipart body written by hand, so a filename can be any bytes, invalid UTF-8 included. */
function multipart(field: string, file: HostileFile): { body: Buffer; contentType: string } {
  const boundary = `----ledgerlens${randomBytes(8).toString('hex')}`;
  const name = file.rawName ?? Buffer.from(file.name);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="`),
    name,
    Buffer.from(`"\r\nContent-Type: ${file.declaredType ?? 'application/octet-stream'}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(server: TestServer, path: string, input: HostileCase['input']): Promise<ApiResponse> {
  const { body, contentType } = input.kind === 'file' ? multipart(path.endsWith('batch') ? 'files' : 'file', input) : input;
  return server.api(path, { method: 'POST', body, headers: { 'content-type': contentType } });
}

type Refusal = Exclude<Expected, { status: 200 }>;

function assertRefused(res: ApiResponse, expected: Refusal, label: string): void {
  assert.equal(res.status, expected.status, `${label}: ${JSON.stringify(res.body)}`);
  assert.deepEqual(Object.keys(res.body).sort(), ['error', 'success'], label);
  assert.equal(res.body.error.code, expected.code, label);
  assert.match(res.body.error.message, expected.message ?? /./, label);
}

function assertRead(res: ApiResponse, expected: Extract<Expected, { status: 200 }>, label: string): void {
  assert.equal(res.status, 200, `${label}: ${JSON.stringify(res.body)}`);
  const document = res.body.data;
  if (expected.warning) assert.ok(document.warnings.some((w: string) => expected.warning!.test(w)), `${label}: ${JSON.stringify(document.warnings)}`);
  if (expected.filename) assert.equal(document.filename, expected.filename, label);
  if (expected.contentType) assert.equal(document.content_type, expected.contentType, label);
}

describe('hostile input', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ...HOSTILE_LIMITS, extractionTimeoutMs: TIMEOUT_MS });
  });
  after(() => server.close());

  /** Rows of every table an upload writes to. */
  async function stored(): Promise<Record<string, number>> {
    const { db } = server.services.store;
    const count = async (table: 'documents' | 'files' | 'usage_ledger' | 'jobs' | 'deliveries') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { documents: await count('documents'), files: await count('files'), usage: await count('usage_ledger'), jobs: await count('jobs') };
  }

  const plus = (state: Record<string, number>, change: Record<string, number>) =>
    Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v + (change[k] ?? 0)]));

  for (const hostile of cases) {
    test(`${hostile.name} (${hostile.covers}): single upload answers ${hostile.single.status}`, async () => {
      const before = await stored();
      const res = await send(server, '/api/v1/documents', hostile.input);
      if (hostile.single.status === 200) {
        assertRead(res, hostile.single as Extract<Expected, { status: 200 }>, hostile.name);
        assert.deepEqual(await stored(), plus(before, { documents: 1, files: 1, usage: 1 }));
      } else {
        assertRefused(res, hostile.single as Refusal, hostile.name);
        assert.deepEqual(await stored(), before, 'a refused upload stores nothing');
      }
    });

    test(`${hostile.name} (${hostile.covers}): batch`, async () => {
      const before = await stored();
      const res = await send(server, '/api/v1/documents/batch', hostile.input);
      if (hostile.batch === 'same') {
        assertRefused(res, hostile.single as Refusal, `${hostile.name} batch`);
        assert.deepEqual(await stored(), before, 'a refused batch queues nothing');
        return;
      }
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const job = await waitForJob(server, res.body.data.job_ids[0]);
      if (hostile.batch.job === 'failed') {
        assert.equal(job.status, 'failed', JSON.stringify(job));
        assert.equal(job.error.code, hostile.batch.code);
        assert.match(job.error.message, (hostile.single as Refusal).message ?? /./);
        assert.deepEqual(await stored(), plus(before, { jobs: 1 }), 'a failed job stores no document, file or usage');
        assert.equal((await server.api(`/api/v1/documents/${res.body.data.document_ids[0]}`)).status, 404);
      } else {
        assert.equal(job.status, 'succeeded', JSON.stringify(job));
        assert.deepEqual(await stored(), plus(before, { documents: 1, files: 1, usage: 1, jobs: 1 }));
      }
    });
  }

  test('the service answers /healthz and lists promptly while a file slow to read holds the extraction thread, and is stopped at the time limit', async () => {
    const before = await stored();
    // Drawn before the clock starts: on a crowded machine drawing the scan took longer than the limit.
    const bytes = await denseTextScan();
    let pending = true;
    const started = Date.now();
    const slow = send(server, '/api/v1/documents', { kind: 'file', name: 'dense.png', bytes }).finally(() => (pending = false));
    await new Promise((resolve) => setTimeout(resolve, 500));
    let probesWhilePending = 0;
    // The request ends at the time limit, once its turn on a thread has come: the probes go on while it is under way.
    while (pending && Date.now() - started < 4 * TIMEOUT_MS) {
      const t0 = Date.now();
      const health = await fetch(`${server.baseUrl}/healthz`);
      const list = await server.api('/api/v1/documents?limit=5');
      assert.equal(health.status, 200);
      assert.equal(list.status, 200);
      // Generous: the event loop is free, so this is milliseconds; a blocked loop would take seconds.
      assert.ok(Date.now() - t0 < 1000, `probe took ${Date.now() - t0} ms`);
      if (pending) probesWhilePending++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(probesWhilePending >= 5, `only ${probesWhilePending} probes ran while the file was processed`);
    assertRefused(await slow, { status: 422, code: 'processing_failed', message: /took longer than/ }, 'slow');
    assert.deepEqual(await stored(), before);
    // The thread that was stopped is replaced: the next document is read as usual.
    const next = await server.api('/api/v1/documents', { method: 'POST', json: { content: (await textPdf([['Invoice 9', 'Total 3.00 EUR']])).toString('base64'), filename: 'after.pdf' } });
    assert.equal(next.status, 200, JSON.stringify(next.body));
  });

  test('property: hostile files cut or with bytes overwritten still get a clear answer, never a 5xx, and a refusal stores nothing', async () => {
    const files = cases.filter((c): c is HostileCase & { input: HostileFile } => c.input.kind === 'file' && c.input.bytes.length < 100_000);
    const mutation = fc.record({
      index: fc.nat(files.length - 1),
      cut: fc.double({ min: 0.05, max: 1, noNaN: true }),
      writes: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 8 }),
    });
    await fc.assert(
      fc.asyncProperty(mutation, async ({ index, cut, writes }) => {
        const source = files[index]!.input;
        const bytes = Buffer.from(source.bytes.subarray(0, Math.max(1, Math.floor(source.bytes.length * cut))));
        for (const { at, byte } of writes) bytes[Math.floor(at * bytes.length)] = byte;
        const before = await stored();
        const res = await send(server, '/api/v1/documents', { ...source, bytes });
        assert.ok(res.status < 500, `${files[index]!.name}: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status !== 200) {
          assert.match(res.body.error.code, /^(invalid_request|unsupported_media_type|file_too_large|too_many_pages|pdf_unreadable|pdf_password_required|processing_failed)$/);
          assert.deepEqual(await stored(), before);
        }
      }),
      fuzzParams(15, 20261123),
    );
  });
});
