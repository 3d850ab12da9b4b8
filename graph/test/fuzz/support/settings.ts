import { inject } from "vitest";

/**
 * How much the fuzzer does. The defaults keep every fuzz file together within about three minutes
 * on a 2-core CI machine; FUZZ_SCALE multiplies every property's number of cases (a nightly run:
 * FUZZ_SCALE=50). Each run draws a new seed (printed); FUZZ_SEED replays a run's sequence of cases,
 * and FUZZ_PATH (with the seed, and `-t "<test name>"` to select the property) replays one
 * counterexample a failure printed.
 */
export const FUZZ_SEED = inject("fuzzSeed");
export const FUZZ_SCALE = positiveFromEnv("FUZZ_SCALE", 1);
export const FUZZ_PATH = process.env.FUZZ_PATH?.trim() || undefined;
/** FUZZ_STATS=1 prints how each property's cases were answered (to see how many reach the services). */
export const FUZZ_STATS = process.env.FUZZ_STATS === "1";

console.log(`Fuzz seed ${FUZZ_SEED}: FUZZ_SEED=${FUZZ_SEED} replays this run's cases`);

/** A property's number of cases at the current scale. */
export const runsOf = (base: number) => Math.max(1, Math.round(base * FUZZ_SCALE));

/**
 * The vitest timeout of a property with `runs` cases: generous per case, plus room for shrinking
 * a failure (each shrinking step is another request).
 */
export const timeoutOf = (runs: number) => 120_000 + runs * 400;

function positiveFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}
