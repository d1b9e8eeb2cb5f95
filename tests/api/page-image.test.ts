// The dashboard's page images are drawn in an extraction thread: while a page that is slow to draw
// renders, /healthz and other requests are answered at once (it held the event loop for as long as
// the page took before).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
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
});
