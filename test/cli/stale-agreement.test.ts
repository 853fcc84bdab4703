// Every command gives the same answer for a record marked stale whose scope computes fresh again
// (a revert, an amend that dropped the edit, a mark merged from another branch), and for one
// computed stale and not yet marked. Before one rule decided it, `stale` said "0 stale",
// `stale --fail-on stale` exited 1, and `list --status stale` and `context` listed the record.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";
import { expectAgreement, staleAnswers } from "../support/stale-answers.js";

type Finding = { record_id: string; state: string; computed_state?: string };

describe.each(["cli", "embedded"])("commands agree on staleness (%s adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter, ADRIFT_HOOK_FOREGROUND: "1" });
  const git = (repo: TestRepo, ...args: string[]) => {
    const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result.stdout;
  };

  function recorded(hooks: boolean): { repo: TestRepo; id: string } {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    if (hooks) expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    const { id } = repo.adriftJson<{ id: string }>(
      ["decision", "record", "--outcome", "o", "--path", "src/a.ts"],
      { env },
    );
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "record");
    return { repo, id };
  }

  const finding = (repo: TestRepo, id: string) =>
    repo
      .adriftJson<{ findings: Finding[] }>(["stale"], { env })
      .findings.find((f) => f.record_id === id);

  it("a mark stands after a revert puts the code back", () => {
    const { repo, id } = recorded(false);
    repo.write("src/a.ts", "a2\n");
    git(repo, "commit", "-q", "-am", "edit");
    const edit = git(repo, "rev-parse", "HEAD").trim();
    expect(repo.adrift(["stale", "--record"], { env }).code).toBe(0);
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "marks");
    git(repo, "revert", "--no-edit", edit);
    expect(finding(repo, id)).toMatchObject({ state: "stale", computed_state: "fresh" });
    expect(expectAgreement(staleAnswers(repo, env))).toEqual([id]);
    expect(repo.adrift(["stale"], { env }).stdout).toContain("its scope is fresh now");
    // Re-verified, it is fresh everywhere.
    expect(repo.adrift(["decision", "reverify", id, "--note", "checked"], { env }).code).toBe(0);
    expect(expectAgreement(staleAnswers(repo, env))).toEqual([]);
  });

  it("a mark stands after an amend dropped the edit that made it", () => {
    const { repo, id } = recorded(true);
    repo.write("src/a.ts", "a2\n");
    git(repo, "commit", "-q", "-am", "edit");
    repo.write("src/a.ts", "a\n");
    git(repo, "commit", "-q", "--amend", "-a", "--no-edit");
    expect(repo.git("show", "HEAD:src/a.ts")).toBe("a\n");
    expect(finding(repo, id)).toMatchObject({ state: "stale", computed_state: "fresh" });
    expect(expectAgreement(staleAnswers(repo, env))).toEqual([id]);
  });

  it("a mark merged from another branch stands where the code is as the record saw it", () => {
    const { repo, id } = recorded(true);
    git(repo, "checkout", "-q", "-b", "feat");
    repo.write("src/a.ts", "a2\n");
    git(repo, "commit", "-q", "-am", "edit (marks)");
    repo.write("src/a.ts", "a\n");
    git(repo, "commit", "-q", "-am", "back");
    git(repo, "checkout", "-q", "main");
    repo.write("src/b.ts", "b2\n");
    git(repo, "commit", "-q", "-am", "main moves on");
    git(repo, "merge", "-q", "--no-edit", "feat");
    expect(finding(repo, id)).toMatchObject({ state: "stale", computed_state: "fresh" });
    expect(expectAgreement(staleAnswers(repo, env))).toEqual([id]);
  });

  it("a record computed stale and not yet marked is stale for every command; --check fails", () => {
    const { repo, id } = recorded(false);
    repo.write("src/a.ts", "a2\n");
    git(repo, "commit", "-q", "-am", "edit");
    const answers = staleAnswers(repo, env);
    expect(answers.unrecorded).toEqual([id]);
    expect(expectAgreement(answers)).toEqual([id]);
  });
});
