// Two tiers of tests.
//   fast tier      `npm test` (vitest run --project fast): every test file not listed below, each
//                  property with a tenth of its runs
//   thorough tier  `npm run test:all` (ADRIFT_TEST_TIER=thorough vitest run): every test file,
//                  every property with its full runs
// A new test file is in the fast tier by itself. List it in THOROUGH_ONLY when it costs more than
// about 5 CPU-seconds in the fast tier (`ADRIFT_TEST_COSTS=costs.ndjson npx vitest run <file>`
// writes each file's CPU seconds, the git and CLI processes it waited for included), or when it
// waits on time or runs processes against each other. The smoke set, test/cli/smoke-binary.test.ts
// (the real binary, spawned for every command), stays in the fast tier whatever it costs. A listed
// file always makes full property runs, and runs in the thorough project when named on the
// command line.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defaultExclude, defineConfig } from "vitest/config";
import { freshSeed } from "./test/support/property.js";

/**
 * Test files only the thorough tier runs, the costliest first: CPU seconds of each in a thorough
 * run (ADRIFT_TEST_COSTS), over 5 in the fast tier's runs, or waiting on time or on each other.
 */
const THOROUGH_ONLY = [
  "test/cli/stale-truth.test.ts", // 19.4
  "test/package/install.test.ts", // 16.4 (the package: .ci/run runs these on Node 20 too)
  "test/lib/concurrent-append.test.ts", // 12.8 (concurrent writers)
  "test/offline.test.ts", // 12.0
  "test/package/global-install.test.ts", // 7.7 (the package: .ci/run runs these on Node 20 too)
  "test/cli/streamed-output.test.ts", // 7.2
  "test/readme-demo.test.ts", // 6.8
  "test/cli/hooks.test.ts", // 6.5
  "test/cli/stale-advance.test.ts", // 5.5
  "test/package/action.test.ts", // 3.7 (the package: .ci/run runs these on Node 20 too)
  "test/cli/stale-concurrent.test.ts", // 3.2 (sleeps between concurrent runs)
  "test/cli/watch-deleted.test.ts", // 1.8 (waits on file-system events)
  "test/cli/watch.test.ts", // 1.3 (waits on file-system events)
  "test/cli/watch-branch-marks.test.ts", // waits on file-system events
  "test/cli/stale-agreement-property.test.ts", // random histories with the hooks, both adapters
  "test/cli/merge-marks.test.ts", // 10.1 (merges with every hook in node, both adapters)
  "test/cli/hook-managers.test.ts", // installs lefthook, husky and pre-commit from the registries
  "test/cli/hooks-lefthook.test.ts", // installs lefthook from the registry
  "test/cli/site-serve.test.ts", // waits on file-system events and a rebuild
  "test/cli/site-browser.test.ts", // drives a real headless Chromium over every page of a built site
  "test/cli/site-browser-readers.test.ts", // a real headless Chromium, on repositories as readers bring them
  "test/cli/adr-deep-markdown.test.ts", // spawns the CLI on Markdown nested thousands deep
  "test/cli/esm-packages.test.ts", // starts the watcher and the preview server, waits for them
];

for (const file of THOROUGH_ONLY)
  if (!existsSync(file)) throw new Error(`vitest.config.ts lists ${file}, which does not exist`);

// One seed for every property test of this run (printed at the end by the summary reporter): a
// fresh one on a developer's machine, so that each run explores new inputs; under CI one fixed
// seed, so that what passed before a landing passes in it (a failure a fresh seed finds is
// replayed with ADRIFT_PROPERTY_SEED and kept as an example test).
const CI_SEED = 20_261_206;
process.env.ADRIFT_PROPERTY_SEED ||= String(process.env.CI ? CI_SEED : freshSeed());
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
