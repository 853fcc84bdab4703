// `git revert` of a commit that carried log lines (a record, or the stale mark a pre-commit hook
// put in it) takes those lines out again. `validate --against` accepts exactly those removals and
// names them; any other removed line still fails, even in a commit that calls itself a revert.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

type Report = {
  ok: boolean;
  problems: { file: string; line: number; code: string }[];
  notices: string[];
};

const logFile = (repo: TestRepo) => {
  const dir = path.join(repo.dir, ".decisions/log");
  return path.join(dir, readdirSync(dir).find((f) => f.endsWith(".events.ndjson"))!);
};

describe.each(["cli", "embedded"])(
  "validate --against after git revert (%s adapter)",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter, ADRIFT_HOOK_FOREGROUND: "1" });
    const validate = (repo: TestRepo, base: string) => {
      const result = repo.adrift(["validate", "--against", base, "--json"], { env });
      return { code: result.code, report: JSON.parse(result.stdout) as Report };
    };

    /** Hooks on; a record committed; an edit committed that the pre-commit marks stale. */
    function hooked() {
      const repo = makeRepo();
      repo.commit("code", { "src/a.ts": "a\n" });
      expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
      repo.adrift(["decision", "record", "--outcome", "o", "--path", "src/a.ts"], { env });
      const recorded = repo.commit("record");
      repo.write("src/a.ts", "a\nb\n");
      const marked = repo.commit("edit");
      const carried = repo.git("show", "--stat", "--format=", "HEAD");
      expect(carried).toContain(".decisions/log/");
      return { repo, recorded, marked };
    }

    it("accepts the revert of a commit that carried a mark, and of one that carried a record", () => {
      const { repo, recorded, marked } = hooked();
      repo.git("revert", "--no-edit", "HEAD");
      const first = validate(repo, marked);
      expect(first).toMatchObject({ code: 0, report: { ok: true } });
      expect(first.report.notices.join("\n")).toMatch(
        /was taken out by [0-9a-f]{12}, which reverts/,
      );
      repo.git("revert", "--no-edit", recorded);
      expect(validate(repo, marked)).toMatchObject({ code: 0, report: { ok: true } });
    });

    it("still fails on a line deleted by hand, and on one a fake revert takes out", () => {
      const { repo, recorded, marked } = hooked();
      const file = logFile(repo);
      const lines = readFileSync(file, "utf8").trim().split("\n");
      expect(lines).toHaveLength(3);
      // The record's lines were added by `recorded`; this commit claims to revert `marked`.
      writeFileSync(file, `${lines.slice(1).join("\n")}\n`);
      repo.git("commit", "-q", "--no-verify", "-am", `Revert\n\nThis reverts commit ${marked}.`);
      const forged = validate(repo, marked);
      expect(forged.code).toBe(2);
      expect(forged.report.problems).toContainEqual(
        expect.objectContaining({ line: 1, code: "line_removed" }),
      );
      // Deleted by hand in the work tree: no commit explains it.
      const other = makeRepo();
      other.commit("code", { "src/a.ts": "a\n" });
      other.adrift(["decision", "record", "--outcome", "o", "--path", "src/a.ts"], { env });
      const base = other.commit("record");
      writeFileSync(logFile(other), "");
      expect(validate(other, base).report.problems).toContainEqual(
        expect.objectContaining({ code: "line_removed" }),
      );
      expect(recorded).not.toBe(base);
    });
  },
);
