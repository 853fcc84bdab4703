// After any sequence of commit, merge, revert, amend, cherry-pick and checkout on two branches,
// with adrift's hooks installed, every command gives the same answer for every record (`stale`,
// `stale --check`, `stale --fail-on stale`, `list --status stale`, `context`, `pr-comment`), and
// `validate --against` the first commit passes on the history nobody tampered with.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyOptions } from "../support/property.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";
import { expectAgreement, staleAnswers } from "../support/stale-answers.js";

const FILES = ["src/a.ts", "src/b.ts", "lib/c.ts"];
const SCOPES = ["src/a.ts", "src/", "lib/c.ts", "src/**/*.ts"];

type Op =
  | { op: "commit"; file: number; back: boolean }
  | { op: "record"; scope: number }
  | { op: "checkout" }
  | { op: "merge" }
  | { op: "revert"; depth: number }
  | { op: "amend"; file: number; back: boolean }
  | { op: "pick" };

const file = fc.nat(FILES.length - 1);
/** Mostly an edit; sometimes the file back to what every early record saw. */
const back = fc.constantFrom(false, false, true);
const ops: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant("commit" as const), file, back }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ op: fc.constant("record" as const), scope: fc.nat(SCOPES.length - 1) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant("checkout" as const) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("merge" as const) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("revert" as const), depth: fc.nat(2) }), weight: 2 },
  {
    arbitrary: fc.record({ op: fc.constant("amend" as const), file, back }),
    weight: 1,
  },
  { arbitrary: fc.record({ op: fc.constant("pick" as const) }), weight: 1 },
);

describe.each(["cli", "embedded"])(
  "commands agree after random histories (%s adapter)",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter, ADRIFT_HOOK_FOREGROUND: "1", GIT_EDITOR: "true" });

    function sh(repo: TestRepo, ...args: string[]) {
      return spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
    }
    function git(repo: TestRepo, ...args: string[]): string {
      const result = sh(repo, ...args);
      if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
      return result.stdout;
    }
    const branch = (repo: TestRepo) => git(repo, "branch", "--show-current").trim();
    const other = (repo: TestRepo) => (branch(repo) === "main" ? "side" : "main");
    const isMerge = (repo: TestRepo, rev: string) =>
      sh(repo, "rev-parse", "-q", "--verify", `${rev}^2`).status === 0;

    /** Finishes a merge, revert or cherry-pick git stopped on: each conflicted file takes ours. */
    function settle(repo: TestRepo, verb: "merge" | "revert" | "cherry-pick"): void {
      const conflicted = git(repo, "diff", "--name-only", "--diff-filter=U")
        .split("\n")
        .filter(Boolean);
      if (conflicted.length === 0) {
        // Nothing to commit (an empty pick or revert): give it up.
        sh(repo, verb, "--abort");
        return;
      }
      for (const f of conflicted) {
        if (sh(repo, "checkout", "--ours", "--", f).status !== 0) git(repo, "rm", "-q", "--", f);
        else git(repo, "add", "--", f);
      }
      if (sh(repo, "diff", "--cached", "--quiet").status === 0 && verb !== "merge") {
        sh(repo, verb, "--abort");
        return;
      }
      // `git commit` finishes it, through pre-commit (as a person finishing it does).
      git(repo, "commit", "-q", "--no-edit");
    }

    function apply(repo: TestRepo, op: Op, n: number): void {
      switch (op.op) {
        case "commit": {
          repo.write(
            FILES[op.file]!,
            op.back ? `${FILES[op.file]} init\n` : `${FILES[op.file]} ${n}\n`,
          );
          git(repo, "add", "-A");
          if (sh(repo, "diff", "--cached", "--quiet").status !== 0)
            git(repo, "commit", "-q", "-m", `c${n}`);
          return;
        }
        case "record": {
          const made = repo.adrift(
            ["decision", "record", "--outcome", `r${n}`, "--trivial", "--path", SCOPES[op.scope]!],
            { env },
          );
          if (made.code !== 0) throw new Error(made.stderr);
          git(repo, "add", "-A");
          git(repo, "commit", "-q", "-m", `record r${n}`);
          return;
        }
        case "checkout":
          git(repo, "checkout", "-q", other(repo));
          return;
        case "merge": {
          if (sh(repo, "merge", "--no-edit", other(repo)).status !== 0) settle(repo, "merge");
          return;
        }
        case "revert": {
          const target = `HEAD~${op.depth}`;
          if (sh(repo, "rev-parse", "-q", "--verify", target).status !== 0 || isMerge(repo, target))
            return;
          if (
            git(repo, "rev-list", "--max-parents=0", "HEAD").trim() ===
            git(repo, "rev-parse", target).trim()
          )
            return;
          if (sh(repo, "revert", "--no-edit", target).status !== 0) settle(repo, "revert");
          return;
        }
        case "amend": {
          if (isMerge(repo, "HEAD")) return;
          repo.write(
            FILES[op.file]!,
            op.back ? `${FILES[op.file]} init\n` : `${FILES[op.file]} ${n}\n`,
          );
          git(repo, "commit", "-q", "--amend", "-a", "--no-edit", "--allow-empty");
          return;
        }
        case "pick": {
          const tip = other(repo);
          if (
            isMerge(repo, tip) ||
            sh(repo, "merge-base", "--is-ancestor", tip, "HEAD").status === 0
          )
            return;
          if (sh(repo, "cherry-pick", tip).status !== 0) settle(repo, "cherry-pick");
          return;
        }
      }
    }

    it("stale, its gates, list --status stale, context and pr-comment agree; validate --against passes", () => {
      let stale = 0;
      fc.assert(
        fc.property(fc.array(ops, { minLength: 4, maxLength: 10 }), (random) => {
          const repo = makeRepo();
          repo.commit("code", Object.fromEntries(FILES.map((f) => [f, `${f} init\n`])));
          const first = git(repo, "rev-parse", "HEAD").trim();
          expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
          // Records on main, an edit on a side branch that has none, merged: each sequence
          // starts from a stale record (marked in the merge commit), then goes on at random.
          const steps: Op[] = [
            { op: "record", scope: 0 },
            { op: "record", scope: 1 },
            { op: "checkout" },
            { op: "commit", file: 0, back: false },
            { op: "merge" },
            ...random,
          ];
          git(repo, "branch", "side");
          steps.forEach((op, n) => {
            apply(repo, op, n);
          });
          const at = `after ${JSON.stringify(steps)}`;
          expect(git(repo, "status", "--porcelain"), at).toBe("");
          const answers = staleAnswers(repo, env, first);
          try {
            expectAgreement(answers);
          } catch (error) {
            throw new Error(`${at}: ${error instanceof Error ? error.message : String(error)}`);
          }
          stale += answers.stale.length;
          const validated = repo.adrift(["validate", "--against", first], { env });
          expect(validated.code, `${at}: ${validated.stdout}${validated.stderr}`).toBe(0);
        }),
        propertyOptions({ numRuns: 10, repositories: true }),
      );
      expect(stale).toBeGreaterThan(0);
    });
  },
);
