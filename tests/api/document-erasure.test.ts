// DELETE removes a document and its extraction permanently: after it, no table of the store holds
// its text (raw text, extracted number, filename) in any column, including the callback events that
// carried it; its id remains only as a reference (the usage ledger, the job that made it, the delivery
// log), and usage still counts it. Runs on SQLite and, with the PostgreSQL suite, on PostgreSQL.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { textPdf } from '../helpers/fixtures.js';
import { startReceiver } from '../helpers/receiver.js';
import { formData, startTestServer, waitForJob, type TestServer } from '../helpers/server.js';

/** Columns where a deleted document's id may stay: references that carry none of its content. */
const ID_REFERENCES = new Set(['usage_ledger.document_id', 'jobs.document_id', 'deliveries.document_id']);

/** Every table of the store, every row and column, as text; binary columns read as latin1 (a superset of the bytes). */
async function everyCell(server: TestServer): Promise<{ where: string; text: string }[]> {
  const { db, profile } = server.services.store;
  const tables =
    profile.name === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows.map((r) => r.name);
  assert.ok(tables.includes('deliveries') && tables.includes('document_fingerprints'), tables.join());
  const cells: { where: string; text: string }[] = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = Buffer.isBuffer(value) || value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value);
        cells.push({ where: `${table}.${column}`, text });
      }
    }
  }
  return cells;
}

test('after DELETE no table holds the document\'s text, its events are scrubbed and cancelled, usage still counts it', async () => {
  const receiver = await startReceiver();
  const server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1', LEDGERLENS_CALLBACK_TIMEOUT_MS: '2000' });
  try {
    const mark = randomBytes(6).toString('hex').toUpperCase();
    const secrets = { rawText: `Märkus ${mark}Q`, number: `NR${mark}`, filename: `erase-${mark}.pdf` };
    const pdf = await textPdf([['Põhjala Kaubandus OÜ', 'KMKR: EE100931558', `Arve nr: ${secrets.number}`, 'Kuupäev: 05.01.2024', 'Kokku: 122,00 EUR', secrets.rawText]]);
    assert.equal((await server.api('/api/v1/callback', { method: 'PUT', json: { url: receiver.url, enabled: true } })).status, 200);

    // One upload, one batch job of the same file (a duplicate of it), both delivered; a third whose
    // event is still queued when it is deleted.
    const sync = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: secrets.filename, bytes: pdf }], { raw_text: 'true' }) });
    assert.equal(sync.status, 200, JSON.stringify(sync.body));
    assert.equal(sync.body.data.extraction.document_number, secrets.number, 'the marker is extracted');
    const batch = await server.api('/api/v1/documents/batch', { method: 'POST', json: { pages: [{ content: pdf.toString('base64'), filename: secrets.filename }], raw_text: true } });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const job = await waitForJob(server, batch.body.data.job_ids[0]);
    assert.equal(job.status, 'succeeded');
    await receiver.waitFor(2);
    await server.services.deliveries.stop();
    const queued = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: secrets.filename, bytes: pdf }], { raw_text: 'true' }) });
    const ids = [sync.body.data.id as string, job.document_id as string, queued.body.data.id as string];
    assert.equal(new Set(ids).size, 3);

    const holding = async (text: string) => [...new Set((await everyCell(server)).filter((c) => c.text.includes(text)).map((c) => c.where))].sort();
    // The scan sees the copies before the deletion, so finding none afterwards means something.
    assert.ok((await holding(secrets.rawText)).includes('deliveries.payload'), 'the event carried the raw text');
    assert.ok((await holding(secrets.number)).includes('document_fingerprints.key'));

    for (const id of ids) assert.equal((await server.api(`/api/v1/documents/${id}`, { method: 'DELETE' })).status, 200);

    for (const [what, text] of Object.entries(secrets)) assert.deepEqual(await holding(text), [], `${what} still stored`);
    for (const id of ids) {
      const references = await holding(id);
      assert.deepEqual(references.filter((where) => !ID_REFERENCES.has(where)), [], `${id} outside the references: ${references.join()}`);
    }
    const events = await server.services.store.db.selectFrom('deliveries').select(['document_id', 'status', 'payload']).execute();
    assert.deepEqual(events.map((e) => e.payload), ['', '', '']);
    assert.equal(events.find((e) => e.document_id === ids[2])?.status, 'cancelled', 'the queued event is not sent after the deletion');
    const usage = await server.api('/api/v1/usage');
    assert.equal(usage.body.data.documents, 3, 'usage still counts the deleted documents');
    assert.equal((await server.api(`/api/v1/jobs/${job.id}`)).body.data.document_id, ids[1], 'the job still names the document it made');

    if (server.services.store.profile.name === 'sqlite') {
      // Below the tables: freed pages are zeroed (secure_delete), so once the WAL is checkpointed the
      // database file holds no byte of the text either.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.services.store.db);
      const file = (await readFile(join(server.dataDir, 'ledgerlens.db'))).toString('latin1');
      for (const [what, text] of Object.entries(secrets)) assert.ok(!file.includes(text.replace('Märkus ', '')), `${what} still in the database file`);
    }
  } finally {
    await server.close();
    await receiver.close();
  }
});
