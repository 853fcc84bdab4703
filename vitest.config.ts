import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // A hang guard, not a budget: end-to-end tests spawn git and the CLI many times, and a loaded
    // 2-core machine must not fail a test that would pass. CI's own time limit bounds the run.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
  },
});
