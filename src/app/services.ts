// The composition root: opens the store and the extraction pool and wires the use cases. Each
// process role (API, worker, CLI) builds one of these and uses the parts it needs.
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { CallbackService } from '../callbacks/callback-service.js';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import { DeliveryWorker } from '../delivery/delivery-worker.js';
import { DocumentService } from '../documents/document-service.js';
import { VendorDirectory } from '../vendors/vendor-directory.js';
import { EmailService } from '../email/email-service.js';
import { MailIntake, MAX_HELD_MESSAGES } from '../email/mail-intake.js';
import { ingestLimits } from '../ingest/limits.js';
import { BatchService } from '../jobs/batch-service.js';
import { installationFieldModel } from '../learning/installation-model.js';
import { JobRunner } from '../jobs/job-runner.js';
import { KeyService } from '../keys/key-service.js';
import { OwnerService } from '../owners/owner-service.js';
import { UsageLimits } from '../limits/usage-limits.js';
import { Metrics } from '../metrics/metrics.js';
import { ocrEngineStatus, type OcrStatus as OcrEngineStatus } from '../pipeline/ocr/index.js';
import { ExtractionPool } from '../pipeline/extraction-pool.js';
import { CursorCodec } from '../security/cursor.js';
import { createSecretBox, loadSecretKey } from '../security/secret-box.js';
import { openDatabase, type Database } from '../storage/database.js';
import { Store } from '../storage/store.js';
import { localWakeUps, postgresWakeUps } from '../storage/wake-ups.js';
import { createLogger } from './logger.js';
import { USER_AGENT } from './version.js';
import { checkSecretKey } from './secret-key-check.js';
import { InstallationSettingsRepository } from '../storage/repositories/installation-settings.repository.js';

export interface Services {
  readonly config: Config;
  readonly clock: Clock;
  readonly log: Logger;
  readonly store: Store;
  readonly keys: KeyService;
  readonly owners: OwnerService;
  readonly usageLimits: UsageLimits;
  readonly documents: DocumentService;
  /** Each business's known vendors (src/vendors). */
  readonly vendors: VendorDirectory;
  readonly batches: BatchService;
  readonly callbacks: CallbackService;
  readonly jobs: JobRunner;
  readonly deliveries: DeliveryWorker;
  readonly metrics: Metrics;
  /** The email channel: inbound addresses, senders, received messages (see src/email). */
  readonly email: EmailService;
  readonly mailIntake: MailIntake;
  /** The OCR engine and languages found at start-up, or why none can run. */
  readonly ocr: OcrStatus;
  /** The extraction threads; the dashboard's page images are rendered there too. */
  readonly pool: ExtractionPool;
  /** Aborted when a stop's grace period is over (stop-work.ts): what still waits for a worker's job gives up. */
  readonly graceOver: AbortSignal;
  /** Ends a stop's grace period: the extractions still running are stopped, and waits for jobs given up. */
  endGrace(): Promise<void>;
  close(): Promise<void>;
}

export type OcrStatus = OcrEngineStatus | { error: string };

export interface ServiceOptions {
  clock?: Clock;
  log?: Logger;
}

/** Probed once in the main thread; worker threads probe the same way when they first read a page. */
async function probeOcr(): Promise<OcrStatus> {
  try {
    return await ocrEngineStatus();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger(config.logLevel);
  const database: Database = await openDatabase(config);
  await checkSecretKey(new InstallationSettingsRepository(database.db), loadSecretKey(config.secretKey, config.dataDir)).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const wakeUps = config.databaseUrl ? postgresWakeUps(config.databaseUrl, log) : localWakeUps();
  const store = new Store(database.db, database.profile, wakeUps);
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  // Separate keys per purpose, derived from the one secret.
  const cursorKey = createHmac('sha256', secretKey).update('ledgerlens list cursors').digest();
  const csrfKey = createHmac('sha256', secretKey).update('ledgerlens dashboard csrf').digest();
  const ocr = await probeOcr();
  // A language the preferred engine lacks is said once here, not found later in a customer's result.
  if ('warnings' in ocr) for (const warning of ocr.warnings) log.warn({ ocr_languages: ocr.language_gaps }, warning);
  const metrics = new Metrics(store);
  const fieldModel = await installationFieldModel(store, config.fieldModelFile);
  if (fieldModel) log.info({ trained_at: fieldModel.trainedAt, approved_documents: fieldModel.documents }, "field choice: this installation's model (ledgerlens train --with-corrections)");
  const pool = new ExtractionPool({
    threads: config.extractionThreads,
    timeoutMs: config.extractionTimeoutMs,
    observe: (result, stages) => metrics.observeExtraction(result, stages),
    fieldModel: fieldModel?.file,
  });
  const limits = ingestLimits(config);
  const usageLimits = new UsageLimits(store, clock, { requestsPerMinute: config.rateLimitPerMinute, monthlyDocuments: config.monthlyDocumentQuota });
  const vendors = new VendorDirectory(store, clock);
  const documents = new DocumentService(store, pool, clock, limits, new CursorCodec(cursorKey), usageLimits, vendors);
  const jobs = new JobRunner(store, documents, clock, log, {
    concurrency: config.jobConcurrency,
    leaseSeconds: config.jobLeaseSeconds,
    maxAttempts: config.jobMaxAttempts,
    pollMs: config.pollMs,
  });
  const batches = new BatchService(store, clock, usageLimits);
  const mailIntake = new MailIntake(store, clock, log, usageLimits, { maxHeldMessages: MAX_HELD_MESSAGES });
  const email = new EmailService(store, mailIntake, clock, {
    domain: config.emailDomain,
    maxFileBytes: config.maxFileBytes,
    holdDays: config.emailHoldDays,
  });
  const secrets = createSecretBox(secretKey);
  const callbacks = new CallbackService(store, secrets, clock, { allowPrivate: config.callbackAllowPrivate });
  const deliveries = new DeliveryWorker(store, secrets, clock, log, {
    timeoutMs: config.callbackTimeoutMs,
    allowPrivate: config.callbackAllowPrivate,
    userAgent: USER_AGENT,
    pollMs: config.pollMs,
    onAttempt: (outcome) => metrics.observeDelivery(outcome),
  });
  const graceOver = new AbortController();
  if (config.callbackAllowPrivate) {
    log.warn('LEDGERLENS_CALLBACK_ALLOW_PRIVATE is on: callbacks may target http and private addresses. Never use this in production.');
  }
  return {
    config,
    clock,
    log,
    store,
    keys: new KeyService(store, clock),
    owners: new OwnerService(store, clock, csrfKey),
    usageLimits,
    documents,
    vendors,
    batches,
    callbacks,
    jobs,
    deliveries,
    metrics,
    email,
    mailIntake,
    ocr,
    pool,
    graceOver: graceOver.signal,
    async endGrace() {
      graceOver.abort();
      await pool.close();
    },
    async close() {
      await jobs.stop();
      await deliveries.stop();
      await pool.close();
      // Jobs handed back still write their end (a no-op, their lease gone) before the store closes.
      await jobs.settled();
      await wakeUps.close();
      await database.close();
    },
  };
}
