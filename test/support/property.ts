// Options for property tests that build real repositories: a modest number of runs, seedable,
// and the seed printed on failure (fast-check puts it in the error: `{ seed: …, path: … }`).
//   ADRIFT_PROPERTY_SEED=<n> [ADRIFT_PROPERTY_PATH=<p>]  replay a failure
//   ADRIFT_PROPERTY_RUNS=<n>                             more (or fewer) runs
//   ADRIFT_PROPERTY_SHRINK=1                             shrink the counterexample (slow: each step
//                                                        builds repositories again)
import type { Parameters } from "fast-check";

/** fast-check parameters for a property over real repositories, `numRuns` unless overridden. */
export function propertyOptions<T>({ numRuns }: { numRuns: number }): Parameters<T> {
  const env = process.env;
  const seed = env.ADRIFT_PROPERTY_SEED ? Number(env.ADRIFT_PROPERTY_SEED) : undefined;
  return {
    numRuns: env.ADRIFT_PROPERTY_RUNS ? Number(env.ADRIFT_PROPERTY_RUNS) : numRuns,
    ...(seed !== undefined ? { seed } : {}),
    ...(env.ADRIFT_PROPERTY_PATH ? { path: env.ADRIFT_PROPERTY_PATH } : {}),
    endOnFailure: env.ADRIFT_PROPERTY_SHRINK !== "1",
    // fast-check's message then holds the seed, the path, the counterexample and the cause.
    includeErrorInReport: true,
  };
}
