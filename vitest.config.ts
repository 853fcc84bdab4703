// Two tiers of tests.
//   fast tier      `npm test` (vitest run --project fast): every test file not listed below, each
//                  property with a tenth of its runs
//   thorough tier  `npm run test:all` (ADRIFT_TEST_TIER=thorough vitest run): every test file,
//                  every property with its full runs
// A new test file is in the fast tier by itself. List it in THOROUGH_ONLY when it costs more than
// about 5 CPU-seconds (measure with `/usr/bin/time -v npx vitest run <file>`): end-to-end runs
// over many repositories, property tests that build repositories, concurrency and timing.
// Running a file by name (`npx vitest run test/x.test.ts`) runs it in whichever tier lists it.
import { existsSync } from "node:fs";
import { defaultExclude, defineConfig } from "vitest/config";
import { freshSeed } from "./test/support/property.js";

/** Test files only the thorough tier runs (measured: the costliest first). */
const THOROUGH_ONLY: string[] = [];

for (const file of THOROUGH_ONLY)
  if (!existsSync(file)) throw new Error(`vitest.config.ts lists ${file}, which does not exist`);

// One seed for every property test of this run (printed at the end by the summary reporter).
process.env.ADRIFT_PROPERTY_SEED ||= String(freshSeed());
const seed = process.env.ADRIFT_PROPERTY_SEED;

export default defineConfig({
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // A hang guard, not a budget: end-to-end tests spawn git and the CLI many times, and a loaded
    // 2-core machine must not fail a test that would pass. CI's own time limit bounds the run.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: [...defaultExclude, ...THOROUGH_ONLY],
          env: {
            ADRIFT_PROPERTY_SEED: seed,
            ADRIFT_TEST_TIER: process.env.ADRIFT_TEST_TIER === "thorough" ? "thorough" : "fast",
          },
        },
      },
      {
        extends: true,
        test: {
          name: "thorough",
          include: THOROUGH_ONLY.length > 0 ? THOROUGH_ONLY : ["test/none"],
          env: { ADRIFT_PROPERTY_SEED: seed, ADRIFT_TEST_TIER: "thorough" },
        },
      },
    ],
  },
});
