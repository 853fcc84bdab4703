import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { git, makeRepo, runCli, type TestRepo, tempDir, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

/**
 * After each step of a history, `adrift stale --json` run on the cache the step before left
 * (carried forward where it can be) must print exactly what it prints with no cache at all.
 */
describe.each(ADAPTERS)("stale carried forward to a new HEAD (%s git adapter)", (adapter) => {
  const env = testEnv({
    ADRIFT_PROFILE: "1",
    ...(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {}),
  });
  const stale = (repo: TestRepo) => {
    const result = repo.adrift(["stale", "--json"], { env });
    expect(result.code, result.stderr).toBe(0);
    const notes = result.stderr
      .split("\n")
      .filter((l) => l.startsWith("adrift-profile note "))
      .map((l) => l.slice("adrift-profile note ".length));
    return { json: result.stdout, notes };
  };
  /** Runs stale on the cache, then again without one; both must agree. Returns the notes. */
  const step = (repo: TestRepo): string[] => {
    const carried = stale(repo);
    // The second run must not see the first run's cache.
    rmSync(path.join(repo.dir, ".git/adrift"), { recursive: true, force: true });
    const whole = stale(repo);
    expect(JSON.parse(carried.json)).toEqual(JSON.parse(whole.json));
    expect(carried.json).toBe(whole.json);
    // Leave the cache of the run before this step's next change, as a user's last run would.
    stale(repo);
    return carried.notes;
  };
  /** Commits a minute after the commit before, as people do (the bases' order is by time). */
  let minute = 0;
  const commit = (repo: TestRepo, message: string, files: Record<string, string> = {}) => {
    for (const [file, content] of Object.entries(files)) repo.write(file, content);
    const date = new Date(Date.UTC(2026, 0, 1, 0, ++minute)).toISOString();
    const dated = testEnv({ GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    git(repo.dir, ["add", "-A"], dated);
    git(repo.dir, ["commit", "-q", "--allow-empty", "-m", message], dated);
  };
  /** The note a run that carried the report forward prints (ADRIFT_PROFILE=1). */
  const carriedNote = (commits: number, kept: number, updated: number, again: number) =>
    `previous report carried forward over ${commits} commit(s): ${kept} finding(s) kept as they were, ${updated} brought up to date, ${again} judged again`;
  /** A repository with src/a.ts and src/b.ts, decisions on `scopes`, and a report cached. */
  const seeded = (...scopes: string[]) => {
    const repo = makeRepo();
    commit(repo, "code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    for (const scope of scopes) decide(repo, scope);
    commit(repo, "decisions");
    stale(repo);
    return repo;
  };
  const decide = (repo: TestRepo, scope: string) =>
    repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      `on ${scope}`,
      "--path",
      scope,
    ]).id;

  it("keeps what no new commit touched, judges the rest again, and follows renames", () => {
    const repo = makeRepo();
    commit(repo, "code", {
      "src/a.ts": "a\n",
      "src/b.ts": "b\n",
      "src/dir/x.ts": "x\n",
      "lib/old.ts": "export const old = 1;\n".repeat(20),
      "docs/n.md": "n\n",
    });
    for (const scope of ["src/a.ts", "src/dir/", "src/**/*.ts", "lib/old.ts"]) decide(repo, scope);
    commit(repo, "decisions");
    stale(repo);

    commit(repo, "docs only", { "docs/n.md": "n2\n" });
    expect(step(repo)).toContain(carriedNote(1, 4, 0, 0));

    // A first edit of b: on a history without merges, a file the finding did not list had not
    // changed since the basis: it is added to the finding without reading history.
    commit(repo, "touch b", { "src/b.ts": "b2\n" });
    expect(step(repo)).toContain(carriedNote(1, 3, 1, 0));
    // b is listed now: another edit of it only adds a commit to the finding.
    commit(repo, "touch b again", { "src/b.ts": "b3\n" });
    expect(step(repo)).toContain(carriedNote(1, 3, 1, 0));

    // A pure rename out of the scope: moved. Then a change where the file went: stale, although
    // the new path is outside the scope (the finding followed the rename there).
    repo.git("mv", "lib/old.ts", "lib/new.ts");
    commit(repo, "move old");
    // Read under lib/old.ts alone, the move looks like a deletion: all changes are read instead.
    expect(step(repo)).toContain(
      "a file under the scopes was deleted or renamed: all changes read",
    );
    expect(
      JSON.parse(stale(repo).json).findings.find((f: { paths: { path: string }[] }) =>
        f.paths.some((p) => p.path === "lib/old.ts"),
      ).state,
    ).toBe("moved");
    commit(repo, "edit where it went", { "lib/new.ts": "export const old = 2;\n".repeat(20) });
    expect(step(repo)).toContain(carriedNote(1, 3, 0, 1));

    // Two commits at once.
    commit(repo, "one", { "src/dir/y.ts": "y\n" });
    commit(repo, "two", { "docs/m.md": "m\n" });
    expect(step(repo)).toContain(carriedNote(2, 2, 0, 2));

    // A new decision at the same HEAD: only it is judged (and, based on HEAD, it is fresh).
    decide(repo, "docs/");
    expect(step(repo)).toContain(carriedNote(0, 4, 0, 1));
  });

  it("a file renamed with an edit, then put back as the decision saw it: moved, carried or not", () => {
    const repo = makeRepo();
    const text = "export const a = 1;\n".repeat(20);
    commit(repo, "code", { "src/a.ts": text, "docs/n.md": "n\n" });
    decide(repo, "src/");
    commit(repo, "decision");
    stale(repo);
    repo.git("mv", "src/a.ts", "src/d.ts");
    commit(repo, "move and edit a", { "src/d.ts": `${text}export const b = 2;\n` });
    step(repo);
    expect(JSON.parse(stale(repo).json).findings[0].state).toBe("stale");
    // The edit undone where the file went: it only moved (content decides), and a report
    // carried forward over that commit must say so too.
    commit(repo, "undo the edit", { "src/d.ts": text });
    step(repo);
    expect(JSON.parse(stale(repo).json).findings[0].state).toBe("moved");
  });

  it("carries the report forward past a commit whose pre-commit hook read a changed log", () => {
    const repo = seeded("src/a.ts");
    // A new decision (the log changes), then a commit: its pre-commit hook folds the log again
    // without computing a report, and keeps what the stored report was computed from. (Run here
    // by hand, and the commit made without hooks: an installed post-commit hook would refresh
    // the report in the background, racing the run below.)
    decide(repo, "src/b.ts");
    repo.write("src/b.ts", "b2\n");
    repo.git("add", "-A");
    const hook = repo.adrift(["hook", "run", "pre-commit"]);
    expect(hook.stderr).toMatch(/marked 1 record\(s\) stale/);
    git(repo.dir, ["-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "edit b"]);
    expect(step(repo)).toContain(carriedNote(1, 1, 0, 1));
  });

  it("carries forward a report restored into a fresh clone (a CI cache of .git/adrift)", () => {
    const repo = seeded("src/a.ts", "src/b.ts");
    const saved = path.join(tempDir(), "adrift");
    cpSync(path.join(repo.dir, ".git/adrift"), saved, { recursive: true });
    commit(repo, "edit a", { "src/a.ts": "a2\n" });
    // A new clone: every file's mtime differs, so the log is read again; history is not.
    const clone = tempDir();
    git(clone, ["clone", "-q", repo.dir, "."]);
    cpSync(saved, path.join(clone, ".git/adrift"), { recursive: true });
    const cloned: TestRepo = {
      ...repo,
      dir: clone,
      adrift: (args, opts) => runCli(clone, args, opts),
    };
    // The caches are keyed by the log's contents: the log is not read again either.
    const carried = cloned.adrift(["stale", "--json"], { env });
    expect(carried.stderr).toContain(`adrift-profile note ${carriedNote(1, 1, 1, 0)}`);
    expect(carried.stderr).not.toContain("read and fold the log");
    cpSync(saved, path.join(clone, ".git/adrift"), { recursive: true });
    expect(step(cloned)).toContain(carriedNote(1, 1, 1, 0));
  });

  it("reads history whole after a merge or a rewritten HEAD", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    decide(repo, "src/a.ts");
    repo.commit("decision");
    stale(repo);
    repo.git("checkout", "-q", "-b", "side");
    repo.commit("side edit", { "src/a.ts": "a2\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main edit", { "src/b.ts": "b2\n" });
    stale(repo);
    repo.git("merge", "-q", "--no-edit", "side");
    expect(step(repo)).toContain(
      "history read whole: the new commits are not one line on top of the previous HEAD",
    );
    repo.commit("after the merge", { "src/b.ts": "b3\n" });
    stale(repo);
    repo.git("reset", "-q", "--hard", "HEAD~1");
    repo.commit("rewritten", { "src/b.ts": "b4\n" });
    expect(step(repo).join("\n")).toMatch(/history read whole: /);
  });

  it("reads history whole when HEAD moved back (a reset, a checkout of a branch behind)", () => {
    const repo = seeded("src/a.ts");
    commit(repo, "edit a", { "src/a.ts": "a2\n" });
    expect(JSON.parse(stale(repo).json).findings[0].state).toBe("stale");
    // Back to the commit before the edit: the edit is no longer in HEAD's history.
    repo.git("reset", "-q", "--hard", "HEAD~1");
    expect(step(repo)).toContain(
      "history read whole: HEAD moved back to a commit the previous HEAD descends from",
    );
    expect(JSON.parse(stale(repo).json).findings[0].state).toBe("fresh");
    // A branch ahead, then back to main behind it.
    repo.git("checkout", "-q", "-b", "ahead");
    commit(repo, "edit a on a branch", { "src/a.ts": "a3\n" });
    expect(JSON.parse(stale(repo).json).findings[0].state).toBe("stale");
    repo.git("checkout", "-q", "main");
    expect(step(repo).join("\n")).toMatch(/history read whole: HEAD moved back/);
    expect(JSON.parse(stale(repo).json).findings[0].state).toBe("fresh");
  });
});
