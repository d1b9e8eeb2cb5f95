// Starts a real ledgerlens HTTP server on a loopback port with its own data folder, and two
// businesses with a key each, so tests talk HTTP to it like any client.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { buildServer } from '../../src/api/server.js';
import { createServices, type ServiceOptions, type Services } from '../../src/app/services.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { startConfiguredSmtpListener } from '../../src/email/start.js';
import type { SmtpListener } from '../../src/email/smtp-listener.js';
import { until } from './wait.js';

export interface TestServer {
  baseUrl: string;
  /** Key of business A. */
  key: string;
  /** Key of business B, for isolation checks. */
  otherKey: string;
  services: Services;
  dataDir: string;
  /** The SMTP listener, when the configuration has an smtpPort (0: any free port). */
  smtp: SmtpListener | null;
  /** Authenticated request helper: JSON bodies are encoded, the envelope is decoded. */
  api(path: string, init?: RequestInit & { json?: unknown; key?: string | null }): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function startTestServer(overrides: Partial<Config> = {}, env: Record<string, string> = {}, options: ServiceOptions = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'ledgerlens-test-')));
  const postgres = await postgresSchemaForTest();
  const config = loadConfig(
    { LEDGERLENS_EXTRACTION_THREADS: '1', LEDGERLENS_JOB_CONCURRENCY: '2', ...env },
    { port: 0, host: '127.0.0.1', dataDir, ...(postgres ? { databaseUrl: postgres.url } : {}), ...overrides },
  );
  const services = await createServices(config, { log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), ...options });
  const server = await buildServer(services);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const smtp = await startConfiguredSmtpListener(services);
  if (config.runWorkers) {
    services.jobs.start();
    services.deliveries.start();
  }
  const address = server.server.address();
  const baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  const key = (await services.keys.createKey('Business A')).secret;
  const otherKey = (await services.keys.createKey('Business B')).secret;

  async function api(path: string, init: RequestInit & { json?: unknown; key?: string | null } = {}): Promise<ApiResponse> {
    const headers = new Headers(init.headers);
    const usedKey = init.key === undefined ? key : init.key;
    if (usedKey !== null && !headers.has('x-api-key') && !headers.has('authorization')) headers.set('x-api-key', usedKey);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return readResponse(await fetch(baseUrl + path, { ...init, headers, body: body ?? null }));
  }

  return {
    baseUrl,
    key,
    otherKey,
    services,
    dataDir,
    smtp,
    api,
    async close() {
      await smtp?.close();
      await server.close();
      await services.close();
      await postgres?.drop();
      if (!overrides.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Status, headers and the body, parsed when it is JSON. */
export async function readResponse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: leave the text for the assertion to show
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/**
 * With LEDGERLENS_TEST_DATABASE_URL set (npm test sets it when a PostgreSQL server answers), each test
 * server gets a schema of its own in that database, so suites run in parallel without meeting.
 */
export async function postgresSchemaForTest(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.LEDGERLENS_TEST_DATABASE_URL;
  if (!base) return null;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await sharePgTrgm(client);
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/**
 * pg_trgm in the database's public schema, before any test's store would add it to its own schema:
 * dropping that schema at the test's end would take the extension, and the indexes of every other
 * test's schema with it. The lock is the one migration 012 takes around the same statement.
 */
export async function sharePgTrgm(client: pg.Client): Promise<void> {
  await client.query('begin');
  try {
    await client.query("select pg_advisory_xact_lock(hashtext('ledgerlens pg_trgm'))");
    await client.query('create extension if not exists pg_trgm with schema public');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** A multipart body with the given files (field name, filename, bytes) and text fields. */
export function formData(files: { field: string; name: string; bytes: Buffer; type?: string }[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const file of files) form.append(file.field, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** Polls a job until it leaves queued/processing. */
export async function waitForJob(server: TestServer, jobId: string): Promise<any> {
  let body: any;
  return until(async () => {
    ({ body } = await server.api(`/api/v1/jobs/${jobId}`));
    return body.data && ['succeeded', 'failed'].includes(body.data.status) ? body.data : undefined;
  }, () => `job ${jobId} did not finish: ${JSON.stringify(body)}`);
}
