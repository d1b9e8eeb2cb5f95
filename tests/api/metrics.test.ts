// /metrics over real HTTP: request counts by route pattern, extraction stage times from the worker
// thread, queue depth read from the database, delivery outcomes; off when configured so; on a port
// of its own in the worker role.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { textPdf } from '../helpers/fixtures.js';
import { freePort, startServeProcess, startWorkerProcess } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { formData, startTestServer, waitForJob, type TestServer } from '../helpers/server.js';

/** The value of one sample line, e.g. `name{a="b"}`, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  let server: TestServer;
  let receiver: Receiver;
  let pdf: Buffer;
  before(async () => {
    pdf = await textPdf([['Invoice 2024-5', 'Date 05.01.2024', 'Total 12.50 EUR']]);
    receiver = await startReceiver();
    server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });
  const scrape = async () => {
    const res = await fetch(`${server.baseUrl}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  test('requests are counted by route pattern, method and status, with latency, and no id reaches a label', async () => {
    const upload = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'a.pdf', bytes: pdf }]) });
    assert.equal(upload.status, 200);
    assert.equal((await server.api(`/api/v1/documents/${upload.body.data.id}`)).status, 200);
    assert.equal((await server.api('/api/v1/documents/doc_unknown')).status, 404);
    assert.equal((await server.api('/api/v1/documents?limit=0')).status, 400);
    const text = await scrape();
    assert.equal(sample(text, 'ledgerlens_http_requests_total{route="/api/v1/documents",method="POST",status="200"}'), 1);
    assert.equal(sample(text, 'ledgerlens_http_requests_total{route="/api/v1/documents/:document_id",method="GET",status="200"}'), 1);
    assert.equal(sample(text, 'ledgerlens_http_requests_total{route="/api/v1/documents/:document_id",method="GET",status="404"}'), 1);
    assert.equal(sample(text, 'ledgerlens_http_requests_total{route="/api/v1/documents",method="GET",status="400"}'), 1);
    assert.equal(sample(text, 'ledgerlens_http_request_duration_seconds_count{route="/api/v1/documents",method="POST",status="200"}'), 1);
    assert.ok(!/doc_[a-z0-9]{20}/.test(text), 'no document id in the metrics');
    assert.ok(!text.includes(server.key), 'no key in the metrics');
    assert.ok((sample(text, 'ledgerlens_process_resident_memory_bytes') ?? 0) > 0, 'process metrics are there');
  });

  test('each pipeline stage of a document is timed in the worker thread and counted with its result', async () => {
    const text = await scrape();
    for (const stage of ['open', 'text_layer', 'layout', 'fields', 'reconcile', 'page_hash']) {
      assert.ok((sample(text, `ledgerlens_extraction_stage_duration_seconds_count{stage="${stage}"}`) ?? 0) >= 1, stage);
    }
    assert.ok((sample(text, 'ledgerlens_extraction_stage_duration_seconds_sum{stage="open"}') ?? 0) > 0);
    assert.ok((sample(text, 'ledgerlens_extractions_total{result="ok"}') ?? 0) >= 1);
    const broken = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'b.pdf', bytes: Buffer.from('%PDF-1.7\nnothing') }]) });
    assert.equal(broken.status, 422);
    assert.equal(sample(await scrape(), 'ledgerlens_extractions_total{result="pdf_unreadable"}'), 1);
  });

  test('queue depth is read from the database at scrape time, and delivery outcomes are counted', async () => {
    const put = await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const business = (await server.services.keys.authenticate(server.key))!.businessId;
    const { db } = server.services.store;
    assert.equal(sample(await scrape(), 'ledgerlens_jobs{status="queued"}'), 0);
    const batch = await server.api('/api/v1/documents/batch', { method: 'POST', body: formData([{ field: 'files', name: 'c.pdf', bytes: pdf }]) });
    assert.equal(batch.status, 202);
    await waitForJob(server, batch.body.data.job_ids[0]);
    await receiver.waitFor(1);
    for (let i = 0; i < 100 && (sample(await scrape(), 'ledgerlens_callback_delivery_attempts_total{outcome="delivered"}') ?? 0) < 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const text = await scrape();
    assert.equal(sample(text, 'ledgerlens_callback_delivery_attempts_total{outcome="delivered"}'), 1);
    assert.equal(sample(text, 'ledgerlens_callback_deliveries_pending'), 0);
    assert.equal(sample(text, 'ledgerlens_jobs{status="processing"}'), 0);

    // A row written directly stands for a delivery another process queued on the same database.
    await db.insertInto('deliveries').values({
      id: 'dlv_metrics', business_id: business, document_id: batch.body.data.document_ids[0], event_id: 'evt_metrics', payload: '{}',
      status: 'queued', attempts: 0, last_http_status: null, last_error: null, next_attempt_at: '2999-01-01T00:00:00.000Z', created_at: new Date().toISOString(), delivered_at: null,
    }).execute();
    assert.equal(sample(await scrape(), 'ledgerlens_callback_deliveries_pending'), 1);
  });
});

test('queued jobs show in the gauge while no worker runs', async () => {
  const server = await startTestServer({ runWorkers: false });
  try {
    const pdf = await textPdf([['x']]);
    const files = [0, 1, 2].map((i) => ({ field: 'files', name: `${i}.pdf`, bytes: pdf }));
    assert.equal((await server.api('/api/v1/documents/batch', { method: 'POST', body: formData(files) })).status, 202);
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    assert.equal(sample(text, 'ledgerlens_jobs{status="queued"}'), 3);
  } finally {
    await server.close();
  }
});

test('LEDGERLENS_METRICS=0 turns /metrics off', async () => {
  const server = await startTestServer({}, { LEDGERLENS_METRICS: '0' });
  try {
    assert.equal((await fetch(`${server.baseUrl}/metrics`)).status, 404);
  } finally {
    await server.close();
  }
});

test('with LEDGERLENS_METRICS_PORT the worker and serve roles answer /metrics on that port, and serve no longer on its API port', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-metrics-'));
  const [workerPort, servePort] = [await freePort(), await freePort()];
  const worker = await startWorkerProcess({ LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_METRICS_PORT: String(workerPort), HOST: '127.0.0.1' });
  const serve = await startServeProcess({ LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_METRICS_PORT: String(servePort) }, ['--no-workers']);
  try {
    for (const port of [workerPort, servePort]) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.equal(sample(text, 'ledgerlens_jobs{status="queued"}'), 0);
      assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
    }
    assert.equal((await fetch(`${serve.baseUrl}/metrics`)).status, 404);
  } finally {
    await serve.stop();
    await worker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
