// Prints the closing lines: the property tests' seed, then the line CI reads,
// "N passed, N failed, N skipped".
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (mod.state() === "failed" && [...mod.children.allTests()].length === 0) failed++;
    }
    // vitest.config.ts draws the seed (or takes the one given) for every property of the run.
    const seed = process.env.ADRIFT_PROPERTY_SEED;
    if (seed)
      process.stdout.write(
        `\nproperty tests' seed: ${seed} (ADRIFT_PROPERTY_SEED=${seed} replays them)`,
      );
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
