// The desk's search and the API's `q` over real HTTP find the same documents on SQLite and on
// PostgreSQL, whichever index answers: substrings, accents and case, numbers, amounts in the forms
// people type them, LIKE's wildcards and FTS5's quote taken literally, terms too short for a trigram.
// The expected documents are the meaning the searches have always had, a substring of the lower-cased
// text (desk-search.ts), worked out here without a database. With LEDGERLENS_TEST_DATABASE_URL unset,
// SQLite alone is checked against it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { deskSearchTerms, deskSearchText } from '../../src/documents/desk-search.js';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { textPdf } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'a long enough password';

interface Stored {
  filename: string;
  vendor: string;
  number: string;
  total: number;
}

const DOCUMENTS: Stored[] = [
  { filename: 'Scan 2024-01.pdf', vendor: 'Müller Straße GmbH', number: 'INV-2024-0917', total: 1234.5 },
  { filename: 'IMG_4312.JPG.pdf', vendor: 'ÉLECTRICITÉ DE PARIS SA', number: 'No 77/B', total: 99 },
  { filename: '50%_off receipt.pdf', vendor: 'Łódź Café Sp. z o.o.', number: 'F-000123', total: 0.5 },
  { filename: '"quoted" name.pdf', vendor: 'Nordic Timber OÜ', number: '2024/0917-A', total: 1_000_000 },
  { filename: 'plain.pdf', vendor: 'Ab Oy', number: 'AB-1', total: 12.3 },
  { filename: 'ΟΔΟΣ invoice.pdf', vendor: 'Σίσυφος ΑΕ', number: 'ΤΔΑ-17', total: 17 },
  { filename: 'İstanbul fatura.pdf', vendor: 'İSTANBUL TİCARET A.Ş.', number: 'IST-2024-1', total: 2500 },
];
/** Stored, corrected, then deleted: no search finds it. */
const DELETED: Stored = { filename: 'deleted Müller.pdf', vendor: 'Müller Deleted KG', number: 'DEL-0917', total: 1234.5 };

const QUERIES = [
  'müller', 'MÜLLER', 'muller', 'straße', 'STRASSE', 'ß', 'électricité', 'ELECTRICITE', 'łódź', 'ŁÓDŹ', 'café', 'oü', 'ü', 'ab', 'a',
  'inv-2024', '0917', '2024', '77/b', 'no 77', '000123', 'deleted', 'del-0917',
  '1234.50', '1 234,50', '1,234.5', '€1.234,50', '1234.5', '99', '99.00', '99,00', '0,50', '0.5', '1 000 000', '1000000.00', '12.3',
  '50%', '50%_', '%', '_', '"quoted"', '"', 'quoted" name', 'img_4312', '.pdf', 'scan 2024', ' müller ',
  'οδος', 'ΟΔΟΣ', 'σίσυφος', 'İstanbul', 'istanbul', 'stanbul', 'a.ş.', 'zebra crossing', 'gmbh', 'τδα',
];

/** The file names the desk lists for q, newest first, by the searches' meaning. */
function deskExpected(q: string): string[] {
  const terms = deskSearchTerms(q);
  const text = (d: Stored) => deskSearchText(d.filename, { vendor: { name: d.vendor }, document_number: d.number, total: d.total });
  return DOCUMENTS.filter((d) => !terms.length || terms.some((term) => text(d).includes(term))).map((d) => d.filename).reverse();
}

function apiExpected(q: string): string[] {
  return DOCUMENTS.filter((d) => d.filename.toLowerCase().includes(q.toLowerCase())).map((d) => d.filename).reverse();
}

interface Searched {
  name: string;
  server: TestServer;
  owner: DashboardClient;
}

async function storeDocuments(name: string, server: TestServer): Promise<Searched> {
  await server.services.owners.create('searcher@example.com', PASSWORD);
  const owner = await signIn(server.baseUrl, 'searcher@example.com', PASSWORD);
  owner.business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
  for (const [i, document] of [...DOCUMENTS.slice(0, 3), DELETED, ...DOCUMENTS.slice(3)].entries()) {
    const pdf = await textPdf([['INVOICE', `Original Vendor ${i} Ltd`, 'Date 05.01.2024', 'Consulting 1 125.00 125.00', 'Total 125.00 EUR']]);
    const uploaded = await server.api('/api/v1/documents', { method: 'POST', json: { content: pdf.toString('base64'), filename: document.filename } });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    const corrections = [{ path: 'vendor.name', value: document.vendor }, { path: 'document_number', value: document.number }, { path: 'total', value: document.total }];
    const corrected = await owner.call('PUT', `/business/documents/${uploaded.body.data.id}/fields`, { json: { corrections } });
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
    if (document === DELETED) assert.equal((await server.api(`/api/v1/documents/${uploaded.body.data.id}`, { method: 'DELETE' })).status, 200);
  }
  return { name, server, owner };
}

describe('search on both databases', () => {
  const searched: Searched[] = [];

  before(async () => {
    searched.push(await storeDocuments('SQLite', await startTestServer({ databaseUrl: null })));
    if (process.env.LEDGERLENS_TEST_DATABASE_URL) searched.push(await storeDocuments('PostgreSQL', await startTestServer()));
  });
  after(async () => {
    for (const { server } of searched) await server.close();
  });

  test('the desk finds by file name, vendor, number and amount as typed, the same documents in every database', async () => {
    for (const q of QUERIES) {
      for (const { name, owner } of searched) {
        const response = await owner.call('GET', `/business/desk?limit=100&q=${encodeURIComponent(q)}`);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body.data.items.map((d: { filename: string }) => d.filename), deskExpected(q), `${name}, desk q=${JSON.stringify(q)}`);
      }
    }
  });

  test("the API's q finds by file name, the same documents in every database", async () => {
    for (const q of QUERIES) {
      for (const { name, server } of searched) {
        const response = await server.api(`/api/v1/documents?limit=100&q=${encodeURIComponent(q)}`);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body.data.items.map((d: { filename: string }) => d.filename), apiExpected(q), `${name}, API q=${JSON.stringify(q)}`);
      }
    }
  });

  test('the trigram tables agree with the documents after uploads, corrections and a deletion (SQLite)', async () => {
    const { db } = searched[0]!.server.services.store;
    // Rank 1: FTS5 checks each index against the rows it was built from, not only its own structure.
    for (const table of ['documents_search', 'documents_desk_search']) {
      await sql`insert into ${sql.table(table)}(${sql.ref(table)}, rank) values ('integrity-check', 1)`.execute(db);
    }
  });
});
