// Configuration is read from the environment once, checked, typed and frozen. A bad value stops
// start-up with the variable's name, rather than surfacing later as a confusing failure.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { isEngineName } from '../pipeline/ocr/engine.js';
import { defaultLanguages } from '../pipeline/ocr/languages.js';
import { TESSERACT_LANGUAGES } from './tesseract-languages.js';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly maxFileBytes: number;
  readonly maxRequestBytes: number;
  readonly maxPages: number;
  readonly maxPixels: number;
  readonly maxDecodedBytes: number;
  readonly maxDecodedStreamBytes: number;
  // Time to receive a request's headers, the whole request, and between requests on a kept-alive connection.
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly extractionThreads: number;
  readonly extractionTimeoutMs: number;
  /** After SIGTERM, how long work under way may take to finish before it is stopped. */
  readonly shutdownGraceMs: number;
  readonly jobConcurrency: number;
  readonly jobLeaseSeconds: number;
  readonly jobMaxAttempts: number;
  /** How often idle workers look for work nobody woke them for (see src/storage/wake-ups.ts). */
  readonly pollMs: number;
  readonly runWorkers: boolean;
  readonly callbackAllowPrivate: boolean;
  readonly callbackTimeoutMs: number;
  readonly rateLimitPerMinute: number;
  readonly syncExtraction: 'local' | 'worker';
  readonly monthlyDocumentQuota: number;
  readonly secretKey: string | null;
  /** Secure flag of the dashboard's session cookie; auto: when the request came over https. */
  readonly secureCookies: 'auto' | 'always' | 'never';
  readonly logLevel: string;
  /** Serve Prometheus metrics at all. */
  readonly metrics: boolean;
  /** null: /metrics on the API port (serve only); a port: a listener of its own, in serve and worker. */
  readonly metricsPort: number | null;
  /** null: no SMTP listener (the default). */
  readonly smtpPort: number | null;
  readonly smtpHost: string;
  readonly emailDomain: string;
  readonly smtpMaxMessageBytes: number;
  /** PEM key and certificate files for STARTTLS; both or neither. */
  readonly smtpTls: { keyFile: string; certFile: string } | null;
  readonly emailHoldDays: number;
  /** LEDGERLENS_FIELD_MODEL as given ('' when unset): a named file or "none" overrides this installation's own model. */
  readonly fieldModelFile: string;
}

type Env = Record<string, string | undefined>;

