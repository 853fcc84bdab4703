import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

// A rerun of pr-comment reads back the body the last run rendered from the same model with the
// same code: it must print exactly what rendering would, and never a body of another model.

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

function pullRequest(): TestRepo {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "a1\n", "src/b.ts": "b1\n", "lib/c.ts": "c1\n" });
  for (const [outcome, scope] of [
    ["A is pure", "src/a.ts"],
    ["B stays small", "src/b.ts"],
  ] as const)
    repo.adriftJson(["decision", "record", "--outcome", outcome, ...COMPLETE, "--path", scope]);
  repo.commit("decisions");
  repo.git("checkout", "-q", "-b", "feature");
  repo.commit("change a", { "src/a.ts": "a2\n", "lib/d.ts": "d\n" });
  return repo;
}

const cacheFile = (repo: TestRepo) => path.join(repo.dir, ".git/adrift/pr-comment-body.json");

/** The comment as a run with no derived state at all prints it (rendered, nothing read back). */
function fresh(repo: TestRepo, args: string[], env = testEnv()): string {
  rmSync(path.join(repo.dir, ".git/adrift"), { recursive: true, force: true });
  const r = repo.adrift(["pr-comment", "--base", "main", ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

function rerun(repo: TestRepo, args: string[], env = testEnv()): string {
  const r = repo.adrift(["pr-comment", "--base", "main", ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe("pr-comment reads back the body it rendered for the same model", () => {
  it("a rerun prints the same bytes, Markdown and JSON, and the hit path is the one taken", () => {
    const repo = pullRequest();
    const md = fresh(repo, []);
    expect(md).toContain("1 record made stale");
    const stored = JSON.parse(readFileSync(cacheFile(repo), "utf8")) as { body: string };
    expect(stored.body).toBe(md);
    expect(rerun(repo, [])).toBe(md);
    expect(rerun(repo, ["--json"])).toBe(fresh(repo, ["--json"]));
    expect(rerun(repo, ["--json"])).toBe(rerun(repo, ["--json"]));
    // The stored body is what a rerun prints (so the assertions above did read it back) …
    rerun(repo, []);
    const planted = JSON.parse(readFileSync(cacheFile(repo), "utf8")) as { body: string };
    writeFileSync(cacheFile(repo), JSON.stringify({ ...planted, body: "planted" }));
    expect(rerun(repo, [])).toBe("planted\n");
    // … and one stored under any other key is never printed.
    writeFileSync(cacheFile(repo), JSON.stringify({ ...planted, key: "0".repeat(64), body: "x" }));
    expect(rerun(repo, [])).toBe(md);
  });

  it("a changed model (a new commit, another forge, another gate) is rendered again", () => {
    const repo = pullRequest();
    const before = fresh(repo, []);
    rerun(repo, []);
    repo.commit("change b", { "src/b.ts": "b2\n" });
    const after = rerun(repo, []);
    expect(after).not.toBe(before);
    expect(after).toBe(fresh(repo, []));
    const forge = testEnv({ GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "o/r" });
    const linked = rerun(repo, [], forge);
    expect(linked).toContain("https://github.com/o/r/");
    expect(linked).toBe(fresh(repo, [], forge));
    expect(rerun(repo, [])).toBe(after);
    const gated = repo.adrift(["pr-comment", "--base", "main", "--fail-on", "stale"]);
    expect(gated.code).toBe(1);
    expect(gated.stdout).toContain("Failing: stale");
    rmSync(path.join(repo.dir, ".git/adrift"), { recursive: true, force: true });
    expect(repo.adrift(["pr-comment", "--base", "main", "--fail-on", "stale"]).stdout).toBe(
      gated.stdout,
    );
  });
});
