// Property tests run bounded with a fixed seed in CI; `npm run fuzz` (LEDGERLENS_FUZZ=long) runs them
// longer with a random seed, printed so a failure can be replayed with LEDGERLENS_FUZZ_SEED.
import { randomInt } from 'node:crypto';

export interface FuzzParams {
  seed: number;
  numRuns: number;
}

const long = process.env.LEDGERLENS_FUZZ === 'long';
const seedFromEnv = process.env.LEDGERLENS_FUZZ_SEED ? Number(process.env.LEDGERLENS_FUZZ_SEED) : undefined;
/** One seed per test process, shared by every property in it, so one number replays the run. */
const runSeed = seedFromEnv ?? (long ? randomInt(2 ** 31) : undefined);
if (runSeed !== undefined) console.log(`fuzz seed ${runSeed} (replay with LEDGERLENS_FUZZ_SEED=${runSeed})`);

/** `ciRuns` with `ciSeed` normally; in the long run ten times the runs (or LEDGERLENS_FUZZ_RUNS). */
export function fuzzParams(ciRuns: number, ciSeed: number): FuzzParams {
  const runs = process.env.LEDGERLENS_FUZZ_RUNS ? Number(process.env.LEDGERLENS_FUZZ_RUNS) : long ? ciRuns * 10 : ciRuns;
  return { seed: runSeed ?? ciSeed, numRuns: runs };
}