/** One row per setting; docs/configuration in the README mirrors this table. */
export const SETTINGS = {
  PORT: { default: '8080', doc: 'HTTP port' },
  HOST: { default: '0.0.0.0', doc: 'Interface to listen on' },
  LEDGERLENS_DATA_DIR: { default: './data', doc: 'Folder of the embedded SQLite database and the secret key file' },
  DATABASE_URL: { default: '', doc: 'Not set: embedded SQLite in the data folder; postgres://…: PostgreSQL, for several processes' },
  LEDGERLENS_MAX_FILE_BYTES: { default: String(20 * 1024 * 1024), doc: 'Largest accepted file (decoded bytes)' },
  LEDGERLENS_MAX_REQUEST_BYTES: { default: String(110 * 1024 * 1024), doc: 'Largest accepted request body' },
  LEDGERLENS_MAX_PAGES: { default: '200', doc: 'Most pages per document (PDF pages, TIFF frames); multi-site utility bills run past 100' },
  LEDGERLENS_MAX_PIXELS: { default: String(100_000_000), doc: 'Most decoded pixels per image page' },
  LEDGERLENS_MAX_DECODED_BYTES: { default: String(512 * 1024 * 1024), doc: "Most bytes a PDF's compressed streams may decode to, all together (decompression bombs)" },
  LEDGERLENS_MAX_DECODED_STREAM_BYTES: {
    default: String(32 * 1024 * 1024),
    doc: 'Most bytes one compressed stream of a PDF may decode to, or twice the file size where that is more: what a decompression bomb holds at once',
  },
  LEDGERLENS_HEADERS_TIMEOUT_MS: { default: '30000', doc: 'A connection that has not sent its request headers within this is closed' },
  LEDGERLENS_REQUEST_TIMEOUT_MS: {
    default: '300000',
    doc: 'A connection that has not sent its whole request (headers and body) within this is closed; room for a full-size upload on a slow line',
  },
  LEDGERLENS_KEEP_ALIVE_TIMEOUT_MS: { default: '72000', doc: 'An idle kept-alive connection is closed after this; above the usual 60 s of proxies, so they close first' },
  LEDGERLENS_EXTRACTION_THREADS: { default: '', doc: 'Extraction threads batch jobs may use (one more is kept for uploads and page images); default: the number of cores' },
  LEDGERLENS_EXTRACTION_TIMEOUT_MS: { default: '120000', doc: 'Time limit for one document' },
  LEDGERLENS_SHUTDOWN_GRACE_MS: {
    default: '30000',
    doc: 'After SIGTERM, work under way may finish within this; then it is stopped: synchronous uploads answered 503, batch jobs back in the queue',
  },
  LEDGERLENS_JOB_CONCURRENCY: { default: '', doc: 'Batch jobs run at once per process; default: the number of cores' },
  LEDGERLENS_JOB_LEASE_SECONDS: { default: '60', doc: 'A job whose worker stops renewing its lease for this long is picked up again' },
  LEDGERLENS_JOB_MAX_ATTEMPTS: { default: '3', doc: 'Attempts before a job that keeps crashing its worker is failed' },
  LEDGERLENS_POLL_MS: {
    default: '1000',
    doc: 'How often idle workers look for jobs and due deliveries they were not woken for: callback retries, expired leases, work queued by another process on the embedded store',
  },
  LEDGERLENS_CALLBACK_ALLOW_PRIVATE: { default: '0', doc: '1 admits http and private/loopback callback URLs (development only)' },
  LEDGERLENS_CALLBACK_TIMEOUT_MS: { default: '10000', doc: 'A callback attempt fails unless the receiver answers 2xx within this' },
  LEDGERLENS_RATE_LIMIT_PER_MINUTE: { default: '0', doc: 'Uploads per API key per minute (429 rate_limited past it); 0: no limit' },
  LEDGERLENS_MONTHLY_DOCUMENT_QUOTA: { default: '0', doc: 'Documents per business per calendar month (402 quota_exceeded past it); 0: no quota' },
  LEDGERLENS_SYNC_EXTRACTION: { default: 'local', doc: 'local: POST /documents extracts in the API process; worker: hands it to the worker processes and waits' },
  LEDGERLENS_SECRET_KEY: { default: '', doc: 'Key that encrypts callback signing secrets at rest (64 hex chars); default: a key file in the data folder' },
  LEDGERLENS_SECURE_COOKIES: {
    default: 'auto',
    doc: "Secure flag of the dashboard's session cookie: auto (when the request came over https), always (behind a TLS proxy), never",
  },
  LOG_LEVEL: { default: 'info', doc: 'pino log level' },
  LEDGERLENS_METRICS: { default: '1', doc: '1 serves Prometheus metrics at /metrics (unauthenticated); 0 turns them off' },
  LEDGERLENS_METRICS_PORT: { default: '', doc: 'Unset: /metrics on the API port (serve); a port: metrics on a listener of their own on HOST, in serve and worker' },
  LEDGERLENS_SMTP_PORT: { default: '', doc: 'Port of the inbound SMTP listener (email channel); not set: no listener' },
  LEDGERLENS_SMTP_HOST: { default: '127.0.0.1', doc: 'Interface the SMTP listener binds to' },
  LEDGERLENS_EMAIL_DOMAIN: { default: 'localhost', doc: 'Domain of the inbound addresses (<token>@domain); mail to other domains is refused' },
  LEDGERLENS_SMTP_MAX_MESSAGE_BYTES: { default: String(40 * 1024 * 1024), doc: 'Largest message the SMTP listener accepts (as sent, encoded)' },
  LEDGERLENS_SMTP_TLS_KEY: { default: '', doc: 'PEM private key file; with LEDGERLENS_SMTP_TLS_CERT the listener offers STARTTLS' },
  LEDGERLENS_SMTP_TLS_CERT: { default: '', doc: 'PEM certificate (chain) file for STARTTLS' },
  LEDGERLENS_EMAIL_HOLD_DAYS: { default: '30', doc: 'Days mail from unapproved senders is kept for the owner to decide' },
  LEDGERLENS_OCR_ENGINE: { default: '', doc: 'tesseract, tesseract.js or paddle (PP-OCR via onnxruntime, English only, measured: docs/ocr-engines.md) to force one for every page; unset: per page, native Tesseract when it has the page languages, else tesseract.js' },
  LEDGERLENS_FIELD_MODEL: { default: '', doc: "Model file of the learned field choice; unset: this installation's own (ledgerlens train --with-corrections) when trained, else models/field-choice.json; none: the rules alone" },
  LEDGERLENS_OCR_LANGUAGES: { default: '', doc: 'Languages every page is read with (+-joined Tesseract codes); unset: eng+deu+est' },
} as const;

