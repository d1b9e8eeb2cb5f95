// A long-running role (serve, worker) runs until SIGTERM or SIGINT, then stops taking work; what runs
// may finish within the grace period (stop-work.ts).
import type { Logger } from 'pino';

/**
 * Past the grace period stopping takes seconds: threads terminated, listeners and stores closed.
 * A stop still going this long after it has something stuck, such as a thread in native code that
 * termination cannot reach, and the process exits without it.
 */
const STOP_MARGIN_MS = 20_000;

export function untilStopped(log: Logger, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      log.info({ signal, grace_ms: graceMs }, 'shutting down: no new work; what is running may finish within the grace period');
      setTimeout(() => {
        log.error({ signal }, `still stopping ${STOP_MARGIN_MS / 1000} s after the grace period; exiting without waiting further`);
        process.exit(1);
      }, graceMs + STOP_MARGIN_MS).unref();
      resolve();
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  });
}
