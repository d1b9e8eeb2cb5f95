// One secret key per installation: the store keeps the fingerprint of the key it was first used with,
// and a process with another key refuses to start, naming the setting; the same key starts as before.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pino from 'pino';
import { createServices } from '../../src/app/services.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { postgresSchemaForTest } from '../helpers/server.js';

const KEY_A = 'a1'.repeat(32);
const KEY_B = 'b2'.repeat(32);

test('a process whose secret key is not the one the database was first used with refuses to start', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'll-secret-key-'));
  const otherDataDir = await mkdtemp(join(tmpdir(), 'll-secret-key-other-'));
  const postgres = await postgresSchemaForTest();
  const start = (env: Record<string, string>, dir = dataDir) =>
    createServices(loadConfig({ LEDGERLENS_EXTRACTION_THREADS: '1', ...env }, { dataDir: dir, ...(postgres ? { databaseUrl: postgres.url } : {}) }), { log: pino({ level: 'silent' }) });
  try {
    await (await start({ LEDGERLENS_SECRET_KEY: KEY_A })).close();
    await assert.rejects(start({ LEDGERLENS_SECRET_KEY: KEY_B }), (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /LEDGERLENS_SECRET_KEY/u);
      assert.ok(!error.message.includes(KEY_A) && !error.message.includes(KEY_B), 'no key in the message');
      return true;
    });
    // The right key still opens it.
    await (await start({ LEDGERLENS_SECRET_KEY: KEY_A })).close();
    if (postgres) {
      // A worker on the same database with its own data folder's key file: refused too.
      await assert.rejects(start({}, otherDataDir), ConfigError);
      assert.match(await readFile(join(otherDataDir, 'secret.key'), 'utf8'), /^[0-9a-f]{64}\n$/u);
    }
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(otherDataDir, { recursive: true, force: true });
  }
});

test('an installation that sets no key uses its key file, the same on every start', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'll-secret-key-file-'));
  try {
    const start = () => createServices(loadConfig({ LEDGERLENS_EXTRACTION_THREADS: '1' }, { dataDir }), { log: pino({ level: 'silent' }) });
    await (await start()).close();
    await (await start()).close();
    const key = (await readFile(join(dataDir, 'secret.key'), 'utf8')).trim();
    await assert.rejects(createServices(loadConfig({ LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_SECRET_KEY: key.replace(/^./u, key[0] === 'a' ? 'b' : 'a') }, { dataDir }), { log: pino({ level: 'silent' }) }), ConfigError);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