export class ConfigError extends Error {}

function read(env: Env, name: keyof typeof SETTINGS): string {
  const value = env[name];
  return value === undefined || value === '' ? SETTINGS[name].default : value.trim();
}

function integer(env: Env, name: keyof typeof SETTINGS, min: number, fallback?: number): number {
  const raw = read(env, name);
  if (raw === '' && fallback !== undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min) throw new ConfigError(`${name} must be at least ${min}`);
  return value;
}

function flag(env: Env, name: keyof typeof SETTINGS): boolean {
  const raw = read(env, name).toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: keyof typeof SETTINGS, allowed: readonly T[]): T {
  const raw = read(env, name);
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

/**
 * The OCR settings are read where OCR runs (every extraction thread reads the environment itself);
 * here they are only checked, so a typo stops start-up instead of failing or being skipped per page.
 */
function checkOcrSettings(env: Env): void {
  const engine = read(env, 'LEDGERLENS_OCR_ENGINE');
  if (engine !== '' && !isEngineName(engine)) {
    throw new ConfigError(`LEDGERLENS_OCR_ENGINE must be tesseract, tesseract.js or paddle (or unset), got "${engine}"`);
  }
  let languages: string[];
  try {
    languages = defaultLanguages(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const unknown = languages.filter((code) => !TESSERACT_LANGUAGES.has(code));
  if (unknown.length) {
    throw new ConfigError(`LEDGERLENS_OCR_LANGUAGES names no Tesseract language: ${unknown.join(', ')} (codes such as eng, deu, est, fin, rus)`);
  }
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const cores = availableParallelism();
  checkOcrSettings(env);
  const secretKey = read(env, 'LEDGERLENS_SECRET_KEY');
  if (secretKey && !/^[0-9a-fA-F]{64}$/.test(secretKey)) {
    throw new ConfigError('LEDGERLENS_SECRET_KEY must be 64 hexadecimal characters (32 bytes)');
  }
  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite store)');
  }
  const smtpPort = read(env, 'LEDGERLENS_SMTP_PORT');
  const tlsKey = read(env, 'LEDGERLENS_SMTP_TLS_KEY');
  const tlsCert = read(env, 'LEDGERLENS_SMTP_TLS_CERT');
  if (Boolean(tlsKey) !== Boolean(tlsCert)) throw new ConfigError('LEDGERLENS_SMTP_TLS_KEY and LEDGERLENS_SMTP_TLS_CERT must be set together');
  const emailDomain = read(env, 'LEDGERLENS_EMAIL_DOMAIN').toLowerCase();
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(emailDomain)) throw new ConfigError(`LEDGERLENS_EMAIL_DOMAIN must be a domain name, got "${emailDomain}"`);
  const config: Config = {
    port: integer(env, 'PORT', 0),
    host: read(env, 'HOST'),
    dataDir: resolve(read(env, 'LEDGERLENS_DATA_DIR')),
    databaseUrl: databaseUrl || null,
    maxFileBytes: integer(env, 'LEDGERLENS_MAX_FILE_BYTES', 1),
    maxRequestBytes: integer(env, 'LEDGERLENS_MAX_REQUEST_BYTES', 1024),
    maxPages: integer(env, 'LEDGERLENS_MAX_PAGES', 1),
    maxPixels: integer(env, 'LEDGERLENS_MAX_PIXELS', 1),
    maxDecodedBytes: integer(env, 'LEDGERLENS_MAX_DECODED_BYTES', 1024 * 1024),
    maxDecodedStreamBytes: integer(env, 'LEDGERLENS_MAX_DECODED_STREAM_BYTES', 1024 * 1024),
    headersTimeoutMs: integer(env, 'LEDGERLENS_HEADERS_TIMEOUT_MS', 100),
    requestTimeoutMs: integer(env, 'LEDGERLENS_REQUEST_TIMEOUT_MS', 100),
    keepAliveTimeoutMs: integer(env, 'LEDGERLENS_KEEP_ALIVE_TIMEOUT_MS', 100),
    extractionThreads: integer(env, 'LEDGERLENS_EXTRACTION_THREADS', 1, cores),
    extractionTimeoutMs: integer(env, 'LEDGERLENS_EXTRACTION_TIMEOUT_MS', 100),
    shutdownGraceMs: integer(env, 'LEDGERLENS_SHUTDOWN_GRACE_MS', 0),
    jobConcurrency: integer(env, 'LEDGERLENS_JOB_CONCURRENCY', 1, cores),
    jobLeaseSeconds: integer(env, 'LEDGERLENS_JOB_LEASE_SECONDS', 1),
    jobMaxAttempts: integer(env, 'LEDGERLENS_JOB_MAX_ATTEMPTS', 1),
    pollMs: integer(env, 'LEDGERLENS_POLL_MS', 50),
    runWorkers: true,
    callbackAllowPrivate: flag(env, 'LEDGERLENS_CALLBACK_ALLOW_PRIVATE'),
    callbackTimeoutMs: integer(env, 'LEDGERLENS_CALLBACK_TIMEOUT_MS', 100),
    rateLimitPerMinute: integer(env, 'LEDGERLENS_RATE_LIMIT_PER_MINUTE', 0),
    monthlyDocumentQuota: integer(env, 'LEDGERLENS_MONTHLY_DOCUMENT_QUOTA', 0),
    syncExtraction: oneOf(env, 'LEDGERLENS_SYNC_EXTRACTION', ['local', 'worker'] as const),
    secretKey: secretKey || null,
    secureCookies: oneOf(env, 'LEDGERLENS_SECURE_COOKIES', ['auto', 'always', 'never'] as const),
    logLevel: read(env, 'LOG_LEVEL'),
    metrics: flag(env, 'LEDGERLENS_METRICS'),
    metricsPort: read(env, 'LEDGERLENS_METRICS_PORT') ? integer(env, 'LEDGERLENS_METRICS_PORT', 1) : null,
    smtpPort: smtpPort === '' ? null : integer(env, 'LEDGERLENS_SMTP_PORT', 0),
    smtpHost: read(env, 'LEDGERLENS_SMTP_HOST'),
    emailDomain,
    smtpMaxMessageBytes: integer(env, 'LEDGERLENS_SMTP_MAX_MESSAGE_BYTES', 1024),
    smtpTls: tlsKey ? { keyFile: resolve(tlsKey), certFile: resolve(tlsCert) } : null,
    emailHoldDays: integer(env, 'LEDGERLENS_EMAIL_HOLD_DAYS', 1),
    fieldModelFile: read(env, 'LEDGERLENS_FIELD_MODEL'),
    ...overrides,
  };
  // Node refuses a header limit longer than the whole-request limit.
  if (config.headersTimeoutMs > config.requestTimeoutMs) throw new ConfigError('LEDGERLENS_HEADERS_TIMEOUT_MS must not exceed LEDGERLENS_REQUEST_TIMEOUT_MS');
  return Object.freeze(config);
}
