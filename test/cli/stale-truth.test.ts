// Staleness says what a user means, in the flows people actually use: real repositories, the
// real CLI and the real hooks, with both git adapters.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StaleFinding } from "../../src/core/staleness/types.js";
import { makeRepo, runCli, type TestRepo, testEnv } from "../support/repo.js";

type Report = {
  findings: StaleFinding[];
  notices: string[];
  unrecorded: string[];
  marked: string[];
};

describe.each(["cli", "embedded"])("staleness in everyday flows (%s git adapter)", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
  const adrift = (repo: TestRepo, args: string[]) => runCli(repo.dir, args, { env });
  const json = <T>(repo: TestRepo, args: string[]): T => {
    const result = adrift(repo, [...args, "--json"]);
    if (result.code !== 0 && result.code !== 1)
      throw new Error(`adrift ${args.join(" ")}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };
  /** `git` with the adapter's environment, so that the hooks run with it too. */
  const git = (repo: TestRepo, ...args: string[]) => {
    const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return { stdout: result.stdout, stderr: result.stderr };
  };
  /** Stages everything and commits it, hooks running; returns what the hooks printed. */
  const commit = (repo: TestRepo, message: string, files: Record<string, string> = {}) => {
    for (const [file, content] of Object.entries(files)) repo.write(file, content);
    git(repo, "add", "-A");
    return git(repo, "commit", "-q", "-m", message).stderr;
  };
  const record = (repo: TestRepo, scope: string[], extra: string[] = []) =>
    json<{ id: string; notes: { uncommitted?: string[] } }>(repo, [
      "decision",
      "record",
      "--outcome",
      "o",
      ...scope.flatMap((s) => ["--path", s]),
      ...extra,
    ]);
  const stale = (repo: TestRepo) => json<Report>(repo, ["stale"]);
  const findingOf = (repo: TestRepo, id: string) =>
    stale(repo).findings.find((f) => f.record_id === id)!;
  /** The `decision_marked_stale` lines the last commit added to the log. */
  const marksInHead = (repo: TestRepo) =>
    git(repo, "show", "--format=", "-U0", "HEAD", "--", ".decisions")
      .stdout.split("\n")
      .filter((l) => l.startsWith("+{") && l.includes('"decision_marked_stale"'));
  const withHooks = () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.js": "a\n", "src/b.js": "b\n" });
    adrift(repo, ["init"]);
    expect(adrift(repo, ["hook", "install"]).code).toBe(0);
    commit(repo, "adrift init");
    return repo;
  };

  it("edit, record, commit together: fresh, --check passes, no mark; a later edit: stale, naming it, marked in it", () => {
    const repo = withHooks();
    repo.write("src/a.js", "a, reworked\n");
    const recorded = adrift(repo, ["decision", "record", "--outcome", "o", "--path", "src/a.js"]);
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toContain(
      "the basis includes uncommitted work in 1 file(s) (src/a.js)",
    );
    const id = recorded.stdout.match(/recorded decision (\S+)/)![1]!;
    const hooks = commit(repo, "rework a, with its decision");
    expect(hooks).not.toContain("marked");
    expect(marksInHead(repo)).toEqual([]);
    expect(findingOf(repo, id).state).toBe("fresh");
    expect(adrift(repo, ["stale", "--check"]).code).toBe(0);
    // A later edit makes it stale, and the commit that makes it stale carries the mark.
    expect(commit(repo, "tweak a", { "src/a.js": "a, tweaked\n" })).toContain("marked 1 record(s)");
    expect(marksInHead(repo)).toHaveLength(1);
    const finding = findingOf(repo, id);
    expect(finding.state).toBe("stale");
    expect(finding.commits.map((c) => c.subject)).toEqual(["tweak a"]);
    expect(adrift(repo, ["stale", "--check"]).code).toBe(0);
  });

  it("record first, edit in a later commit: stale, naming that commit", () => {
    const repo = withHooks();
    const { id, notes } = record(repo, ["src/a.js"]);
    expect(notes.uncommitted).toBeUndefined();
    commit(repo, "the decision");
    expect(findingOf(repo, id).state).toBe("fresh");
    commit(repo, "rework a", { "src/a.js": "a2\n" });
    const finding = findingOf(repo, id);
    expect(finding.state).toBe("stale");
    expect(finding.commits.map((c) => c.subject)).toEqual(["rework a"]);
    expect(marksInHead(repo)).toHaveLength(1);
  });

  it("says in JSON which files of the basis are uncommitted work: staged, unstaged, untracked, deleted", () => {
    const repo = withHooks();
    repo.write("src/a.js", "a2\n");
    git(repo, "add", "src/a.js");
    repo.write("src/b.js", "b2\n");
    repo.write("src/new.js", "new\n");
    rmSync(path.join(repo.dir, "src/b.js"));
    repo.write("src/c.js", "c\n");
    const { id, notes } = record(repo, ["src/"]);
    expect(notes.uncommitted).toEqual(["src/a.js", "src/b.js", "src/c.js", "src/new.js"]);
    commit(repo, "all of it, with the decision");
    expect(findingOf(repo, id).state).toBe("fresh");
    expect(marksInHead(repo)).toEqual([]);
  });

  it("a later commit that keeps editing what the record saw uncommitted makes it stale; the one before does not", () => {
    const repo = withHooks();
    repo.write("src/a.js", "a2\n");
    const { id } = record(repo, ["src/a.js"]);
    repo.write("src/a.js", "a3\n"); // edited again after recording, before committing
    commit(repo, "a3");
    const finding = findingOf(repo, id);
    expect(finding.state).toBe("stale");
    expect(finding.commits.map((c) => c.subject)).toEqual(["a3"]);
  });

  it("content decides: an edit reverted before anything was marked is no change", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.js": "a\n" });
    const { id } = record(repo, ["src/a.js"]);
    repo.commit("record");
    repo.commit("edit", { "src/a.js": "a2\n" });
    expect(findingOf(repo, id).state).toBe("stale");
    repo.commit("revert the edit", { "src/a.js": "a\n" });
    expect(findingOf(repo, id).state).toBe("fresh");
    // Edited again: stale, naming the commits that left it otherwise than the record saw it.
    repo.commit("edit again", { "src/a.js": "a3\n" });
    const finding = findingOf(repo, id);
    expect(finding.state).toBe("stale");
    expect(finding.commits.map((c) => c.subject)).toEqual(["edit", "edit again"]);
  });

  it("content decides: a side-branch change a merge threw away is no change", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.js": "a\n", "src/b.js": "b\n" });
    const { id } = record(repo, ["src/a.js"]);
    repo.commit("record");
    repo.git("checkout", "-q", "-b", "side");
    repo.commit("side edit", { "src/a.js": "a from the side\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main edit elsewhere", { "src/b.js": "b2\n" });
    repo.git("merge", "-q", "-s", "ours", "--no-edit", "side"); // keeps main's a.js
    expect(findingOf(repo, id).state).toBe("fresh");
    // Then a real edit: stale, and the commits that changed it are named.
    repo.commit("edit", { "src/a.js": "a2\n" });
    const finding = findingOf(repo, id);
    expect(finding.state).toBe("stale");
    expect(finding.commits.map((c) => c.subject)).toContain("edit");
  });

  it("a merge that takes the side which never changed a file drops the basis's change: stale, naming the merge", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.js": "a\n", "src/b.js": "b\n" });
    repo.git("checkout", "-q", "-b", "old");
    repo.commit("old line", { "src/b.js": "b on the old line\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main changes a", { "src/a.js": "a2\n" });
    const { id } = record(repo, ["src/a.js"]);
    repo.commit("record");
    // Merged, resolving a.js to the old line's version (which never changed it).
    repo.git("merge", "-q", "--no-commit", "--no-ff", "old");
    repo.git("checkout", "old", "--", "src/a.js");
    repo.git("commit", "-q", "-m", "merge the old line, a.js as it was");
    const finding = findingOf(repo, id);
    expect(finding.state).toBe("stale");
    expect(finding.paths).toEqual([
      expect.objectContaining({ path: "src/a.js", change: "modified" }),
    ]);
    expect(finding.commits.map((c) => c.subject)).toEqual(["merge the old line, a.js as it was"]);
  });

  it("a new file added under a directory scope and renamed inside it stays to review, also after an edit", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.js": "a\n" });
    const { id } = record(repo, ["src/"]);
    repo.commit("record");
    repo.commit("add x", { "src/x.js": "x\n" });
    expect(findingOf(repo, id).state).toBe("review");
    repo.git("mv", "src/x.js", "src/y.js");
    repo.commit("rename x to y");
    const renamed = findingOf(repo, id);
    expect(renamed.state).toBe("review");
    expect(renamed.paths).toEqual([expect.objectContaining({ path: "src/y.js", change: "added" })]);
    repo.commit("edit y", { "src/y.js": "y\n" });
    expect(findingOf(repo, id).state).toBe("review");
  });

  it("git merge --squash and a commit, with hooks: no mark, fresh, and list says active", () => {
    const repo = withHooks();
    git(repo, "checkout", "-q", "-b", "feature");
    commit(repo, "feature edit", { "src/a.js": "a from the feature\n" });
    const { id } = record(repo, ["src/a.js"]);
    commit(repo, "the decision");
    git(repo, "checkout", "-q", "main");
    git(repo, "merge", "--squash", "feature");
    expect(commit(repo, "squashed feature")).not.toContain("marked");
    expect(marksInHead(repo)).toEqual([]);
    expect(findingOf(repo, id).state).toBe("fresh");
    const list = json<{ records: { id: string; status: string }[] }>(repo, ["list"]);
    expect(list.records.find((r) => r.id === id)?.status).toBe("active");
  });

  it("a file renamed, then edited at its new path: the edit's commit carries the mark", () => {
    const repo = withHooks();
    const { id } = record(repo, ["src/a.js"]);
    commit(repo, "the decision");
    git(repo, "mv", "src/a.js", "src/moved.js");
    expect(commit(repo, "move a")).not.toContain("marked");
    expect(findingOf(repo, id).state).toBe("moved");
    expect(commit(repo, "edit it where it went", { "src/moved.js": "a2\n" })).toContain(
      "marked 1 record(s)",
    );
    expect(marksInHead(repo)).toHaveLength(1);
    expect(findingOf(repo, id)).toMatchObject({ state: "stale", recorded: true });
    expect(commit(repo, "unrelated", { "README.md": "more\n" })).not.toContain("marked");
  });

  it("a file renamed and edited in one commit: that commit carries the mark", () => {
    const repo = withHooks();
    const body = Array.from({ length: 20 }, (_, i) => `line ${i}\n`).join("");
    commit(repo, "a longer a", { "src/a.js": body });
    const { id } = record(repo, ["src/a.js"]);
    commit(repo, "the decision");
    git(repo, "mv", "src/a.js", "src/moved.js");
    const printed = commit(repo, "move a and edit it", { "src/moved.js": `${body}one more\n` });
    expect(
      git(repo, "show", "--format=", "-M", "--name-status", "HEAD", "--", "src").stdout,
    ).toMatch(/^R\d+\tsrc\/a\.js\tsrc\/moved\.js$/m);
    expect(printed).toContain("marked 1 record(s)");
    expect(marksInHead(repo)).toHaveLength(1);
    expect(findingOf(repo, id)).toMatchObject({ state: "stale", recorded: true });
    expect(commit(repo, "unrelated", { "README.md": "more\n" })).not.toContain("marked");
  });

  it("a scope of ** (or .) never matches adrift's own log: committing the record or its re-verification changes nothing", () => {
    const repo = withHooks();
    const whole = record(repo, ["**"]);
    const dot = record(repo, ["."]);
    expect(commit(repo, "the decisions")).not.toContain("marked");
    for (const id of [whole.id, dot.id]) expect(findingOf(repo, id).state).toBe("fresh");
    commit(repo, "edit", { "src/a.js": "a2\n" });
    expect(findingOf(repo, whole.id).state).toBe("stale");
    for (const id of [whole.id, dot.id])
      expect(adrift(repo, ["decision", "reverify", id]).code).toBe(0);
    expect(commit(repo, "re-verified")).not.toContain("marked");
    for (const id of [whole.id, dot.id]) expect(findingOf(repo, id).state).toBe("fresh");
    expect(adrift(repo, ["stale", "--check"]).code).toBe(0);
  });

  it("doctor says a moved record's file moved (adrift follows it), not that it can never go stale", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.js": "a\n", "src/b.js": "b\n" });
    const { id } = record(repo, ["src/a.js"]);
    repo.commit("record");
    repo.git("mv", "src/a.js", "src/moved.js");
    repo.commit("move a");
    const report = json<{ findings: { rule: string; message: string }[] }>(repo, ["doctor"]);
    const about = report.findings.filter((f) => f.message.includes(id));
    expect(about.map((f) => f.rule)).toEqual(["ADR-D019"]);
    expect(about[0]!.message).toContain("renamed to src/moved.js");
    expect(about[0]!.message).not.toContain("never go stale");
  });

  it("commits of the record's own workline are not counted, and stale says how many (human and JSON)", () => {
    const repo = withHooks();
    json(repo, ["workline", "open", "rework a"]);
    const { id } = record(repo, ["src/a.js"]);
    commit(repo, "the decision");
    commit(repo, "first step", { "src/a.js": "a2\n" });
    commit(repo, "second step", { "src/a.js": "a3\n" });
    expect(marksInHead(repo)).toEqual([]);
    const finding = findingOf(repo, id);
    expect(finding).toMatchObject({ state: "fresh", own_workline_commits: 2 });
    const human = adrift(repo, ["stale"]).stdout;
    expect(human).toContain(`fresh  decision ${id} — 2 commits of its own workline not counted`);
    expect(human).toContain("1 fresh with commits of their own workline not counted");
    // Another workline's commit counts.
    json(repo, ["workline", "park"]);
    commit(repo, "someone else", { "src/a.js": "a4\n" });
    expect(findingOf(repo, id)).toMatchObject({ state: "stale", own_workline_commits: 2 });
  });
});
