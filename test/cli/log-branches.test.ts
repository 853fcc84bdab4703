import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

/** The log files and their lines, by file name. */
function logFiles(repo: TestRepo): Map<string, string[]> {
  const dir = path.join(repo.dir, ".decisions/log");
  const out = new Map<string, string[]>();
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort())
    out.set(name, readFileSync(path.join(dir, name), "utf8").split("\n").filter(Boolean));
  return out;
}

/** The log file holding the event `id`. */
function fileOf(repo: TestRepo, id: string): string {
  for (const [name, lines] of logFiles(repo))
    if (lines.some((line) => JSON.parse(line).id === id)) return name;
  throw new Error(`no log file holds ${id}`);
}

/**
 * Each log file and the branches that changed it since `base` (a host merges without
 * merge=union: a file two branches changed conflicts).
 */
function changedBy(repo: TestRepo, base: string, branches: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const branch of branches)
    for (const file of repo
      .git("diff", "--name-only", `${base}...${branch}`, "--", ".decisions/log")
      .split("\n")
      .filter(Boolean))
      out.set(file, [...(out.get(file) ?? []), branch]);
  return out;
}

describe.each(ADAPTERS)("two branches never append to one log file (%s git adapter)", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
  const record = (repo: TestRepo, outcome: string) =>
    repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", outcome], { env }).id;
  /** Merges `other` into the current branch the way a host does: no union driver, no conflict allowed. */
  const mergeAsAHost = (repo: TestRepo, other: string) => {
    repo.git(
      "-c",
      "core.attributesFile=/dev/null",
      "merge",
      "-q",
      "--no-ff",
      "-m",
      `merge ${other}`,
      other,
    );
    expect(repo.git("status", "--porcelain")).toBe("");
  };

  it("a record left uncommitted on main and committed on a branch made from there: main records into a file of its own, with its own session", () => {
    const repo = makeRepo();
    const base = repo.git("rev-parse", "HEAD").trim();
    const first = fileOf(repo, record(repo, "on main, not committed here"));
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("the record, committed on feature");
    repo.git("checkout", "-q", "main");
    expect(logFiles(repo).has(first)).toBe(false);
    const second = record(repo, "on main again");
    expect(fileOf(repo, second)).not.toBe(first);
    // The session the new file names is in that file: main's log knows it.
    expect(repo.adrift(["session", "show"], { env }).code).toBe(0);
    repo.commit("main's record");
    repo.git("checkout", "-q", "feature");
    record(repo, "on feature");
    repo.commit("feature's record");
    for (const [file, branches] of changedBy(repo, base, ["main", "feature"]))
      expect(branches, file).toHaveLength(1);
    repo.git("checkout", "-q", "main");
    mergeAsAHost(repo, "feature");
  });

  it("after a cherry-pick of the commit that created its log file, a branch appends elsewhere", () => {
    const repo = makeRepo();
    repo.git("checkout", "-q", "-b", "feature");
    const first = fileOf(repo, record(repo, "on feature"));
    const created = repo.commit("feature's record");
    repo.git("checkout", "-q", "main");
    repo.commit("main moves on", { "main.txt": "m\n" });
    repo.git("cherry-pick", created);
    repo.git("checkout", "-q", "feature");
    const second = record(repo, "on feature again");
    expect(fileOf(repo, second)).not.toBe(first);
    repo.commit("feature's second record");
    repo.git("checkout", "-q", "main");
    record(repo, "on main");
    repo.commit("main's record");
    mergeAsAHost(repo, "feature");
  });

  it("a branch merged into another goes on appending to its file: no conflict follows", () => {
    const repo = makeRepo();
    repo.git("checkout", "-q", "-b", "feature");
    const first = fileOf(repo, record(repo, "on feature"));
    repo.commit("feature's record");
    repo.git("checkout", "-q", "main");
    repo.commit("main moves on", { "main.txt": "m\n" });
    mergeAsAHost(repo, "feature");
    repo.git("checkout", "-q", "feature");
    const second = record(repo, "on feature, after the merge");
    expect(fileOf(repo, second)).toBe(first);
    repo.commit("feature's second record");
    repo.git("checkout", "-q", "main");
    mergeAsAHost(repo, "feature");
  });
});
