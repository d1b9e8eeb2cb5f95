// LEDGERLENS_SYNC_EXTRACTION=worker: a synchronous upload is extracted by the job workers and answered
// as if the API process had done it, errors included.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { corruptPdf, textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

describe('synchronous uploads handed to workers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({}, { LEDGERLENS_SYNC_EXTRACTION: 'worker' });
  });
  after(() => server.close());

  test('the answer is the processed document, extracted by a job', async () => {
    const pdf = await textPdf([['Arve nr: 2024-17', 'Kuupäev: 05.01.2024', 'Kokku: 122,00 EUR']]);
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'arve.pdf', bytes: pdf }]) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.filename, 'arve.pdf');
    assert.equal(res.body.data.extraction.document_number, '2024-17');
    const jobs = await server.services.store.db.selectFrom('jobs').select(['status', 'document_id']).execute();
    assert.deepEqual(jobs, [{ status: 'succeeded', document_id: res.body.data.id }]);
  });

  test('a document the worker cannot read gets the same error as a local extraction', async () => {
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: 'broken.pdf', bytes: corruptPdf() }]) });
    assert.equal(res.status, 422);
    assert.equal(res.body.error.code, 'pdf_unreadable');
  });
});
