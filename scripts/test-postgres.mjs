#!/usr/bin/env node
// The API test suite again, on PostgreSQL: every test server gets a schema of its own in the database
// at LEDGERLENS_TEST_DATABASE_URL (default: the local server, database `test`, trust auth). Where no
// server answers, says so and passes, so a machine without PostgreSQL still runs the SQLite suite.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.LEDGERLENS_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const shown = url.replace(/\/\/[^@/]*@/u, '//…@');
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.log(`# SKIPPED: the API suite on PostgreSQL: no server answered at ${shown} (${error.message}). Set LEDGERLENS_TEST_DATABASE_URL to run it.`);
  process.exit(0);
}
console.log(`# The API suite on PostgreSQL at ${shown}`);
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', 'dist/tests/api/'], {
  stdio: 'inherit',
  env: { ...process.env, LEDGERLENS_TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
