// A stale mark the watcher (or `stale --record`) wrote on a side branch and left uncommitted
// comes along on `git checkout main`; `git add -A && git commit` there must not commit it: the
// pre-commit takes it out. Back on the side branch the record is still stale and is marked again.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { repoWithDecision, type TestRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

type Stale = {
  findings: { record_id: string; state: string; recorded: boolean }[];
  marked: string[];
};
type Listed = { records: { id: string; status: string }[] };

describe.each(ADAPTERS)(
  "a mark from another branch and the pre-commit (%s git adapter)",
  (adapter) => {
    const env = testEnv({
      ADRIFT_HOOK_FOREGROUND: "1",
      ...(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {}),
    });
    const gitRun = (repo: TestRepo, ...args: string[]) => {
      const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
      if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
      return result;
    };
    const json = <T>(repo: TestRepo, args: string[]) => repo.adriftJson<T>(args, { env });
    const status = (repo: TestRepo, id: string) =>
      json<Listed>(repo, ["list"]).records.find((r) => r.id === id)?.status;

    it("is left out of a commit on main and made again back on its branch", () => {
      const { repo, id } = repoWithDecision();
      expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
      // The watcher marks between commits: a commit made without the hook leaves the record
      // unmarked, and `stale --record` (what the watcher's pass runs) marks it, uncommitted.
      gitRun(repo, "checkout", "-q", "-b", "feature");
      repo.write("src/a.ts", "a2\n");
      gitRun(repo, "add", "-A");
      gitRun(repo, "commit", "-q", "--no-verify", "-m", "edit a on feature, unmarked");
      expect(json<Stale>(repo, ["stale", "--record"]).marked).toEqual([id]);
      const file = repo.git("status", "--porcelain", "--", ".decisions").trim().slice(3);
      expect(file).toMatch(/\.events\.ndjson$/);
      gitRun(repo, "checkout", "-q", "main");
      expect(status(repo, id)).toBe("active");

      repo.write("README.md", "# test, edited on main\n");
      gitRun(repo, "add", "-A");
      const commit = gitRun(repo, "commit", "-q", "-m", "an unrelated change on main");
      expect(commit.stderr).toContain("left out 1 stale mark(s) written on another branch");
      expect(commit.stderr).toContain(id);
      // Nothing main's history does not justify was committed, and main reads the record active.
      const logFiles = repo
        .git("ls-files", "--", ".decisions")
        .trim()
        .split("\n")
        .filter((f) => f.endsWith(".ndjson"));
      const committed = logFiles.map((f) => repo.git("show", `HEAD:${f}`)).join("\n");
      expect(committed).not.toContain('"decision_marked_stale"');
      expect(repo.git("status", "--porcelain").trim()).toBe("");
      expect(status(repo, id)).toBe("active");
      expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);

      // Back on feature, the record is stale and its mark is made again.
      gitRun(repo, "checkout", "-q", "feature");
      expect(json<Stale>(repo, ["stale"]).findings.find((f) => f.record_id === id)).toMatchObject({
        state: "stale",
      });
      expect(json<Stale>(repo, ["stale", "--record"]).marked).toEqual([id]);
      expect(status(repo, id)).toBe("stale");
    });

    it("keeps it in a merge commit that brings the commits it names", () => {
      const { repo, id } = repoWithDecision();
      expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
      gitRun(repo, "checkout", "-q", "-b", "feature");
      repo.write("src/a.ts", "a2\n");
      gitRun(repo, "add", "-A");
      gitRun(repo, "commit", "-q", "--no-verify", "-m", "edit a on feature, unmarked");
      expect(json<Stale>(repo, ["stale", "--record"]).marked).toEqual([id]);
      gitRun(repo, "checkout", "-q", "main");
      // main moves on without the log file (a commit of one file leaves the mark where it is).
      repo.write("README.md", "# main\n");
      gitRun(repo, "add", "README.md");
      gitRun(repo, "commit", "-q", "-m", "main moves on");
      expect(repo.git("status", "--porcelain", "--", ".decisions").trim()).toMatch(/^\?\? /);
      // A merge concluded by hand (as after a conflict): the pre-commit runs with MERGE_HEAD.
      gitRun(repo, "merge", "-q", "--no-ff", "--no-commit", "feature");
      gitRun(repo, "add", "-A");
      const commit = gitRun(repo, "commit", "-q", "-m", "merge feature");
      expect(commit.stderr).not.toContain("left out");
      expect(status(repo, id)).toBe("stale");
      expect(json<Stale>(repo, ["stale"]).findings.find((f) => f.record_id === id)).toMatchObject({
        state: "stale",
        recorded: true,
      });
      expect(repo.git("status", "--porcelain").trim()).toBe("");
    });

    it("keeps a mark whose commits this branch holds, and records written on the side branch", () => {
      const { repo, id } = repoWithDecision();
      expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
      gitRun(repo, "checkout", "-q", "-b", "feature");
      repo.write("src/a.ts", "a2\n");
      gitRun(repo, "add", "-A");
      gitRun(repo, "commit", "-q", "--no-verify", "-m", "edit a, unmarked");
      expect(json<Stale>(repo, ["stale", "--record"]).marked).toEqual([id]);
      // Still on feature: the mark is true here, and the commit carries it.
      repo.write("src/b.ts", "b2\n");
      gitRun(repo, "add", "-A");
      const commit = gitRun(repo, "commit", "-q", "-m", "more on feature");
      expect(commit.stderr).not.toContain("left out");
      expect(repo.git("show", "--stat", "HEAD")).toContain(".decisions");
      expect(status(repo, id)).toBe("stale");
    });
  },
);
