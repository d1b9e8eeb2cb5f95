// Tests wait for what they expect to happen (a server answering, a job finishing, a callback arriving)
// for as long as it takes: a slow or loaded machine makes a test slower, never failing. The limit only
// ends a test that would otherwise hang forever; LEDGERLENS_TEST_WAIT_MS sets it (default 10 minutes).
export const WAIT_LIMIT_MS = Number(process.env.LEDGERLENS_TEST_WAIT_MS) || 600_000;

/**
 * Resolves once `done` returns a value other than undefined or false, checking every `everyMs`; throws
 * `describe()` (what was awaited and what was seen) once the limit has passed.
 */
export async function until<T>(done: () => Promise<T | undefined | false> | T | undefined | false, describe: () => string, everyMs = 50): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const value = await done();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_LIMIT_MS / 1000} s: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
