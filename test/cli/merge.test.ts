import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

const record = (repo: TestRepo, outcome: string) =>
  repo.adriftJson(["intent", "record", "--outcome", outcome, "--trigger", "t", "--trivial"]);

function commitLog(repo: TestRepo, message: string) {
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", message);
}

describe("merging branches that both record events", () => {
  for (const union of [true, false]) {
    it(`never conflicts on .decisions/ ${union ? "with" : "without"} the union merge rule`, () => {
      const repo = makeRepo();
      repo.adriftJson(["init"]);
      if (!union) rmSync(path.join(repo.dir, ".gitattributes"));
      expect(repo.git("check-attr", "merge", ".decisions/log/x.events.ndjson")).toContain(
        union ? "merge: union" : "merge: unspecified",
      );
      record(repo, "on main before");
      commitLog(repo, "init");
      repo.git("checkout", "-q", "-b", "feature");
      record(repo, "feature 1");
      commitLog(repo, "feature 1");
      repo.git("checkout", "-q", "main");
      record(repo, "main 1");
      commitLog(repo, "main 1");
      repo.git("merge", "-q", "--no-edit", "feature"); // throws on a conflict

      // both sides go on recording and merge each other again
      record(repo, "main 2");
      commitLog(repo, "main 2");
      repo.git("checkout", "-q", "feature");
      record(repo, "feature 2");
      commitLog(repo, "feature 2");
      repo.git("merge", "-q", "--no-edit", "main");
      record(repo, "feature 3");
      commitLog(repo, "feature 3");
      repo.git("checkout", "-q", "main");
      repo.git("merge", "-q", "--no-edit", "feature");

      expect(repo.git("status", "--porcelain")).toBe("");
      expect(repo.adrift(["validate"]).code).toBe(0);
      const listed = repo.adriftJson<{ records: { card: { outcome: string } }[] }>(["list"]);
      expect(listed.records.map((r) => r.card.outcome).sort()).toEqual(
        ["on main before", "feature 1", "main 1", "main 2", "feature 2", "feature 3"].sort(),
      );
    });
  }
});
