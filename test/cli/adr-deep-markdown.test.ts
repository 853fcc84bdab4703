import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

// Spawns the CLI (a real process's stack) on files that take the parser seconds: thorough tier.
describe.each(["cli", "embedded"])(
  "deeply nested Markdown in an ADR, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("an ADR nested thousands deep (block quotes, lists) is imported and drawn, not a stack overflow", () => {
      const repo = makeRepo();
      const head = "## Status\n\nAccepted\n\n";
      repo.commit("adrs", {
        "docs/adr/0001-quotes.md": `# 1. Quotes\n\n${head}${"> ".repeat(5_000)}deep quote\n`,
        "docs/adr/0002-lists.md": `# 2. Lists\n\n${head}${"- ".repeat(3_000)}deep list\n\nSee ADR-0001.\n`,
      });
      repo.adrift(["init"], { env });
      // A real process: its stack is node's default, smaller than the test harness's threads'.
      const imported = repo.adrift(["adr", "import"], { env, spawn: true });
      expect(imported.stderr).toBe("");
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain("2 imported");
      expect(repo.adrift(["adr", "list"], { env }).stdout).toMatch(/ADR-0002\s+accepted\s+Lists/);
      const report = ["report", "correspondence", "--format", "html"];
      expect(repo.adrift(report, { env, spawn: true }).code).toBe(0);
      expect(repo.adrift(["site", "build"], { env, spawn: true }).code).toBe(0);
      const adrs = path.join(repo.dir, ".adrift/site/adrs");
      const pages = readdirSync(adrs).map((f) => readFileSync(path.join(adrs, f), "utf8"));
      expect(pages.some((p) => p.includes("deep quote"))).toBe(true);
      expect(pages.some((p) => p.includes("deep list"))).toBe(true);
    });
  },
);
