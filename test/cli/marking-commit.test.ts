// A marking pre-commit reads only the findings of the stored report the staged change can change
// (HEAD's unrecorded ones and those of the records it touches) and marks the report in its text.
// Against the full computation (ADRIFT_HOOK_FULL=1: the report read whole, every hook in node),
// over random sequences of records made with uncommitted edits, commits, edits, renames and
// reverts on real repositories, both mark the same records in the same commits: the content
// rule (a record committed with its own edit, a file back to what the basis held, renames
// followed) is the full computation's.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { committedLog, type Line, marksByOutcome, workingLog } from "../support/log-lines.js";
import { propertyOptions } from "../support/property.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const FILES = ["src/a.ts", "src/b.ts", "src/d/x.ts", "lib/c.ts", "docs/r.md"];
const SCOPES = ["src/a.ts", "src/d/", "src/**/*.ts", "lib/*.ts", "docs", "{src,lib}/b.ts"];

type Op =
  | { op: "edit"; file: number }
  | { op: "record"; scope: number }
  | { op: "commit" }
  | { op: "rename"; file: number }
  | { op: "revert"; file: number }
  | { op: "stale" };

const file = fc.nat(FILES.length - 1);
const ops: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("edit" as const), file }), weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constant("record" as const), scope: fc.nat(SCOPES.length - 1) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant("commit" as const) }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("rename" as const), file }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("revert" as const), file }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("stale" as const) }), weight: 2 },
);

function hookedRepo(): TestRepo {
  const repo = makeRepo();
  repo.commit("code", Object.fromEntries(FILES.map((f) => [f, `${f} init\n`])));
  expect(repo.adrift(["hook", "install"]).code).toBe(0);
  return repo;
}

/** Where file `i` is now (a rename moves it to `<path>.moved` and back). */
function where(repo: TestRepo, i: number): string {
  const moved = `${FILES[i]}.moved`;
  return existsSync(path.join(repo.dir, moved)) ? moved : FILES[i]!;
}

function apply(repo: TestRepo, op: Op, n: number, full: boolean): void {
  const env = testEnv({ ADRIFT_HOOK_FOREGROUND: "1", ...(full ? { ADRIFT_HOOK_FULL: "1" } : {}) });
  const run = (...args: string[]) => {
    const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result;
  };
  switch (op.op) {
    case "edit":
      repo.write(where(repo, op.file), `${FILES[op.file]} ${n}\n`);
      return;
    case "revert":
      // Back to what every early basis held: a change the content rule may excuse.
      repo.write(where(repo, op.file), `${FILES[op.file]} init\n`);
      return;
    case "rename": {
      const now = where(repo, op.file);
      const to = now === FILES[op.file] ? `${now}.moved` : FILES[op.file]!;
      run("add", "-A");
      run("mv", now, to);
      return;
    }
    case "record": {
      // Made while edits are uncommitted: its basis holds what the author saw.
      const result = repo.adrift([
        ...["decision", "record", "--outcome", `r${n}`, "--trivial"],
        ...["--path", SCOPES[op.scope]!],
      ]);
      if (result.code !== 0) throw new Error(result.stderr);
      return;
    }
    case "commit":
      // The record (if one is pending) goes in with the edits it saw.
      run("add", "-A");
      if (spawnSync("git", ["diff", "--cached", "--quiet"], { cwd: repo.dir }).status !== 0)
        run("commit", "-qm", `c${n}`);
      return;
    case "stale":
      repo.adrift(["stale"]);
  }
}

const marks = (lines: Line[]) => marksByOutcome(lines, { paths: true });

describe("a marking commit reading a few findings of the stored report", () => {
  it("marks exactly what the full computation marks, over records with uncommitted edits, commits, edits, renames and reverts", () => {
    let marked = 0;
    fc.assert(
      fc.property(fc.array(ops, { minLength: 5, maxLength: 12 }), (random) => {
        // Every sequence starts with one marking commit on a current cache (the path measured),
        // then goes on at random.
        const steps: Op[] = [
          { op: "record", scope: 2 },
          { op: "commit" },
          { op: "edit", file: 0 },
          { op: "commit" },
          ...random,
        ];
        const fast = hookedRepo();
        const full = hookedRepo();
        steps.forEach((op, n) => {
          apply(fast, op, n, false);
          apply(full, op, n, true);
          const at = `after step ${n} (${JSON.stringify(op)}) of ${JSON.stringify(steps)}`;
          expect(marks(workingLog(fast)), at).toEqual(marks(workingLog(full)));
          expect(marks(committedLog(fast)), at).toEqual(marks(committedLog(full)));
        });
        marked = Math.max(marked, marks(committedLog(fast)).length);
      }),
      propertyOptions({ numRuns: 8, repositories: true }),
    );
    // The sequences did reach marking commits.
    expect(marked).toBeGreaterThan(0);
  });
});
