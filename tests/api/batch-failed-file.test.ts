// A batch is one job per document: a file that is no document fails its own job with the code a
// single upload of it would answer, the other files are processed, and only they produce callback
// events. Whole-batch refusals are kept for faults of the request itself.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { jpegImage, textPdf } from '../helpers/fixtures.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { formData, startTestServer, waitForJob, type TestServer } from '../helpers/server.js';

describe('a batch with files that cannot be read', () => {
  let server: TestServer;
  let receiver: Receiver;
  const batch = (files: { name: string; bytes: Buffer; type?: string }[]) =>
    server.api('/api/v1/documents/batch', { method: 'POST', body: formData(files.map((f) => ({ field: 'files', ...f }))) });
  const deliveries = async () => Number((await server.services.store.db.selectFrom('deliveries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  before(async () => {
    server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' });
    receiver = await startReceiver();
    const res = await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  test('is accepted; each unreadable file fails its job with its code and message, the others become documents, with one event each', async () => {
    const res = await batch([
      { name: 'ok.pdf', bytes: await textPdf([['Invoice 1', 'Total 10.00 EUR']]), type: 'application/pdf' },
      { name: 'notes.txt', bytes: Buffer.from('hello there, no document here'), type: 'text/plain' },
      { name: 'junk.pdf', bytes: Buffer.from('these bytes were labelled as a PDF'), type: 'application/pdf' },
      { name: 'photo.jpg', bytes: await jpegImage(), type: 'image/jpeg' },
    ]);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.body.data.count, 4);
    const jobs = await Promise.all(res.body.data.job_ids.map((id: string) => waitForJob(server, id)));
    assert.deepEqual(jobs.map((j) => j.status), ['succeeded', 'failed', 'failed', 'succeeded']);
    assert.equal(jobs[1].error.code, 'unsupported_media_type');
    assert.match(jobs[1].error.message, /cannot be processed/);
    assert.equal(jobs[2].error.code, 'pdf_unreadable');
    assert.match(jobs[2].error.message, /sent as a PDF/);
    for (const failed of [jobs[1], jobs[2]]) assert.equal(failed.document_id, null);
    for (const index of [1, 2]) assert.equal((await server.api(`/api/v1/documents/${res.body.data.document_ids[index]}`)).status, 404);
    assert.equal((await server.api('/api/v1/usage')).body.data.documents, 2);

    await receiver.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(receiver.requests.length, 2, 'no event for a failed job');
    assert.deepEqual(receiver.requests.map((r) => JSON.parse(r.body).data.id).sort(), [res.body.data.document_ids[0], res.body.data.document_ids[3]].sort());
    assert.equal(await deliveries(), 2);
  });

  test('a batch of only unreadable files is accepted too, with every job failed and nothing stored', async () => {
    const res = await batch([{ name: 'a.txt', bytes: Buffer.from('just text') }]);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const job = await waitForJob(server, res.body.data.job_ids[0]);
    assert.equal(job.status, 'failed');
    assert.equal(job.error.code, 'unsupported_media_type');
    const inputs = await server.services.store.db.selectFrom('job_inputs').select('job_id').where('job_id', '=', job.id).execute();
    assert.deepEqual(inputs, [], 'no input is kept for a job failed at intake');
    assert.equal(await deliveries(), 2);
  });

  test('faults of the request itself still refuse the batch whole: no files, more than 100', async () => {
    const noFile = await server.api('/api/v1/documents/batch', { method: 'POST', body: formData([], { hints: '{}' }) });
    assert.equal(noFile.status, 400);
    assert.equal(noFile.body.error.code, 'invalid_request');
    const files = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from('x') }));
    const tooMany = await batch(files);
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.error.code, 'invalid_request');
  });
});
