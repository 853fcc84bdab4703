// A merge carries the marks it makes. `git merge` runs no pre-commit: before adrift installed a
// pre-merge-commit hook, post-merge said "1 record(s) went stale", `stale --check` exited 1, and
// the mark arrived only with the next local commit. git writes a merge's tree before
// pre-merge-commit runs, so the marks that hook stages are put into the merge commit by
// post-merge (the commit made again, hooks not run). A merge with conflicts is committed by
// `git commit`, whose pre-commit marks; a fast-forward makes no commit and writes none.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])("a merge with the hooks installed (%s adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter, ADRIFT_HOOK_FOREGROUND: "1" });
  const git = (repo: TestRepo, ...args: string[]) => {
    const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result;
  };

  /**
   * main records a decision on src/a.ts after `feat` forked; `feat` edits src/a.ts (and
   * src/b.ts with `conflict`, which main edits too). Leaves main checked out.
   */
  function forked(conflict = false): { repo: TestRepo; id: string } {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    git(repo, "checkout", "-q", "-b", "feat");
    repo.write("src/a.ts", "a on feat\n");
    if (conflict) repo.write("src/b.ts", "b on feat\n");
    git(repo, "commit", "-q", "-am", "feat: edit");
    git(repo, "checkout", "-q", "main");
    const { id } = repo.adriftJson<{ id: string }>(
      ["decision", "record", "--outcome", "o", "--path", "src/a.ts"],
      { env },
    );
    if (conflict) repo.write("src/b.ts", "b on main\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "record");
    return { repo, id };
  }

  /** The records HEAD's committed log marks stale. */
  function marksAtHead(repo: TestRepo): string[] {
    const files = repo.git("ls-tree", "-r", "--name-only", "HEAD", "--", ".decisions/");
    const lines = files
      .split("\n")
      .filter((f) => f.endsWith(".events.ndjson"))
      .flatMap((f) => repo.git("show", `HEAD:${f}`).split("\n"));
    return lines
      .filter((l) => l.includes('"decision_marked_stale"'))
      .map((l) => (JSON.parse(l) as { data: { decision_id: string } }).data.decision_id);
  }

  it("puts the marks a merge makes into the merge commit", () => {
    const { repo, id } = forked();
    const before = repo.git("rev-parse", "HEAD").trim();
    const merged = git(repo, "merge", "--no-edit", "feat");
    expect(merged.stderr).toContain("marked 1 record(s) stale");
    expect(merged.stderr).not.toContain("went stale");
    // The merge commit itself: two parents, the edit and the mark.
    expect(repo.git("rev-parse", "HEAD^1").trim()).toBe(before);
    expect(repo.git("rev-parse", "HEAD^2").trim()).toBe(repo.git("rev-parse", "feat").trim());
    expect(repo.git("show", "HEAD:src/a.ts")).toBe("a on feat\n");
    expect(marksAtHead(repo)).toEqual([id]);
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.git("log", "-1", "--format=%s").trim()).toBe("Merge branch 'feat'");
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);
    expect(repo.adrift(["validate", "--against", before], { env }).code).toBe(0);
  });

  it("puts the marks into the merge commit of a pull that merges", () => {
    const { repo: upstream } = forked();
    const clone = makeRepo({ empty: true });
    git(clone, "pull", "-q", "--no-rebase", upstream.dir, "main");
    expect(clone.adrift(["hook", "install"], { env }).code).toBe(0);
    clone.write("src/b.ts", "b here\n");
    git(clone, "commit", "-q", "-am", "local work");
    const pulled = git(clone, "pull", "--no-rebase", "--no-edit", upstream.dir, "feat");
    expect(pulled.stderr).toContain("marked 1 record(s) stale");
    expect(clone.git("rev-parse", "HEAD^2").trim()).toBe(upstream.git("rev-parse", "feat").trim());
    expect(marksAtHead(clone)).toHaveLength(1);
    expect(clone.git("status", "--porcelain")).toBe("");
    expect(clone.adrift(["stale", "--check"], { env }).code).toBe(0);
  });

  it("never makes a signed merge again: its marks stay staged, and the next commit carries them", () => {
    const { repo, id } = forked();
    // A stand-in for gpg: git asks it for a detached signature and checks its status line.
    const gpg = path.join(repo.dir, ".git", "fake-gpg");
    writeFileSync(
      gpg,
      '#!/bin/sh\ncat >/dev/null\necho "[GNUPG:] SIG_CREATED D 1 8 00 0 ABC" >&2\nprintf -- "-----BEGIN PGP SIGNATURE-----\\n\\nx\\n-----END PGP SIGNATURE-----\\n"\n',
      { mode: 0o755 },
    );
    git(repo, "config", "gpg.program", gpg);
    git(repo, "config", "user.signingkey", "ABC");
    const merged = git(repo, "merge", "-S", "--no-edit", "feat");
    expect(merged.stderr).toContain("could not take its stale marks");
    expect(repo.git("cat-file", "commit", "HEAD")).toContain("gpgsig");
    expect(marksAtHead(repo)).toEqual([]);
    expect(repo.git("status", "--porcelain")).toMatch(/^M {2}\.decisions\//m);
    repo.write("README.md", "next\n");
    git(repo, "commit", "-q", "-am", "next");
    expect(marksAtHead(repo)).toEqual([id]);
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);
  });

  it("leaves a merge made with --no-verify as git made it (post-merge names what went stale)", () => {
    const { repo } = forked();
    const merged = git(repo, "merge", "--no-verify", "--no-edit", "feat");
    expect(merged.stderr).toContain("1 record(s) went stale");
    expect(marksAtHead(repo)).toEqual([]);
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(1);
  });

  it("marks through pre-commit when a merge with conflicts is committed with git commit", () => {
    const { repo, id } = forked(true);
    const merged = spawnSync("git", ["merge", "--no-edit", "feat"], {
      cwd: repo.dir,
      env,
      encoding: "utf8",
    });
    expect(merged.status).toBe(1);
    repo.write("src/b.ts", "b resolved\n");
    git(repo, "add", "src/b.ts");
    const committed = git(repo, "commit", "--no-edit");
    expect(committed.stderr).toContain("marked 1 record(s) stale");
    expect(repo.git("rev-parse", "HEAD^2").trim()).toBe(repo.git("rev-parse", "feat").trim());
    expect(marksAtHead(repo)).toEqual([id]);
    expect(repo.git("status", "--porcelain")).toBe("");
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);
  });

  it("makes no commit on a fast-forward: post-merge names the record, the next commit marks it", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    const { id } = repo.adriftJson<{ id: string }>(
      ["decision", "record", "--outcome", "o", "--path", "src/a.ts"],
      { env },
    );
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "record");
    // Made without the hooks (another clone, --no-verify): it carries no mark.
    git(repo, "checkout", "-q", "-b", "feat");
    repo.write("src/a.ts", "a on feat\n");
    git(repo, "commit", "-q", "--no-verify", "-am", "feat: edit");
    git(repo, "checkout", "-q", "main");
    const merged = git(repo, "merge", "--ff-only", "feat");
    expect(repo.git("rev-parse", "HEAD").trim()).toBe(repo.git("rev-parse", "feat").trim());
    expect(merged.stderr).toContain("1 record(s) went stale");
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(1);
    repo.write("README.md", "next\n");
    git(repo, "commit", "-q", "-am", "next");
    expect(marksAtHead(repo)).toEqual([id]);
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);
  });
});
