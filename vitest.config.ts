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
import { availableParallelism } from "node:os";
import { defaultExclude, defineConfig } from "vitest/config";
import { freshSeed } from "./test/support/property.js";

/**
 * Test files only the thorough tier runs, the costliest first (seconds: wall time of each file in a
 * run of the whole suite on two loaded cores, with coverage).
 */
const THOROUGH_ONLY = [
  "test/cli/marking-commit.test.ts", // 111 s
  "test/cli/hook-fast-path.test.ts", // 76 s
  "test/cli/config-paths.test.ts", // 53 s
  "test/cli/stale-truth.test.ts", // 50 s
  "test/cli/streamed-output.test.ts", // 41 s
  "test/cli/uncommitted-marks.test.ts", // 40 s
  "test/cli/duplicate-ids.test.ts", // 39 s
  "test/app/staleness/mark-state-carry.test.ts", // 38 s
  "test/cli/blank-input.test.ts", // 35 s
  "test/cli/validate-against.test.ts", // 30 s
  "test/offline.test.ts", // 30 s
  "test/cli/stale-advance.test.ts", // 30 s
  "test/lib/concurrent-append.test.ts", // 29 s
  "test/cli/agent-install.test.ts", // 29 s
  "test/cli/log-branches.test.ts", // 27 s
  "test/cli/merge.test.ts", // 25 s
  "test/cli/context.test.ts", // 24 s
  "test/readme-demo.test.ts", // 24 s
  "test/cli/questions.test.ts", // 23 s
  "test/cli/coverage-everywhere.test.ts", // 22 s
  "test/cli/deferred-refresh.test.ts", // 21 s
  "test/cli/hooks-dir.test.ts", // 21 s
  "test/cli/merge-findings.test.ts", // 21 s
  "test/cli/torn-log.test.ts", // 20 s
  "test/cli/conventions.test.ts", // 18 s
  "test/cli/watch.test.ts", // 18 s
  "test/app/staleness/split.test.ts", // 18 s
  "test/cli/doctor.test.ts", // 17 s
  "test/cli/pr-comment-rendered.test.ts", // 17 s
  "test/cli/bad-input.test.ts", // 17 s
  "test/cli/hooks.test.ts", // 16 s
  "test/cli/seed-0214.test.ts", // 16 s
  "test/cli/user-decision-owner.test.ts", // 15 s
  "test/package/install.test.ts", // 15 s
  "test/cli/unsafe-names.test.ts", // 15 s
  "test/cli/stale-concurrent.test.ts", // 15 s
  "test/cli/pr-comment-trust.test.ts", // 14 s
  "test/cli/validate-against-trust.test.ts", // 14 s
  "test/mcp/questions.test.ts", // 14 s
  "test/cli/agent-command.test.ts", // 13 s
  "test/cli/adr.test.ts", // 12 s
  "test/app/log/state-after-append.test.ts", // 12 s
  "test/cli/backlog.test.ts", // 12 s
  "test/cli/verdicts.test.ts", // 12 s
  "test/app/recording/actor.test.ts", // 11 s
  "test/cli/unreadable-lines.test.ts", // 11 s
  "test/adapters/embedded-parity.test.ts", // 11 s
  "test/cli/adr-reports.test.ts", // 11 s
  "test/cli/adr-consent.test.ts", // 11 s
  "test/cli/backlog-reports.test.ts", // 11 s
  "test/cli/agent-consent.test.ts", // 11 s
  "test/cli/reverify-rename.test.ts", // 11 s
  "test/adapters/rename-similarity.test.ts", // 11 s
  "test/app/reports/generated-files.test.ts", // 10 s
  "test/cli/two-clones.test.ts", // 10 s
  "test/app/staleness/skewed-dates.test.ts", // 10 s
  "test/cli/pr-comment.test.ts", // 10 s
  "test/cli/progress.test.ts", // 10 s
  "test/package/action.test.ts", // 6 s
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
