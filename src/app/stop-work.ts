// How a process role (serve, worker) stops: work under way may finish within a grace period; what
// is left then is stopped, not waited for, and whoever waits for it is told.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Services } from './services.js';

/**
 * Stops taking work and waits at most `graceMs` for what runs: the listeners `closing` (each ends
 * when the requests or messages under way are answered) and the batch jobs. Then the jobs still
 * running are handed back to the queue, the extractions still running are stopped, and the
 * requests waiting for either are answered 503 service_unavailable.
 */
export async function stopWork(services: Services, graceMs: number, closing: readonly (Promise<unknown> | undefined)[] = []): Promise<void> {
  const jobsStopped = services.jobs.stop(graceMs);
  const deliveriesStopped = services.deliveries.stop();
  const finished = Promise.all([...closing, jobsStopped]);
  const grace = new AbortController();
  await Promise.race([finished, sleep(graceMs, undefined, { signal: grace.signal }).catch(() => undefined)]);
  grace.abort();
  // The jobs cut off are back in the queue before their extraction is stopped, so none fails of it.
  await jobsStopped;
  await services.endGrace();
  await Promise.all([finished, deliveriesStopped]);
}
