// Two tiers of tests.
//   fast tier      `npm test` (vitest run --project fast): every test file not listed below, each
//                  property with a tenth of its runs
//   thorough tier  `npm run test:all` (ADRIFT_TEST_TIER=thorough vitest run): every test file,
//                  every property with its full runs
// A new test file is in the fast tier by itself. List it in THOROUGH_ONLY when it costs more than
// about 5 CPU-seconds in the fast tier (`ADRIFT_TEST_COSTS=costs.ndjson npx vitest run <file>`
// writes each file's CPU seconds, the git and CLI processes it waited for included), or when it
// waits on time or runs processes against each other. A listed file always makes full property
// runs, and runs in the thorough project when named on the command line.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defaultExclude, defineConfig } from "vitest/config";
import { freshSeed } from "./test/support/property.js";

/**
 * Test files only the thorough tier runs, the costliest first: CPU seconds of each in a thorough
 * run (ADRIFT_TEST_COSTS), over 5 in the fast tier's runs, or waiting on time or on each other.
 */
const THOROUGH_ONLY = [
  "test/cli/stale-truth.test.ts", // 48.7
  "test/cli/stale-advance.test.ts", // 31.5
  "test/cli/streamed-output.test.ts", // 19.3
  "test/cli/bad-input.test.ts", // 17.2
  "test/cli/config-paths.test.ts", // 16.8
  "test/cli/conventions.test.ts", // 16.3
  "test/cli/user-decision-owner.test.ts", // 15.8
  "test/cli/doctor.test.ts", // 15.6
  "test/cli/validate-against-trust.test.ts", // 14.7
  "test/package/install.test.ts", // 13.8 (the package: .ci/run runs these on Node 20 too)
  "test/cli/hooks.test.ts", // 13.6
  "test/cli/backlog.test.ts", // 13.3
  "test/cli/pr-comment-trust.test.ts", // 12.8
  "test/cli/blank-input.test.ts", // 12.8
  "test/lib/concurrent-append.test.ts", // 12.1 (concurrent writers)
  "test/cli/adr.test.ts", // 11.7
  "test/cli/unreadable-lines.test.ts", // 11.5
  "test/cli/adr-merge.test.ts", // 11.0
  "test/offline.test.ts", // 10.8
  "test/cli/uncommitted-marks.test.ts", // 9.5
  "test/cli/duplicate-ids.test.ts", // 9.4
  "test/cli/pr-comment.test.ts", // 8.8
  "test/cli/questions.test.ts", // 8.1
  "test/cli/agent-consent.test.ts", // 8.0
  "test/cli/validate-against.test.ts", // 7.5
  "test/cli/consent.test.ts", // 7.2
  "test/cli/context.test.ts", // 7.0
  "test/cli/log-branches.test.ts", // 6.8
  "test/cli/stale.test.ts", // 6.8
  "test/readme-demo.test.ts", // 6.5
  "test/cli/coverage-everywhere.test.ts", // 6.4
  "test/cli/merge-findings.test.ts", // 6.4
  "test/app/staleness/mark-state-carry.test.ts", // 6.2
  "test/cli/agent-install.test.ts", // 5.8
  "test/cli/watch.test.ts", // 5.7 (waits on file-system events)
  "test/cli/agent-hook.test.ts", // 5.7
  "test/cli/merge.test.ts", // 5.5
  "test/cli/hooks-husky.test.ts", // 5.4
  "test/cli/checkpoint.test.ts", // 5.2
  "test/cli/stale-concurrent.test.ts", // 4.7 (sleeps between concurrent runs)
  "test/package/action.test.ts", // 3.8 (the package: .ci/run runs these on Node 20 too)
];

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
    // Most test time is spent waiting on spawned git and CLI processes, so one worker more than
    // the cores keeps them busy (vitest's default is one fewer: a single worker on 2 cores).
    maxWorkers: availableParallelism() + 1,
    // ADRIFT_TEST_COSTS=<file>: each test file's CPU seconds, one JSON line each.
    setupFiles: process.env.ADRIFT_TEST_COSTS ? ["./test/support/cpu-costs.ts"] : [],
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
