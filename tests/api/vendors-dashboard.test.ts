// The dashboard's vendors page API: a person edits, merges and deletes the business's known vendors;
// a value the vendor cannot hold is a 400 naming it, another business's vendor is not found.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signIn, type DashboardClient } from '../helpers/dashboard-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const AT = '2026-01-01T00:00:00.000Z';

describe('dashboard vendors', () => {
  let server: TestServer;
  let owner: DashboardClient;
  let business: string;

  before(async () => {
    server = await startTestServer();
    await server.services.owners.create('reviewer@example.com', 'a long enough password');
    owner = await signIn(server.baseUrl, 'reviewer@example.com', 'a long enough password');
    business = (await server.services.keys.listBusinesses()).find((b) => b.name === 'Business A')!.id;
    owner.business = business;
    const { vendors } = server.services.store;
    for (const [id, name] of [['vnd_alpen', 'Alpen Logistik GmbH'], ['vnd_alpen2', 'Alpen Logistik'], ['vnd_other', 'Kuusi Oy']]) {
      await vendors.insert({ id: id!, business_id: business, name: name!, name_key: name!.toLowerCase(), created_at: AT, updated_at: AT });
    }
    await vendors.addFacts([{ id: 'vfa_1', vendor_id: 'vnd_alpen2', business_id: business, kind: 'iban', value: 'DE62500400002953999688', document_id: null, created_at: AT }]);
  });
  after(async () => {
    await server.close();
  });

  test('bad edits and merges are 4xx with nothing changed', async () => {
    for (const [json, message] of [
      [{ ibans: ['DE00 1234'] }, /not a valid IBAN/],
      [{ vat_id: 'DE123' }, /not a valid VAT id/],
      [{}, /./],
      [{ name: '' }, /./],
      [{ name: '   ' }, /./],
      [{ registry_code: ' ' }, /./],
      [{ colour: 'red' }, /./],
    ] as const) {
      const response = await owner.call('PATCH', '/business/vendors/vnd_alpen', { json });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.error.message, message);
    }
    assert.equal((await owner.call('PATCH', '/business/vendors/vnd_unknown', { json: { name: 'x' } })).status, 404);
    assert.equal((await owner.call('POST', '/business/vendors/vnd_alpen/merge', { json: { into: 'vnd_unknown' } })).status, 404);
    assert.equal((await owner.call('POST', '/business/vendors/vnd_alpen/merge', { json: { into: 'vnd_alpen' } })).status, 400);
    assert.equal((await owner.call('POST', '/business/vendors/vnd_alpen/merge', { json: {} })).status, 400);
    const shown = await owner.call('GET', '/business/vendors/vnd_alpen');
    assert.deepEqual([shown.body.data.name, shown.body.data.ibans, shown.body.data.vat_id], ['Alpen Logistik GmbH', [], null]);
  });

  test('edit, merge and delete', async () => {
    const edited = await owner.call('PATCH', '/business/vendors/vnd_alpen', { json: { name: 'Alpen Logistik GmbH ', vat_id: 'DE 850 578 223', ibans: ['DE89 3704 0044 0532 0130 00'] } });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual([edited.body.data.name, edited.body.data.vat_id, edited.body.data.ibans], ['Alpen Logistik GmbH', 'DE850578223', ['DE89370400440532013000']]);

    const merged = await owner.call('POST', '/business/vendors/vnd_alpen2/merge', { json: { into: 'vnd_alpen' } });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    assert.deepEqual(merged.body.data.ibans.sort(), ['DE62500400002953999688', 'DE89370400440532013000']);
    assert.equal((await owner.call('GET', '/business/vendors/vnd_alpen2')).status, 404);

    assert.equal((await owner.call('DELETE', '/business/vendors/vnd_other')).status, 200);
    assert.equal((await owner.call('DELETE', '/business/vendors/vnd_other')).status, 404);
    assert.deepEqual((await owner.call('GET', '/business/vendors')).body.data.items.map((v: { id: string }) => v.id), ['vnd_alpen']);
  });
});
