import { describe, expect, it } from "vitest";
import { stagedCommit, stagedFindings } from "../../../src/app/staleness/staged.js";
import type { AssessedRecord } from "../../../src/core/staleness/record-contents.js";

const BASIS = "b".repeat(40);
const HEAD = "h".repeat(40);
const SAW = "1".repeat(40);
const record: AssessedRecord = {
  id: "R1",
  kind: "decision",
  basis: { revision: BASIS, touched_paths: ["src/a.js"] },
  recorded: false,
};
const renamed = (similarity: number, blob: string) =>
  stagedCommit(
    [{ status: "R", path: "src/moved.js", old_path: "src/a.js", similarity, was: SAW, blob }],
    { name: "someone" },
    undefined,
    0,
  );

describe("the staged change judged as a commit (the pre-commit hook's quick check)", () => {
  it("a rename with an edit is stale even when what the basis held was not looked up", () => {
    // The record's basis is an older commit than HEAD, and the quick check asks git nothing.
    const [finding] = stagedFindings([record], renamed(96, "2".repeat(40)), { head: HEAD });
    expect(finding).toMatchObject({ record_id: "R1", state: "stale" });
    expect(finding!.paths).toEqual([
      { path: "src/a.js", change: "renamed", new_path: "src/moved.js", commits: ["staged"] },
    ]);
  });

  it("a pure rename only moves it, and a rename with an edit leaving what the record saw too", () => {
    expect(stagedFindings([record], renamed(100, SAW), { head: HEAD })[0]).toMatchObject({
      state: "moved",
    });
    const seenIt = { ...record, seen: { "src/a.js": "2".repeat(40) } };
    expect(stagedFindings([seenIt], renamed(96, "2".repeat(40)), { head: HEAD })[0]).toMatchObject({
      state: "moved",
    });
  });
});
