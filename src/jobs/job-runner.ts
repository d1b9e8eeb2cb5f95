// Runs queued batch jobs: claims one under a lease, renews the lease while the document is
// extracted, then stores the document and closes the job in one transaction. A job whose worker
// died is claimed again once its lease runs out; one that keeps killing its worker fails after
// the configured number of attempts instead of looping for ever. Jobs a client waits on (a synchronous
// upload handed to the workers) have a place of their own beyond the batch jobs' concurrency, so they
// never wait for a batch job to end; the store hands them out first (jobs.repository.ts, claim).
import type { Logger } from 'pino';
import { isoNow, type Clock } from '../clock.js';
import type { DocumentService } from '../documents/document-service.js';
import { ServiceError } from '../errors.js';
import { randomToken } from '../security/ids.js';
import type { Store } from '../storage/store.js';
import type { JobRow } from '../storage/repositories/jobs.repository.js';
import type { JobLane } from '../storage/tables.js';
import { UPLOAD_LANE, type Lane } from '../pipeline/thread-turns.js';
import type { JobOptions } from './batch-service.js';

export interface JobRunnerOptions {
  concurrency: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** How often an idle runner looks for work it was not woken for (expired leases, missed wake-ups). */
  pollMs?: number;
}

class LeaseLost extends Error {}

export class JobRunner {
  readonly owner = `worker_${randomToken(12)}`;
  private running = false;
  private readonly inFlight = new Map<Promise<void>, string>();
  /** Of the jobs in flight, those a client waits on. */
  private uploadsInFlight = 0;
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came while the runner was claiming: that claim may have run before the job committed. */
  private woken = false;
  private unsubscribe: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: JobRunnerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.store.wakeUps.subscribe('jobs', () => this.wake());
    this.loop = this.run();
  }

  /** Tells the runner that a job was queued: it claims at once, or right after the claim under way. */
  private wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /** Stops claiming, waits for running jobs up to `graceMs`, then gives the rest back to the queue. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.wake();
    const deadline = delay(graceMs).then(() => true);
    // Once the claim loop has ended no job can start, so the set of running jobs is final.
    const timedOut =
      (await Promise.race([this.loop!.then(() => false), deadline])) ||
      (await Promise.race([Promise.allSettled([...this.inFlight.keys()]).then(() => false), deadline]));
    if (!timedOut) return;
    // Whatever is still running is handed back; its late result finds the lease gone and is dropped.
    for (const jobId of this.inFlight.values()) await this.store.jobs.release(jobId, this.owner, isoNow(this.clock));
    this.log.warn({ jobs: this.inFlight.size }, 'jobs still running at shutdown were returned to the queue');
  }

  /** Resolves when no job is running: the ones handed back end once their extraction is stopped. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight.keys()]);
  }

  private async run(): Promise<void> {
    while (this.running) {
      const lanes = this.claimableLanes();
      if (!lanes.length) {
        await Promise.race(this.inFlight.keys());
        continue;
      }
      let job: JobRow | undefined;
      try {
        job = await this.store.jobs.claim(this.owner, isoNow(this.clock), this.leaseUntil(), lanes);
      } catch (error) {
        this.log.error({ err: error }, 'claiming a job failed; backing off');
        await this.idle(1000);
        continue;
      }
      if (!job) {
        await this.idle(this.options.pollMs ?? 1000);
        continue;
      }
      const upload = job.lane === 'upload';
      if (upload) this.uploadsInFlight++;
      const task = this.execute(job).finally(() => {
        this.inFlight.delete(task);
        if (upload) this.uploadsInFlight--;
        // The loop may be idle looking for uploads alone: a batch job's place is free again.
        this.wake();
      });
      this.inFlight.set(task, job.id);
    }
  }

  /** Batch jobs up to the concurrency; one place more for a job a client waits on. */
  private claimableLanes(): JobLane[] {
    if (this.inFlight.size > this.options.concurrency) return [];
    const batches = this.inFlight.size - this.uploadsInFlight;
    return batches < this.options.concurrency ? ['upload', 'batch'] : ['upload'];
  }

  private idle(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private leaseUntil(): string {
    return new Date(this.clock.now().getTime() + this.options.leaseSeconds * 1000).toISOString();
  }

  private async execute(job: JobRow): Promise<void> {
    const log = this.log.child({ job_id: job.id, attempt: job.attempts });
    if (job.attempts > this.options.maxAttempts) {
      await this.fail(job, new ServiceError('processing_failed', `the document could not be processed in ${this.options.maxAttempts} attempts`), log);
      return;
    }
    const renewal = setInterval(() => {
      this.store.jobs.renewLease(job.id, this.owner, this.leaseUntil()).catch((err: unknown) => log.error({ err }, 'lease renewal failed'));
    }, Math.max(200, (this.options.leaseSeconds * 1000) / 3));
    try {
      const content = await this.store.jobs.readInput(job.id);
      if (!content) throw new ServiceError('processing_failed', 'the uploaded file of this job is missing');
      const options = JSON.parse(job.options_json) as JobOptions;
      const analysed = await this.documents.analyse(
        job.business_id,
        { filename: job.filename, declaredType: job.declared_type, bytes: content },
        options,
        { channel: options.channel, emailId: options.emailId },
        extractionLane(job),
        job.document_id,
      );
      await this.store.transaction(async (tx) => {
        if (!(await tx.jobs.finish(job.id, this.owner, { status: 'succeeded' }, isoNow(this.clock)))) throw new LeaseLost();
        await this.documents.save(tx, analysed);
      });
      log.info({ document_id: job.document_id }, 'job succeeded');
    } catch (error) {
      if (error instanceof LeaseLost) log.warn('lease lost before the job finished; another worker owns it now');
      else if (error instanceof ServiceError) await this.fail(job, error, log);
      else {
        log.error({ err: error }, 'job failed unexpectedly');
        await this.fail(job, new ServiceError('processing_failed', 'the document could not be processed'), log);
      }
    } finally {
      clearInterval(renewal);
    }
  }

  private async fail(job: JobRow, error: ServiceError, log: Logger): Promise<void> {
    const finished = await this.store.jobs.finish(
      job.id,
      this.owner,
      { status: 'failed', code: error.code, message: error.message },
      isoNow(this.clock),
    );
    if (finished) log.info({ code: error.code }, 'job failed');
  }
}

/** A job a client waits on is extracted as an upload is; a batch job takes turns with other businesses' (thread-turns.ts). */
function extractionLane(job: JobRow): Lane {
  return job.lane === 'upload' ? UPLOAD_LANE : { kind: 'batch', business: job.business_id };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
