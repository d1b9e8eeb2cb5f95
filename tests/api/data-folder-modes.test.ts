// The data folder holds every stored document and the key to the callback secrets: a fresh start
// creates it 0700 and the database files 0600 whatever the umask; files an earlier version left
// world-readable are tightened on start, while an existing folder is left as the operator made it.
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { startServeProcess } from '../helpers/process.js';

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);
const DATABASE_FILES = ['ledgerlens.db', 'ledgerlens.db-wal', 'ledgerlens.db-shm', 'secret.key'];

/** The embedded store, whatever database the suite runs on: this is about its files. */
const embedded = (dataDir: string) => ({ LEDGERLENS_DATA_DIR: dataDir, DATABASE_URL: '', LEDGERLENS_EXTRACTION_THREADS: '1' });

test('a fresh start creates the data folder 0700 and the database, its WAL and shared-memory files and the key 0600', async () => {
  const root = await mkdtemp(join(tmpdir(), 'ledgerlens-modes-'));
  const dataDir = join(root, 'nested', 'data');
  const serve = await startServeProcess(embedded(dataDir));
  try {
    assert.equal(await modeOf(dataDir), '700');
    for (const file of DATABASE_FILES) assert.equal(await modeOf(join(dataDir, file)), '600', file);
  } finally {
    await serve.stop();
    await rm(root, { recursive: true, force: true });
  }
});

test('files an earlier version left world-readable are tightened on start; the existing folder keeps its mode', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-modes-'));
  await chmod(dataDir, 0o755);
  await mkdir(join(dataDir, 'unrelated'));
  // As an earlier version left them: the database in WAL mode, open (so -wal and -shm exist), 0644.
  const earlier = new SQLite(join(dataDir, 'ledgerlens.db'));
  earlier.pragma('journal_mode = WAL');
  earlier.exec('create table leftover (x integer)');
  for (const file of DATABASE_FILES.slice(0, 3)) await chmod(join(dataDir, file), 0o644);
  const serve = await startServeProcess(embedded(dataDir));
  try {
    for (const file of DATABASE_FILES) assert.equal(await modeOf(join(dataDir, file)), '600', file);
    assert.equal(await modeOf(dataDir), '755');
  } finally {
    earlier.close();
    await serve.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
