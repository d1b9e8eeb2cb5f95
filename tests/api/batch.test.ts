// Batch upload: 202 with job ids in upload order, each job run once to succeeded or failed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { encryptedPdf, jpegImage, textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, waitForJob, type TestServer } from '../helpers/server.js';

describe('POST /api/v1/documents/batch and GET /api/v1/jobs/{id}', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('multipart files: one job per file, in upload order, each becomes its document', async () => {
    const names = ['a.pdf', 'b.jpg', 'c.pdf', 'd.pdf'];
    const files = [await textPdf([['A']]), await jpegImage(), await textPdf([['C'], ['C2']]), await textPdf([['D']])];
    const res = await server.api('/api/v1/documents/batch', {
      method: 'POST',
      body: formData(files.map((bytes, i) => ({ field: 'files', name: names[i]!, bytes })), { raw_text: 'true' }),
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const batch = res.body.data;
    assert.deepEqual(Object.keys(batch).sort(), ['count', 'created_at', 'document_ids', 'id', 'job_ids', 'status']);
    assert.equal(batch.status, 'queued');
    assert.equal(batch.count, 4);
    assert.equal(batch.job_ids.length, 4);
    assert.equal(new Set(batch.job_ids).size, 4);

    for (const [i, jobId] of batch.job_ids.entries()) {
      const job = await waitForJob(server, jobId);
      assert.equal(job.status, 'succeeded');
      assert.equal(job.type, 'document');
      assert.equal(job.error, null);
      assert.equal(job.document_id, batch.document_ids[i]);
      const doc = await server.api(`/api/v1/documents/${job.document_id}`);
      assert.equal(doc.body.data.filename, names[i]);
      assert.equal(doc.body.data.pages, i === 2 ? 2 : 1);
      if (names[i]!.endsWith('.pdf')) assert.match(doc.body.data.raw_text, new RegExp(names[i]![0]!.toUpperCase()));
    }
    assert.equal((await server.api('/api/v1/usage')).body.data.documents, 4);
  });

  test('JSON pages: each entry is an independent document', async () => {
    const pdf = (await textPdf([['x']])).toString('base64');
    const res = await server.api('/api/v1/documents/batch', {
      method: 'POST',
      json: { pages: [{ content: pdf, filename: 'one.pdf' }, { content: pdf, filename: 'two.pdf' }] },
    });
    assert.equal(res.status, 202);
    assert.equal(res.body.data.count, 2);
    const jobs = await Promise.all(res.body.data.job_ids.map((id: string) => waitForJob(server, id)));
    assert.deepEqual(jobs.map((j) => j.status), ['succeeded', 'succeeded']);
  });

  test('JSON content: a batch of one', async () => {
    const res = await server.api('/api/v1/documents/batch', { method: 'POST', json: { content: (await textPdf([['x']])).toString('base64') } });
    assert.equal(res.status, 202);
    assert.equal(res.body.data.count, 1);
    assert.equal((await waitForJob(server, res.body.data.job_ids[0])).status, 'succeeded');
  });

  test('a document that cannot be read fails its job with the error code, and stores nothing', async () => {
    const before = (await server.api('/api/v1/usage')).body.data.documents;
    const res = await server.api('/api/v1/documents/batch', {
      method: 'POST',
      body: formData([{ field: 'files', name: 'locked.pdf', bytes: await encryptedPdf() }]),
    });
    assert.equal(res.status, 202);
    const job = await waitForJob(server, res.body.data.job_ids[0]);
    assert.equal(job.status, 'failed');
    assert.equal(job.document_id, null);
    assert.equal(job.error.code, 'pdf_password_required');
    assert.equal((await server.api(`/api/v1/documents/${res.body.data.document_ids[0]}`)).status, 404);
    assert.equal((await server.api('/api/v1/usage')).body.data.documents, before);
  });

  test('more than 100 files is invalid_request', async () => {
    const pdf = await textPdf([['x']]);
    const files = Array.from({ length: 101 }, (_, i) => ({ field: 'files', name: `f${i}.pdf`, bytes: pdf }));
    const res = await server.api('/api/v1/documents/batch', { method: 'POST', body: formData(files) });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    const json = await server.api('/api/v1/documents/batch', {
      method: 'POST',
      json: { pages: Array.from({ length: 101 }, () => ({ content: pdf.toString('base64') })) },
    });
    assert.equal(json.status, 400);
  });

  test('jobs belong to their business', async () => {
    const res = await server.api('/api/v1/documents/batch', { method: 'POST', json: { content: (await textPdf([['x']])).toString('base64') } });
    const jobId = res.body.data.job_ids[0];
    const foreign = await server.api(`/api/v1/jobs/${jobId}`, { key: server.otherKey });
    assert.equal(foreign.status, 404);
    await waitForJob(server, jobId);
  });
});
