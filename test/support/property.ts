// The one knob of every property test: how many runs, with which seed. Every `fc.assert` takes
// its options from `propertyOptions` (test/property-options.test.ts keeps it so).
//   fast tier (`npm test`)          a tenth of each property's runs (at least one)
//   thorough tier (`npm run test:all`, ADRIFT_TEST_TIER=thorough)  each property's full runs
//   one fresh seed per vitest run, for every property (one fixed seed under CI=true); the run
//   prints it last but one
//   ADRIFT_PROPERTY_SEED=<n> [ADRIFT_PROPERTY_PATH=<p>]  replay a failure (fast-check's message
//                                                        names both)
//   ADRIFT_PROPERTY_RUNS=<n>                             this many runs, in either tier
//   ADRIFT_PROPERTY_SHRINK=1                             shrink counterexamples of properties over
//                                                        repositories too (slow: each step builds
//                                                        repositories again)
import type { Parameters } from "fast-check";

/** The share of a property's runs the fast tier makes. */
const FAST_SHARE = 10;

/** Whether this run is the thorough tier (full property runs). */
export function thoroughTier(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ADRIFT_TEST_TIER === "thorough";
}

/** How many runs a property of `numRuns` makes in this tier. */
export function propertyRuns(numRuns: number, env: NodeJS.ProcessEnv = process.env): number {
  if (env.ADRIFT_PROPERTY_RUNS) return Number(env.ADRIFT_PROPERTY_RUNS);
  return thoroughTier(env) ? numRuns : Math.max(1, Math.ceil(numRuns / FAST_SHARE));
}

/**
 * fast-check parameters for a property: `numRuns` (fast-check's 100 when not given) in the
 * thorough tier, a tenth in the fast tier; the run's seed. `repositories`: the property builds
 * real repositories or spawns processes, so a failure ends at once instead of shrinking.
 */
export function propertyOptions<T>({
  numRuns = 100,
  repositories = false,
}: {
  numRuns?: number;
  repositories?: boolean;
} = {}): Parameters<T> {
  const env = process.env;
  const seed = env.ADRIFT_PROPERTY_SEED ? Number(env.ADRIFT_PROPERTY_SEED) : undefined;
  return {
    numRuns: propertyRuns(numRuns, env),
    ...(seed !== undefined ? { seed } : {}),
    ...(env.ADRIFT_PROPERTY_PATH ? { path: env.ADRIFT_PROPERTY_PATH } : {}),
    ...(repositories ? { endOnFailure: env.ADRIFT_PROPERTY_SHRINK !== "1" } : {}),
    // fast-check's message then holds the seed, the path, the counterexample and the cause.
    includeErrorInReport: true,
  };
}

/**
 * Whether every property makes its full runs, so that a count taken over a property's runs (the
 * check that it is not vacuous) can be held to the threshold set for those runs: the fast tier's
 * few runs, from a fresh seed each time, promise no such count.
 */
export function fullRuns(env: NodeJS.ProcessEnv = process.env): boolean {
  return thoroughTier(env) && !env.ADRIFT_PROPERTY_RUNS;
}

/** A fresh seed for a run of the suite (a 31-bit integer, as fast-check takes). */
export function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fff_ffff);
}
