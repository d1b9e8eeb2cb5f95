// When a failed delivery is tried again: after 1 min, 5 min, 15 min, 1 h, 3 h, 6 h and 12 h, eight
// attempts in all (the spec's schedule), then the delivery is failed for good.
export const RETRY_DELAYS_SECONDS: readonly number[] = [60, 300, 900, 3600, 3 * 3600, 6 * 3600, 12 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The time of the next attempt after `attempts` failed ones, or null when none is left. */
export function nextAttemptAt(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay * 1000);
}
