import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoWithDecision, type TestRepo, testEnv } from "../../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

type Memo = { key: string; head: string; marks: { id: string }[]; applied_uncommitted: number };

const memoFile = (repo: TestRepo) => path.join(repo.dir, ".git/adrift/set-aside-marks.json");
const memoOf = (repo: TestRepo) => JSON.parse(readFileSync(memoFile(repo), "utf8")) as Memo;

describe.each(ADAPTERS)(
  "the mark state carried across adrift's own marks (%s git adapter)",
  (adapter) => {
    const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});

    /** The memo as marking left it equals the one worked out again from the log and HEAD. */
    function expectCarriedIsWorkedOut(repo: TestRepo): Memo {
      const carried = memoOf(repo);
      rmSync(memoFile(repo));
      expect(repo.adrift(["stale"], { env }).code).toBe(0);
      expect(memoOf(repo)).toEqual(carried);
      return carried;
    }

    it("after `stale --record`", () => {
      const { repo, id } = repoWithDecision();
      repo.commit("edit a", { "src/a.ts": "a2\n" });
      expect(repo.adriftJson<{ marked: string[] }>(["stale", "--record"], { env }).marked).toEqual([
        id,
      ]);
      expect(expectCarriedIsWorkedOut(repo).applied_uncommitted).toBe(1);
    });

    it("after the pre-commit hook marks the staged change's record, once the cache takes the marks in", () => {
      const { repo, id } = repoWithDecision();
      expect(repo.adrift(["stale"], { env }).code).toBe(0);
      repo.write("src/a.ts", "a2\n");
      repo.git("add", "src/a.ts");
      const hook = repo.adrift(["hook", "run", "pre-commit"], { env });
      expect(hook.code).toBe(0);
      expect(hook.stderr).toContain(id);
      // The hook leaves the refresh (and the memo's carrying) to the next reader.
      expect(memoOf(repo).applied_uncommitted).toBe(0);
      expect(existsSync(path.join(repo.dir, ".git/adrift/deferred-refresh.json"))).toBe(true);
      expect(repo.adrift(["stale"], { env }).code).toBe(0);
      expect(existsSync(path.join(repo.dir, ".git/adrift/deferred-refresh.json"))).toBe(false);
      expect(expectCarriedIsWorkedOut(repo).applied_uncommitted).toBe(1);
    });

    it("keeps a mark set aside (written on another branch) set aside", () => {
      const { repo, id } = repoWithDecision();
      const other = repo.adriftJson<{ id: string }>(
        ["decision", "record", "--outcome", "b", "--path", "src/b.ts"],
        { env },
      ).id;
      repo.commit("record b");
      repo.git("checkout", "-q", "-b", "feature");
      repo.commit("edit a on feature", { "src/a.ts": "a2\n" });
      expect(repo.adriftJson<{ marked: string[] }>(["stale", "--record"], { env }).marked).toEqual([
        id,
      ]);
      repo.git("checkout", "-q", "main");
      // Only the code is committed: the untracked log file with feature's mark stays as it is.
      repo.write("src/b.ts", "b2\n");
      repo.git("commit", "-qam", "edit b on main");
      expect(repo.adriftJson<{ marked: string[] }>(["stale", "--record"], { env }).marked).toEqual([
        other,
      ]);
      const carried = expectCarriedIsWorkedOut(repo);
      expect(carried.marks).toHaveLength(1);
      expect(carried.applied_uncommitted).toBe(1);
      // A decision recorded after: the memo is carried over the appended line (no mark in it),
      // and is what working it out again gives.
      const before = memoOf(repo);
      repo.adriftJson(["decision", "record", "--outcome", "c", "--trivial", "--path", "src/b.ts"], {
        env,
      });
      expect(repo.adrift(["stale"], { env }).code).toBe(0);
      const grown = expectCarriedIsWorkedOut(repo);
      expect(grown.key).not.toBe(before.key);
      expect(grown.marks).toEqual(before.marks);
    });
  },
);
