// The dashboard's page images are drawn in an extraction thread: while a page that is slow to draw
// renders, /healthz and other requests are answered at once (it held the event loop for as long as
// the page took before). With the image comes where the page OCR read lies on it (x-page-view), so
// the regions of a page OCR turned or cut line up.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';
import { slowTextPage } from '../helpers/slow-page.js';

describe('dashboard page images', () => {
  let server: TestServer;
  let owner: DashboardClient;
  before(async () => {
    server = await startTestServer();
    await server.services.owners.create('owner@example.com', 'correct horse battery staple');
    owner = await signIn(server.baseUrl, 'owner@example.com', 'correct horse battery staple');
    owner.business = (await owner.call('GET', '/businesses')).body.data.items[0].id;
  });
  after(() => server.close());

  test('a page slow to draw does not hold /healthz or other requests while it renders', async () => {
    const upload = await owner.call('POST', '/business/documents', { body: formData([{ field: 'file', name: 'slow.pdf', bytes: slowTextPage(60_000) }]) });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    let pending = true;
    const image = fetch(`${server.baseUrl}/dashboard/api/business/documents/${upload.body.data.id}/pages/1`, {
      headers: { cookie: owner.cookie, 'x-business-id': owner.business },
    }).finally(() => (pending = false));
    const delays: number[] = [];
    while (pending) {
      // The probe shares the server's event loop, so its delay is counted from when it was due.
      const due = Date.now() + 50;
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200);
      delays.push(Date.now() - due);
    }
    const response = await image;
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.ok(delays.length >= 5, `only ${delays.length} probes ran while the page rendered`);
    assert.ok(Math.max(...delays) < 500, `a probe waited ${Math.max(...delays)} ms`);
  });

  test('a page OCR turned to read comes with its view; a page read as pictured comes without, and the API shows neither', async () => {
    const lines = ['Invoice 2024-77', 'Date 05.01.2024', 'Total 12.50 EUR'].map((line, i) => `<text x="70" y="${120 + i * 110}">${line}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="520"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="44" fill="#111">${lines}</g></svg>`;
    const upright = await sharp(Buffer.from(svg)).png().toBuffer();
    const turned = await sharp(upright).rotate(90).png().toBuffer();
    const views: Record<string, string | null> = {};
    for (const [name, bytes] of [['upright.png', upright], ['turned.png', turned]] as const) {
      const upload = await owner.call('POST', '/business/documents', { body: formData([{ field: 'file', name, bytes }]) });
      assert.equal(upload.status, 200, JSON.stringify(upload.body));
      assert.equal(upload.body.data.page_views, undefined, 'not part of the API');
      const image = await fetch(`${server.baseUrl}/dashboard/api/business/documents/${upload.body.data.id}/pages/1`, {
        headers: { cookie: owner.cookie, 'x-business-id': owner.business },
      });
      assert.equal(image.status, 200);
      views[name] = image.headers.get('x-page-view');
    }
    assert.equal(views['upright.png'], null);
    // Turned 90° clockwise, read after turning it 270° more; nothing cut.
    assert.deepEqual(JSON.parse(views['turned.png']!), { crop: [0, 0, 1000, 1000], rotation: 270 });
  });
});
