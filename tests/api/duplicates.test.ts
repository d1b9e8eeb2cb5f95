// Duplicate detection over real HTTP: generated pairs that must match (same file, re-encoded,
// scaled, cropped, same data in another layout) and near-misses that must not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { textPdf } from '../helpers/fixtures.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const VENDOR = ['Põhjala Kaubandus OÜ', 'Tartu mnt 10, 10115 Tallinn, Estonia', 'KMKR: EE100931558'];
const totals = (total: string) => ['Summa käibemaksuta: 100,00 EUR', 'Käibemaks 22%: 22,00 EUR', `Kokku: ${total} EUR`];
const invoice = (number: string, total: string, vendor = VENDOR) => [...vendor, `Arve nr: ${number}`, 'Kuupäev: 05.01.2024', 'Saaja: Müük AS', ...totals(total)];
/** The same invoice laid out otherwise: title and number first, the vendor at the foot of the page. */
const otherLayout = (number: string, total: string) => ['ARVE', '', `Arve nr: ${number}`, 'Kuupäev: 05.01.2024', '', 'Saaja: Müük AS', '', '', ...totals(total), '', '', '', ...VENDOR];

/** A scanned-looking page: the invoice's lines and a ruled table, as PNG. */
async function invoicePng(lines: string[]): Promise<Buffer> {
  const text = lines.map((line, i) => `<text x="60" y="${90 + i * 48}">${line}</text>`).join('');
  const rules = Array.from({ length: 6 }, (_, i) => `<rect x="60" y="${560 + i * 40}" width="${700 - i * 60}" height="3" fill="#333"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="100%" height="100%" fill="#fff"/><rect x="600" y="40" width="240" height="120" fill="#888"/><g font-family="DejaVu Sans" font-size="30" fill="#111">${text}</g>${rules}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('duplicate detection', () => {
  let server: TestServer;
  const upload = async (name: string, bytes: Buffer, key?: string) => {
    const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name, bytes }]), ...(key ? { key } : {}) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const get = async (id: string) => (await server.api(`/api/v1/documents/${id}`)).body.data;
  const reasonsFor = (doc: { duplicates?: { id: string; reasons: string[] }[] }, id: string) => doc.duplicates?.find((d) => d.id === id)?.reasons;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('the same file twice: both list each other with every reason that holds', async () => {
    const pdf = await textPdf([invoice('SAME-1', '122,00')]);
    const first = await upload('first.pdf', pdf);
    assert.equal(first.duplicates, undefined, 'no duplicates member when there are none');
    const second = await upload('forwarded.pdf', pdf);
    assert.deepEqual(second.duplicates, [{ id: first.id, filename: 'first.pdf', reasons: ['file', 'image', 'data'] }]);
    assert.deepEqual((await get(first.id)).duplicates, [{ id: second.id, filename: 'forwarded.pdf', reasons: ['file', 'image', 'data'] }]);
  });

  test('the same page re-encoded, scaled and slightly cropped matches by image, not by file', async () => {
    const original = await invoicePng(invoice('IMG-7', '122,00'));
    const first = await upload('scan.png', original);
    const variants = {
      'recompressed.jpg': await sharp(original).jpeg({ quality: 55 }).toBuffer(),
      'scaled.png': await sharp(original).resize({ width: 630 }).png().toBuffer(),
      'cropped.png': await sharp(original).extract({ left: 12, top: 15, width: 870, height: 1165 }).png().toBuffer(),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      const copy = await upload(name, bytes);
      const reasons = reasonsFor(copy, first.id);
      assert.ok(reasons?.includes('image') && !reasons.includes('file'), `${name}: ${JSON.stringify(copy.duplicates)}`);
    }
  });

  test('the same data in another layout matches by data only; near-misses do not match', async () => {
    const first = await upload('layout-a.pdf', await textPdf([invoice('LAY-42', '122,00')]));
    const relaid = await upload('layout-b.pdf', await textPdf([otherLayout('LAY-42', '122,00')]));
    assert.deepEqual(reasonsFor(relaid, first.id), ['data']);

    const otherNumber = await upload('next-invoice.pdf', await textPdf([invoice('LAY-43', '122,00')]));
    assert.equal(reasonsFor(otherNumber, first.id), undefined, 'same vendor and template, another number: another invoice');
    const otherVendor = await upload('other-vendor.pdf', await textPdf([invoice('LAY-42', '122,00', ['Lõuna Ehitus AS', 'Riia 5, 51010 Tartu', 'KMKR: EE101029208'])]));
    assert.equal(reasonsFor(otherVendor, first.id), undefined, 'another vendor with the same number');
    const otherTotal = await upload('other-total.pdf', await textPdf([invoice('LAY-42', '244,00')]));
    assert.equal(reasonsFor(otherTotal, first.id), undefined);
  });

  test('filter=duplicates lists both sides, pages with a cursor and combines with q; another business sees none', async () => {
    const pdf = await textPdf([invoice('FLT-1', '55,00')]);
    const a = await upload('filter-a.pdf', pdf);
    const b = await upload('filter-b.pdf', pdf);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server.api(`/api/v1/documents?filter=duplicates&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(res.status, 200);
      ids.push(...res.body.data.items.map((d: { id: string }) => d.id));
      for (const item of res.body.data.items) assert.ok(item.duplicates.length > 0, 'list items carry their duplicates');
      cursor = res.body.data.pagination.next_cursor;
    } while (cursor);
    assert.ok(ids.includes(a.id) && ids.includes(b.id));
    assert.equal(new Set(ids).size, ids.length, 'no document twice');

    const searched = await server.api('/api/v1/documents?filter=duplicates&q=filter-');
    assert.deepEqual(searched.body.data.items.map((d: { id: string }) => d.id).sort(), [a.id, b.id].sort());
    const other = await upload('filter-a.pdf', pdf, server.otherKey);
    assert.equal(other.duplicates, undefined, 'businesses never see each other');
  });

  test('deleting a document removes it from its duplicates and from the filter when it was the last', async () => {
    const pdf = await textPdf([invoice('DEL-9', '77,00')]);
    const a = await upload('del-a.pdf', pdf);
    const b = await upload('del-b.pdf', pdf);
    assert.equal((await server.api(`/api/v1/documents/${b.id}`, { method: 'DELETE' })).status, 200);
    assert.equal((await get(a.id)).duplicates, undefined);
    const listed = await server.api('/api/v1/documents?filter=duplicates&q=del-');
    assert.deepEqual(listed.body.data.items, []);
  });
});

// Parallel uploads of one file, as two clients retrying at once would send them: each stored copy must
// list every other, on PostgreSQL too, where the saves run in concurrent transactions. Several
// extraction threads let the saves meet; a batch (two job runners) races the same way.
test('parallel uploads of the same file all list each other', async () => {
  const COPIES = 16;
  const server = await startTestServer({}, { LEDGERLENS_EXTRACTION_THREADS: '4' });
  try {
    const pdf = await textPdf([invoice('RACE-1', '55,00')]);
    const stored = await Promise.all(
      Array.from({ length: COPIES }, async (_, i) => {
        const res = await server.api('/api/v1/documents', { method: 'POST', body: formData([{ field: 'file', name: `race-${i}.pdf`, bytes: pdf }]) });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body.data.id as string;
      }),
    );
    for (const id of stored) {
      const listed = ((await server.api(`/api/v1/documents/${id}`)).body.data.duplicates ?? []).map((d: { id: string }) => d.id);
      assert.deepEqual(new Set(listed), new Set(stored.filter((other) => other !== id)), `${id} lists ${listed.length} of ${COPIES - 1}`);
    }
  } finally {
    await server.close();
  }
});
