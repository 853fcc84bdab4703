// The pre-commit hook leaves the cache to take its marks in later (the post-commit refresh, or
// whatever reads the cache next): what every later run says must be what a run with no cache
// at all says, whether the note it left is taken in, or must be thrown away because the log
// file changed after the append.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { git, makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const NOTE = ".git/adrift/deferred-refresh.json";

/** `stale --json` as it is, then with no derived state at all: both must say the same. */
function sameAsCold(repo: TestRepo): { findings: { record_id: string; recorded: boolean }[] } {
  const carried = repo.adrift(["stale", "--json"]);
  expect(carried.code, carried.stderr).toBe(0);
  rmSync(path.join(repo.dir, ".git/adrift"), { recursive: true, force: true });
  const cold = repo.adrift(["stale", "--json"]);
  expect(cold.code, cold.stderr).toBe(0);
  expect(JSON.parse(carried.stdout)).toEqual(JSON.parse(cold.stdout));
  return JSON.parse(cold.stdout);
}

function withHooksAndDecisions(): { repo: TestRepo; a: string; b: string } {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
  const decide = (file: string) =>
    repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", file, "--path", file]).id;
  const a = decide("src/a.ts");
  const b = decide("src/b.ts");
  expect(repo.adrift(["hook", "install"]).code).toBe(0);
  repo.commit("decisions");
  repo.adrift(["stale"]);
  return { repo, a, b };
}

describe("the cache refresh a marking pre-commit leaves for later", () => {
  it("is taken in by the post-commit refresh: later runs say what a cold run says", () => {
    const { repo, a } = withHooksAndDecisions();
    repo.write("src/a.ts", "a2\n");
    repo.git("add", "src/a.ts");
    // The pre-commit alone (as git runs it), to see the note it leaves.
    // A real process, as git runs it: the note is what outlives the hook's process.
    const hook = repo.adrift(["hook", "run", "pre-commit"], { spawn: true });
    expect(hook.stderr).toContain("marked 1 record(s) stale");
    expect(existsSync(path.join(repo.dir, NOTE))).toBe(true);
    // The commit (its pre-commit writes the marks again), the post-commit in the foreground.
    git(repo.dir, ["commit", "-q", "-m", "edit a"], testEnv({ ADRIFT_HOOK_FOREGROUND: "1" }));
    expect(existsSync(path.join(repo.dir, NOTE))).toBe(false);
    const report = sameAsCold(repo);
    expect(report.findings.find((f) => f.record_id === a)).toMatchObject({ recorded: true });
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
  });

  it("is thrown away when the log file changed after the append: nothing is lost", () => {
    const { repo, a } = withHooksAndDecisions();
    repo.write("src/a.ts", "a2\n");
    repo.git("add", "src/a.ts");
    expect(repo.adrift(["hook", "run", "pre-commit"], { spawn: true }).stderr).toContain(
      "marked 1 record(s)",
    );
    expect(existsSync(path.join(repo.dir, NOTE))).toBe(true);
    // Another record goes into the same file before anything read the cache.
    const c = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "c",
      "--path",
      "src/b.ts",
    ]).id;
    const report = sameAsCold(repo);
    expect(existsSync(path.join(repo.dir, NOTE))).toBe(false);
    expect(report.findings.map((f) => f.record_id)).toContain(c);
    expect(report.findings.find((f) => f.record_id === a)).toMatchObject({ recorded: true });
  });

  it("is not left under ADRIFT_HOOK_FULL (the path the fast ones are checked against)", () => {
    const { repo } = withHooksAndDecisions();
    repo.write("src/a.ts", "a2\n");
    repo.git("add", "src/a.ts");
    const hook = repo.adrift(["hook", "run", "pre-commit"], {
      spawn: true,
      env: testEnv({ ADRIFT_HOOK_FULL: "1" }),
    });
    expect(hook.stderr).toContain("marked 1 record(s) stale");
    expect(existsSync(path.join(repo.dir, NOTE))).toBe(false);
    sameAsCold(repo);
  });
});
