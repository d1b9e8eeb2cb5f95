// A long-running role (serve, worker) runs until SIGTERM or SIGINT, then stops taking work.
import type { Logger } from 'pino';

export function untilStopped(log: Logger): Promise<void> {
  return new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      log.info({ signal }, 'shutting down: no new work, finishing what is running');
      resolve();
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  });
}
