// `ledgerlens vendors`: the directory of a business from the command line, on the store the service uses.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../src/storage/database.js';
import { Store } from '../../src/storage/store.js';
import { localWakeUps } from '../../src/storage/wake-ups.js';
import { runCli } from '../helpers/process.js';

const AT = '2026-01-01T00:00:00.000Z';

describe('ledgerlens vendors', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let business: string;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-vendors-'));
    env = { LEDGERLENS_DATA_DIR: dataDir, LEDGERLENS_EXTRACTION_THREADS: '1' };
    assert.equal((await runCli(['keys', 'create', '--business', 'Shop'], env)).code, 0);
    const database = await openDatabase({ dataDir, databaseUrl: null });
    const store = new Store(database.db, database.profile, localWakeUps());
    business = (await store.businesses.findByName('Shop'))!.id;
    for (const [id, name] of [['vnd_a', 'Kuusi Oy'], ['vnd_b', 'Kuusi']]) await store.vendors.insert({ id: id!, business_id: business, name: name!, name_key: name!.toLowerCase(), created_at: AT, updated_at: AT });
    await database.close();
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('list, edit, merge and delete; bad input is refused without a stack trace', async () => {
    const listed = await runCli(['vendors', 'list', '--business', business], env);
    assert.equal(listed.code, 0, listed.stderr);
    // The only business is taken when --business is left out.
    assert.equal((await runCli(['vendors', 'list'], env)).stdout, listed.stdout);
    assert.deepEqual(listed.stdout.trim().split('\n').map((line) => line.split('\t').slice(0, 2)), [['vnd_b', 'Kuusi'], ['vnd_a', 'Kuusi Oy']]);

    const edited = await runCli(['vendors', 'edit', 'vnd_a', '--business', business, '--vat-id', 'FI30781346', '--iban', 'FI92 4723 2500 4698 99'], env);
    assert.equal(edited.code, 0, edited.stderr);
    assert.deepEqual([JSON.parse(edited.stdout).vat_id, JSON.parse(edited.stdout).ibans], ['FI30781346', ['FI9247232500469899']]);

    const badIban = await runCli(['vendors', 'edit', 'vnd_a', '--business', business, '--iban', 'FI00 1234'], env);
    assert.equal(badIban.code, 1);
    assert.match(badIban.stderr, /^ledgerlens: banks\[0\]\.iban is not a valid IBAN/);
    const nothing = await runCli(['vendors', 'edit', 'vnd_a', '--business', business], env);
    assert.equal(nothing.code, 2);
    assert.equal((await runCli(['vendors', 'merge', 'vnd_b', '--business', business], env)).code, 2);

    const merged = await runCli(['vendors', 'merge', 'vnd_b', '--into', 'vnd_a', '--business', business], env);
    assert.equal(merged.code, 0, merged.stderr);
    assert.equal(JSON.parse(merged.stdout).name, 'Kuusi Oy');
    assert.equal((await runCli(['vendors', 'delete', 'vnd_a', '--business', business], env)).code, 0);
    const gone = await runCli(['vendors', 'show', 'vnd_a', '--business', business], env);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /vendor not found/);
    assert.equal((await runCli(['vendors', 'list', '--business', business], env)).stdout, '');
  });
});
