// Time for tests that walk schedules and windows: the service's Clock, moved by hand.
export function manualClock(start = Date.parse('2026-03-02T09:00:00Z')): { now(): Date; advance(ms: number): void; seconds(): number } {
  let time = start;
  return {
    now: () => new Date(time),
    advance: (ms) => (time += ms),
    seconds: () => Math.floor(time / 1000),
  };
}
