// The dashboard's JSON API over real HTTP: sign-in and its throttle, the session cookie, CSRF and
// Origin checks, businesses, keys, uploads from the dashboard, page images, isolation between businesses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { textPdf } from '../helpers/fixtures.js';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { manualClock } from '../helpers/manual-clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { formData, startTestServer, type TestServer } from '../helpers/server.js';

const EMAIL = 'Owner@Example.com';
const PASSWORD = 'a long enough password';

describe('dashboard API', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let businessA: string;
  let businessB: string;
  let receiver: Receiver;

  before(async () => {
    server = await startTestServer({}, { LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1' });
    receiver = await startReceiver();
    await server.services.owners.create(EMAIL, PASSWORD);
    owner = await signIn(server.baseUrl, 'owner@example.com', PASSWORD);
    const businesses = await server.services.keys.listBusinesses();
    businessA = businesses.find((b) => b.name === 'Business A')!.id;
    businessB = businesses.find((b) => b.name === 'Business B')!.id;
    owner.business = businessA;
  });
  after(async () => {
    await receiver.close();
    await server.close();
  });

  const dashboard = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/dashboard/api${path}`, { method, headers });

  test('the session cookie is HttpOnly, SameSite=Strict, scoped to /dashboard and not Secure over plain http', async () => {
    const response = await fetch(`${server.baseUrl}/dashboard/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    assert.equal(response.status, 200);
    const cookie = response.headers.getSetCookie()[0]!;
    assert.match(cookie, /^ledgerlens_session=[0-9a-z]{43};/);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Strict/);
    assert.match(cookie, /; Path=\/dashboard/);
    assert.doesNotMatch(cookie, /Secure/);
    // Only a hash of the token is stored.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await server.services.store.db.selectFrom('owner_sessions').select('token_hash').execute();
    assert.ok(rows.length >= 2 && rows.every((r) => r.token_hash !== token && /^[0-9a-f]{64}$/.test(r.token_hash)));
  });

  test('without a session every dashboard endpoint answers 401 not_signed_in', async () => {
    for (const [method, path] of [
      ['GET', '/session'],
      ['GET', '/businesses'],
      ['GET', '/business/documents'],
      ['GET', '/business/keys'],
    ] as const) {
      const response = await dashboard(method, path, { 'x-business-id': businessA });
      assert.equal(response.status, 401, path);
      assert.equal(((await response.json()) as any).error.code, 'not_signed_in');
    }
    const forged = await dashboard('GET', '/session', { cookie: 'ledgerlens_session=0123456789abcdefghjkmnpqrstvwxyz0123456789a' });
    assert.equal(forged.status, 401);
  });

  test('a wrong password or an unknown email answers 401 invalid_credentials alike', async () => {
    for (const [email, password] of [
      [EMAIL, 'not the password at all'],
      ['nobody@example.com', PASSWORD],
    ]) {
      const response = await fetch(`${server.baseUrl}/dashboard/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      assert.equal(response.status, 401);
      assert.deepEqual(((await response.json()) as any).error, { code: 'invalid_credentials', message: 'the email address or the password is wrong' });
    }
  });

  test('GET /session names the owner and repeats the CSRF token', async () => {
    const res = await owner.call('GET', '/session');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.owner.email, 'owner@example.com');
    assert.equal(res.body.data.csrf_token, owner.csrf);
  });

  test('writes without the CSRF token, with another session\'s token or from another origin are refused with 403', async () => {
    const other = await signIn(server.baseUrl, EMAIL, PASSWORD);
    const missing = await owner.call('POST', '/business/keys', { json: {}, headers: { 'x-csrf-token': '' } });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.error.code, 'forbidden');
    const foreign = await owner.call('POST', '/business/keys', { json: {}, headers: { 'x-csrf-token': other.csrf } });
    assert.equal(foreign.status, 403);
    const crossSite = await owner.call('POST', '/business/keys', { json: {}, headers: { origin: 'https://evil.example' } });
    assert.equal(crossSite.status, 403);
    assert.match(crossSite.body.error.message, /another site/);
    const crossSiteSignIn = await fetch(`${server.baseUrl}/dashboard/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    assert.equal(crossSiteSignIn.status, 403);
    const keys = await owner.call('GET', '/business/keys');
    assert.equal(keys.body.data.items.length, 1, 'no key was created by the refused requests');
  });

  test('businesses: listed for the owner, created by name, names unique', async () => {
    const list = await owner.call('GET', '/businesses');
    assert.deepEqual(
      list.body.data.items.map((b: { name: string }) => b.name),
      ['Business A', 'Business B'],
    );
    const created = await owner.call('POST', '/businesses', { json: { name: '  Shop C ' } });
    assert.equal(created.status, 200);
    assert.equal(created.body.data.name, 'Shop C');
    assert.match(created.body.data.id, /^biz_/);
    // Behind a TLS proxy the browser's https origin names the host the proxy forwards.
    const viaProxy = await owner.call('POST', '/businesses', {
      json: { name: 'Via proxy' },
      headers: { origin: 'https://ledger.example.com', 'x-forwarded-host': 'ledger.example.com' },
    });
    assert.equal(viaProxy.status, 200, JSON.stringify(viaProxy.body));
    const again = await owner.call('POST', '/businesses', { json: { name: 'Shop C' } });
    assert.equal(again.status, 400);
    assert.match(again.body.error.message, /exists/);
    const unknown = await owner.call('GET', '/business/keys', { headers: { 'x-business-id': 'biz_nope' } });
    assert.equal(unknown.status, 404);
  });

  test('keys: created with the secret shown once, usable on the API, rotated and revoked within the business only', async () => {
    const created = await owner.call('POST', '/business/keys', { json: { label: 'export' } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const { id, secret, label } = created.body.data;
    assert.equal(label, 'export');
    assert.match(secret, /^llk_key_/);
    assert.equal((await server.api('/api/v1/usage', { key: secret })).status, 200);

    const listed = await owner.call('GET', '/business/keys');
    const row = listed.body.data.items.find((k: { id: string }) => k.id === id);
    assert.deepEqual(Object.keys(row).sort(), ['created_at', 'id', 'label', 'revoked_at']);
    assert.ok(!JSON.stringify(listed.body).includes(secret));

    // Another business's scope does not see or touch the key.
    const elsewhere = await owner.call('POST', `/business/keys/${id}/rotate`, { headers: { 'x-business-id': businessB } });
    assert.equal(elsewhere.status, 404);
    assert.equal((await owner.call('DELETE', `/business/keys/${id}`, { headers: { 'x-business-id': businessB } })).status, 404);

    const rotated = await owner.call('POST', `/business/keys/${id}/rotate`);
    assert.equal(rotated.status, 200);
    assert.equal(rotated.body.data.replaces, id);
    assert.equal(rotated.body.data.label, 'export');
    assert.equal((await server.api('/api/v1/usage', { key: secret })).status, 401);
    assert.equal((await server.api('/api/v1/usage', { key: rotated.body.data.secret })).status, 200);

    const revoked = await owner.call('DELETE', `/business/keys/${rotated.body.data.id}`);
    assert.deepEqual(revoked.body.data, { id: rotated.body.data.id, revoked: true });
    assert.equal((await server.api('/api/v1/usage', { key: rotated.body.data.secret })).status, 401);
    assert.equal((await owner.call('DELETE', `/business/keys/${rotated.body.data.id}`)).status, 404);
  });

  test('an upload from the dashboard is stored with channel dashboard and sends one callback event', async () => {
    const callback = await owner.call('PUT', '/business/callback', { json: { url: receiver.url, enabled: true } });
    assert.equal(callback.status, 200, JSON.stringify(callback.body));
    assert.match(callback.body.data.signing_secret, /^whsec_/);

    const pdf = await textPdf([['Invoice INV-77', 'Date 05.01.2024', 'Total 12.50 EUR']]);
    const upload = await owner.call('POST', '/business/documents', {
      body: formData([{ field: 'file', name: 'inv-77.pdf', bytes: pdf, type: 'application/pdf' }], { regions: 'true', raw_text: 'true' }),
    });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    const document = upload.body.data;
    assert.ok(document.regions && Object.keys(document.regions).length > 0);
    assert.match(document.raw_text, /INV-77/);

    await receiver.waitFor(1);
    const event = JSON.parse(receiver.requests[0]!.body);
    assert.deepEqual(event.source, { channel: 'dashboard' });
    assert.equal(event.data.id, document.id);
    const row = await server.services.store.documents.find(businessA, document.id);
    assert.equal(row?.source_channel, 'dashboard');

    const read = await owner.call('GET', `/business/documents/${document.id}`);
    assert.equal(read.body.data.id, document.id);
    const listed = await owner.call('GET', '/business/documents?filter=all&q=inv-77');
    assert.deepEqual(listed.body.data.items.map((d: { id: string }) => d.id), [document.id]);
    // Business B sees nothing of it, through the dashboard or its API key.
    assert.equal((await owner.call('GET', `/business/documents/${document.id}`, { headers: { 'x-business-id': businessB } })).status, 404);
    assert.equal((await server.api(`/api/v1/documents/${document.id}`, { key: server.otherKey })).status, 404);
    const usage = await owner.call('GET', '/business/usage');
    assert.equal(usage.body.data.documents, 1);

    // The page as an image the regions can be drawn on: A4 at 1240 px wide.
    const image = await fetch(`${server.baseUrl}/dashboard/api/business/documents/${document.id}/pages/1`, {
      headers: { cookie: owner.cookie, 'x-business-id': businessA },
    });
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    assert.equal(meta.width, 1240);
    assert.equal(meta.height, 1753);
    assert.equal((await owner.call('GET', `/business/documents/${document.id}/pages/2`)).status, 404);
    assert.equal((await owner.call('GET', `/business/documents/${document.id}/pages/1`, { headers: { 'x-business-id': businessB } })).status, 404);
    assert.equal((await owner.call('GET', `/business/documents/${document.id}/pages/0`)).status, 400);
  });

  test('the dashboard routes stay out of the published OpenAPI document', async () => {
    const spec = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    assert.ok(Object.keys(spec.paths).length > 0);
    assert.deepEqual(Object.keys(spec.paths).filter((p) => p.includes('dashboard')), []);
  });

  test('signing out ends the session', async () => {
    const session = await signIn(server.baseUrl, EMAIL, PASSWORD);
    assert.equal((await session.call('DELETE', '/session')).status, 200);
    assert.equal((await session.call('GET', '/session')).status, 401);
  });

  test('sign-in attempts per email are throttled with 429 and Retry-After, until the window passes', async () => {
    // A clock of its own, at the start of a window, so the ten guesses cannot straddle two windows.
    const clock = manualClock();
    const own = await startTestServer({}, {}, { clock });
    try {
      await own.services.owners.create('target@example.com', PASSWORD);
      const attempt = (password: string) =>
        fetch(`${own.baseUrl}/dashboard/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'target@example.com', password }),
        });
      for (let i = 0; i < 10; i++) assert.equal((await attempt(`guess number ${i}`)).status, 401);
      const throttled = await attempt(PASSWORD);
      assert.equal(throttled.status, 429, 'even the right password waits out the window');
      assert.equal(((await throttled.json()) as any).error.code, 'rate_limited');
      const retryAfter = Number(throttled.headers.get('retry-after'));
      assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, String(retryAfter));
      clock.advance(retryAfter * 1000);
      assert.equal((await attempt(PASSWORD)).status, 200);
    } finally {
      await own.close();
    }
  });
});
