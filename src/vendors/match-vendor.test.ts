import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openDatabase, type Database } from '../storage/database.js';
import { Store } from '../storage/store.js';
import { localWakeUps } from '../storage/wake-ups.js';
import { matchVendor } from './match-vendor.js';
import type { VendorIdentity } from './vendor-identity.js';

const AT = '2026-01-01T00:00:00.000Z';
let dataDir: string;
let database: Database;
let store: Store;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'll-match-'));
  database = await openDatabase({ dataDir, databaseUrl: null });
  store = new Store(database.db, database.profile, localWakeUps());
  for (const business of ['biz_a', 'biz_b']) await store.businesses.insert({ id: business, name: business, created_at: AT });
  const vendor = async (id: string, business: string, name: string, facts: [string, string][]) => {
    await store.vendors.insert({ id, business_id: business, name, name_key: name.toLowerCase(), created_at: AT, updated_at: AT });
    await store.vendors.addFacts(facts.map(([kind, value], i) => ({ id: `${id}_${i}`, vendor_id: id, business_id: business, kind: kind as never, value, document_id: null, created_at: AT })));
  };
  await vendor('vnd_toimisto', 'biz_a', 'Lappi Toimisto Tmi', [['vat_id', 'FI97148449'], ['email_domain', 'lappi.fi'], ['iban', 'FI0216079673563422']]);
  await vendor('vnd_alpen', 'biz_b', 'Alpen Logistik GmbH', [['vat_id', 'DE850578223']]);
});
after(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const identity = (over: Partial<VendorIdentity>): VendorIdentity => ({ name: null, vatIds: [], registryCodes: [], ibans: [], emailDomains: [], ...over });
const layout = { labels: [] };

test('strong identifiers match; a shared mail domain or a like name does not override another VAT id', async () => {
  assert.deepEqual(await matchVendor(store, 'biz_a', identity({ ibans: ['FI0216079673563422'], name: 'Someone Else' }), layout), { vendorId: 'vnd_toimisto', by: 'iban' });
  assert.deepEqual(await matchVendor(store, 'biz_a', identity({ emailDomains: ['lappi.fi'] }), layout), { vendorId: 'vnd_toimisto', by: 'email_domain' });
  assert.equal(await matchVendor(store, 'biz_a', identity({ emailDomains: ['lappi.fi'], vatIds: ['FI30781346'], name: 'Lappi Elintarvike Ay' }), layout), null);
  assert.deepEqual(await matchVendor(store, 'biz_a', identity({ name: 'LAPPI TOIMISTO TMI.' }), layout), { vendorId: 'vnd_toimisto', by: 'name' });
  assert.equal(await matchVendor(store, 'biz_a', identity({ name: 'Lappi Toimisto Tmi', vatIds: ['FI30781346'] }), layout), null);
});

test("another business's vendor is never matched", async () => {
  assert.equal(await matchVendor(store, 'biz_a', identity({ vatIds: ['DE850578223'], name: 'Alpen Logistik GmbH' }), layout), null);
  assert.deepEqual(await matchVendor(store, 'biz_b', identity({ vatIds: ['DE850578223'] }), layout), { vendorId: 'vnd_alpen', by: 'vat_id' });
});
