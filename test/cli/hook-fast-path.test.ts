// The hooks' fast path (plain shell, no node when a commit touches no decision) against the full
// path (ADRIFT_HOOK_FULL=1: node for every hook, as before): over random sequences of records,
// commits of every kind, merges, checkouts and resets, both mark the same records in the same
// commits. And it really is fast: a commit that touches nothing governed starts no node.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOOK_NAMES, hookScript } from "../../src/app/hooks/script.js";
import { committedLog, type Line, marksByOutcome, workingLog } from "../support/log-lines.js";
import { fullRuns, propertyOptions } from "../support/property.js";
import { CLI, makeRepo, type TestRepo, tempDir, testEnv } from "../support/repo.js";

const FILES = [
  "src/a.ts",
  "src/b.ts",
  "src/d/x.ts",
  "src/d/e/y.ts",
  "lib/b.ts",
  "docs/r.md",
  "README.md",
  "src/we ird's.ts",
];
const SCOPES = [
  "src/a.ts",
  "src/d/",
  "src/**/*.ts",
  "lib/*.ts",
  "docs",
  "src/we ird's.ts",
  "{src,lib}/b.ts",
  "src/[ab].ts",
  "src/d/**",
];

/** A node that writes a line to `log` each time a hook starts it, then runs the real one. */
function countingNode(log: string): string {
  const wrapper = path.join(tempDir("adrift-node-"), "node");
  writeFileSync(wrapper, `#!/bin/sh\necho "$*" >> '${log}'\nexec '${process.execPath}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

/** A repository with the code above and adrift's hooks, which start node through `node`. */
function hookedRepo(node: string): TestRepo {
  const repo = makeRepo();
  repo.commit("code", Object.fromEntries(FILES.map((f) => [f, `${f} init\n`])));
  expect(repo.adrift(["hook", "install"]).code).toBe(0);
  // The same hooks, starting node through the counting wrapper.
  for (const name of HOOK_NAMES)
    writeFileSync(path.join(repo.dir, ".git/hooks", name), hookScript(name, node, CLI), {
      mode: 0o755,
    });
  return repo;
}

type Op =
  | { op: "record"; scope: number; revision: "HEAD" | "HEAD~1" }
  | { op: "commit"; files: number[]; how: "-a" | "paths" | "add" | "no-verify" }
  | { op: "merge"; files: number[]; ff: boolean }
  | { op: "checkout-back" }
  | { op: "reset" }
  | { op: "reverify"; record: number }
  | { op: "stale" };

const files = fc.uniqueArray(fc.nat(FILES.length - 1), { minLength: 1, maxLength: 3 });
const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant("record" as const),
    scope: fc.nat(SCOPES.length - 1),
    revision: fc.constantFrom("HEAD" as const, "HEAD~1" as const),
  }),
  fc.record({
    op: fc.constant("commit" as const),
    files,
    how: fc.constantFrom("-a" as const, "paths" as const, "add" as const, "no-verify" as const),
  }),
  fc.record({ op: fc.constant("merge" as const), files, ff: fc.boolean() }),
  fc.record({ op: fc.constant("checkout-back" as const) }),
  fc.record({ op: fc.constant("reset" as const) }),
  fc.record({ op: fc.constant("reverify" as const), record: fc.nat(5) }),
  fc.record({ op: fc.constant("stale" as const) }),
);

/** Runs git with the hooks' environment: `full` makes every hook start node. */
function gitIn(repo: TestRepo, args: string[], full: boolean) {
  const env = testEnv({
    ADRIFT_HOOK_FOREGROUND: "1",
    ...(full ? { ADRIFT_HOOK_FULL: "1" } : {}),
  });
  return spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
}

/** Applies one step to a repository; `n` numbers the step (file contents and branch names). */
function apply(repo: TestRepo, op: Op, n: number, full: boolean): void {
  const run = (...args: string[]) => {
    const result = gitIn(repo, args, full);
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result;
  };
  // What is not committed yet goes in first (no hooks): checkouts and merges then never refuse.
  const settle = () => {
    run("add", "-A");
    gitIn(repo, ["commit", "-qm", `wip ${n}`, "--no-verify"], full);
  };
  const edit = (indices: number[]) => {
    for (const i of indices) repo.write(FILES[i]!, `${FILES[i]} ${n}\n`);
  };
  switch (op.op) {
    case "record": {
      const result = repo.adrift([
        ...["decision", "record", "--outcome", `r${n}`, "--trivial"],
        ...["--path", SCOPES[op.scope]!, "--revision", op.revision],
      ]);
      if (result.code !== 0) throw new Error(result.stderr);
      // Committed at once (with the hooks), so that later commits leave the log alone and the
      // fast path decides them.
      run("add", ".decisions");
      run("commit", "-qm", `record ${n}`);
      return;
    }
    case "commit":
      edit(op.files);
      if (op.how === "-a") run("commit", "-qam", `c${n}`);
      else if (op.how === "no-verify") run("commit", "-qam", `c${n}`, "--no-verify");
      else if (op.how === "paths")
        run("commit", "-qm", `c${n}`, "--", ...op.files.map((i) => FILES[i]!));
      else {
        run("add", "-A");
        run("commit", "-qm", `c${n}`);
      }
      return;
    case "merge":
      settle();
      run("checkout", "-qb", `b${n}`);
      edit(op.files);
      run("commit", "-qam", `b${n}`);
      run("checkout", "-q", "main");
      if (!op.ff) {
        repo.write(`main-${n}.md`, "main\n");
        run("add", `main-${n}.md`);
        run("commit", "-qm", `m${n}`);
      }
      run("merge", "-q", "--no-edit", `b${n}`);
      return;
    case "checkout-back":
      settle();
      if (gitIn(repo, ["rev-parse", "-q", "--verify", "HEAD~1"], full).status !== 0) return;
      run("checkout", "-q", "HEAD~1");
      run("checkout", "-q", "main");
      return;
    case "reset":
      settle();
      if (gitIn(repo, ["rev-parse", "-q", "--verify", "HEAD~2"], full).status !== 0) return;
      run("reset", "-q", "--hard", "HEAD~1");
      return;
    case "reverify": {
      const id = recordIds(repo)[op.record];
      if (id) repo.adrift(["decision", "reverify", id]);
      return;
    }
    case "stale":
      repo.adrift(["stale"]);
  }
}

/** Record ids in the order they were recorded (the same order in both repositories). */
function recordIds(repo: TestRepo): string[] {
  return workingLog(repo)
    .filter((l) => l.type === "decision_recorded")
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((l) => l.id);
}

const marks = (lines: Line[]) => marksByOutcome(lines);

const starts = (log: string) =>
  existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0;

describe("the hooks' fast path", () => {
  it("marks exactly what the full path marks, over random records, commits, merges, checkouts and resets", () => {
    let fastStarts = 0;
    let fullStarts = 0;
    fc.assert(
      fc.property(fc.array(ops, { minLength: 4, maxLength: 7 }), (steps) => {
        const fastLog = path.join(tempDir("adrift-starts-"), "fast");
        const fullLog = path.join(tempDir("adrift-starts-"), "full");
        const fast = hookedRepo(countingNode(fastLog));
        const full = hookedRepo(countingNode(fullLog));
        steps.forEach((op, n) => {
          apply(fast, op, n, false);
          apply(full, op, n, true);
          const where = `after step ${n} (${JSON.stringify(op)}) of ${JSON.stringify(steps)}`;
          expect(marks(workingLog(fast)), where).toEqual(marks(workingLog(full)));
          expect(marks(committedLog(fast)), where).toEqual(marks(committedLog(full)));
        });
        fastStarts += starts(fastLog);
        fullStarts += starts(fullLog);
      }),
      propertyOptions({ numRuns: 5, repositories: true }),
    );
    if (fullRuns()) expect(fastStarts).toBeLessThan(fullStarts);
  });

  it("a commit that touches no governed path starts no node; one that does, does", () => {
    const log = path.join(tempDir("adrift-starts-"), "starts");
    const repo = hookedRepo(countingNode(log));
    repo.adriftJson(["decision", "record", "--outcome", "o", "--trivial", "--path", "src/d/"]);
    repo.git("add", "-A");
    expect(gitIn(repo, ["commit", "-qm", "record"], false).status).toBe(0);
    const afterRecord = starts(log);
    expect(afterRecord).toBeGreaterThan(0);
    repo.write("README.md", "quiet\n");
    repo.write("lib/b.ts", "quiet\n");
    expect(gitIn(repo, ["commit", "-qam", "quiet"], false).status).toBe(0);
    expect(starts(log)).toBe(afterRecord);
    repo.write("src/d/e/y.ts", "governed\n");
    const marking = gitIn(repo, ["commit", "-qam", "governed"], false);
    expect(marking.status).toBe(0);
    expect(marking.stderr).toContain("marked 1 record(s) stale");
    expect(starts(log)).toBeGreaterThan(afterRecord);
  });
});
