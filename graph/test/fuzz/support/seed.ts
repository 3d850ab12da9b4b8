import { randomInt } from "node:crypto";

/**
 * The run's fuzz seed, drawn once by the global setup and shared by every fuzz file: FUZZ_SEED when
 * given (to replay a run's cases), otherwise a new one each run, so that every run tries cases no
 * run tried before.
 */
export function fuzzSeedOfRun(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_SEED?.trim();
  if (!raw && env.FUZZ_PATH?.trim())
    throw new Error("FUZZ_PATH replays a counterexample of one seed: give the FUZZ_SEED its failure printed too");
  // fast-check's generators take a 32-bit seed.
  if (!raw) return randomInt(2 ** 31);
  if (!/^-?\d+$/.test(raw)) throw new Error(`FUZZ_SEED must be an integer (got "${raw}")`);
  return Number(raw);
}
