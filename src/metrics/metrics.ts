// Prometheus metrics (prom-client): HTTP requests, extraction stage times, queue depth read from the
// database at scrape time, and callback delivery outcomes. One registry per Services, so several
// services in one process (tests) never mix their counts. Labels never carry ids, keys or
// filenames: routes are the route patterns, not the URLs asked for.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StageSeconds } from '../pipeline/stage-timings.js';
import type { Store } from '../storage/store.js';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const STAGE_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  private readonly httpDuration: Histogram<'route' | 'method' | 'status'>;
  private readonly stageDuration: Histogram<'stage'>;
  private readonly extractions: Counter<'result'>;
  private readonly deliveryAttempts: Counter<'outcome'>;

  constructor(store: Store) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'ledgerlens_' });
    this.httpRequests = new Counter({ name: 'ledgerlens_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'], registers });
    this.httpDuration = new Histogram({
      name: 'ledgerlens_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.stageDuration = new Histogram({
      name: 'ledgerlens_extraction_stage_duration_seconds',
      help: 'Time one document spent in each pipeline stage (per-page stages summed over its pages)',
      labelNames: ['stage'],
      buckets: STAGE_BUCKETS,
      registers,
    });
    this.extractions = new Counter({ name: 'ledgerlens_extractions_total', help: 'Documents through the pipeline, by result: ok or the error code', labelNames: ['result'], registers });
    this.deliveryAttempts = new Counter({
      name: 'ledgerlens_callback_delivery_attempts_total',
      help: 'Callback delivery attempts, by outcome: delivered, retry (queued again), failed (no attempts left)',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'ledgerlens_jobs',
      help: 'Batch jobs waiting or running, read from the database at scrape time (all processes)',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts = await store.jobs.countActive();
        this.set({ status: 'queued' }, counts.queued);
        this.set({ status: 'processing' }, counts.processing);
      },
    });
    new Gauge({
      name: 'ledgerlens_callback_deliveries_pending',
      help: 'Callback deliveries queued or being sent, read from the database at scrape time (all processes)',
      registers,
      async collect() {
        this.set(await store.deliveries.countPending());
      },
    });
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  observeExtraction(result: string, stages: StageSeconds): void {
    this.extractions.inc({ result });
    for (const [stage, seconds] of Object.entries(stages)) this.stageDuration.observe({ stage }, seconds);
  }

  observeDelivery(outcome: 'delivered' | 'retry' | 'failed'): void {
    this.deliveryAttempts.inc({ outcome });
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
