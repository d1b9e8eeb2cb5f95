// Sends queued callback events. Looks for due deliveries when an event is queued (see
// src/storage/wake-ups.ts) and every `pollMs` (a delivery is due when it is queued and its time has
// come, or when a worker died while sending it), claims each under a
// lease, signs it with a fresh timestamp and posts it; the outcome is recorded against the attempt
// it belongs to. Never blocks an upload: events are queued in the document's transaction and sent
// from here. Due-ness is decided by the injected clock, so tests can move time over the retry schedule.
import type { Logger } from 'pino';
import { isoNow, type Clock } from '../clock.js';
import type { SecretBox } from '../security/secret-box.js';
import type { DeliveryOutcome, DeliveryRow } from '../storage/repositories/deliveries.repository.js';
import type { Store } from '../storage/store.js';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule.js';
import { sendEvent, type SendResult } from './send-event.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signatureHeaderValue } from './signature.js';

export interface DeliveryWorkerOptions {
  /** The receiver must answer within this; the spec's 10 s unless a test shortens it. */
  timeoutMs: number;
  allowPrivate: boolean;
  userAgent: string;
  pollMs?: number;
  /** Deliveries in flight at once per process. */
  concurrency?: number;
  /** Told of every attempt's outcome (metrics): delivered, retry (queued again) or failed for good. */
  onAttempt?: (outcome: 'delivered' | 'retry' | 'failed') => void;
}

/**
 * A worker that dies mid-send leaves its row `sending`; once the lease (twice the deadline plus a
 * margin for a slow database) has run out, another worker takes it.
 */
const leaseMs = (timeoutMs: number) => 2 * timeoutMs + 5_000;

export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  /** The look for due deliveries under way, if any. */
  private ticking: Promise<void> | null = null;
  /** Woken during a look: it may have run before the event committed, so look again at once. */
  private woken = false;
  /** The last look claimed all it had room for: more may be due as soon as an attempt ends. */
  private full = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: DeliveryWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.store.wakeUps.subscribe('deliveries', () => this.wake());
    this.schedule(0);
  }

  /** Looks for due deliveries now rather than at the next poll. */
  private wake(): void {
    if (!this.running) return;
    if (this.ticking) this.woken = true;
    else this.schedule(0);
  }

  /** Stops claiming and waits for the attempts under way (each ends by its deadline). */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((err: unknown) => this.log.error({ err }, 'looking for due callback deliveries failed'))
        .finally(() => {
          this.ticking = null;
          const again = this.woken;
          this.woken = false;
          this.schedule(again ? 0 : (this.options.pollMs ?? 1000));
        });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const room = (this.options.concurrency ?? 8) - this.inFlight.size;
    this.full = room <= 0;
    if (this.full) return;
    const leaseUntil = new Date(this.clock.now().getTime() + leaseMs(this.options.timeoutMs)).toISOString();
    const claimed = await this.store.deliveries.claimDue(isoNow(this.clock), leaseUntil, room, MAX_ATTEMPTS);
    this.full = claimed.length === room;
    for (const row of claimed) {
      const attempt = this.attempt(row, row.attempts + 1)
        .catch((err: unknown) => this.log.error({ err, delivery_id: row.id }, 'callback delivery attempt failed unexpectedly'))
        .finally(() => {
          this.inFlight.delete(attempt);
          // A burst larger than the concurrency goes on as attempts end, not a poll later.
          if (this.full) this.wake();
        });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(row: DeliveryRow, attempt: number): Promise<void> {
    const log = this.log.child({ delivery_id: row.id, event_id: row.event_id, attempt });
    const callback = await this.store.callbacks.find(row.business_id);
    const result: SendResult = callback
      ? await sendEvent(callback.url, row.payload, this.headers(row, this.secrets.open(callback.secret_ciphertext)), this.options)
      : { ok: false, status: null, error: 'the callback is no longer configured' };
    const now = this.clock.now();
    let outcome: DeliveryOutcome;
    if (result.ok) outcome = { status: 'delivered', last_http_status: result.status, delivered_at: now.toISOString() };
    else {
      const next = callback ? nextAttemptAt(attempt, now) : null;
      outcome = next
        ? { status: 'queued', last_http_status: result.status, last_error: result.error, next_attempt_at: next.toISOString() }
        : { status: 'failed', last_http_status: result.status, last_error: result.error };
    }
    const recorded = await this.store.deliveries.record(row.id, attempt, outcome);
    this.options.onAttempt?.(outcome.status === 'queued' ? 'retry' : outcome.status);
    // The URL is the business's own and may carry a token in its path: it is not logged.
    log.info({ status: outcome.status, http_status: result.status, error: result.ok ? undefined : result.error, recorded }, 'callback delivery attempt');
  }

  private headers(row: DeliveryRow, secret: string): Record<string, string> {
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    return {
      'Content-Type': 'application/json',
      'User-Agent': this.options.userAgent,
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signatureHeaderValue(secret, timestamp, row.payload),
      [EVENT_ID_HEADER]: row.event_id,
    };
  }
}
