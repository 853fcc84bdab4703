// The PR comment judges a few records at the merge base with the staleness engine; the answers
// are kept by the log's key and the merge base (`.git/adrift/base-stale.json`), so a warm comment
// on the same range asks the engine nothing, and a change to the log asks it again.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

type Model = {
  summary: { made_stale: number; already_stale: number };
  already_stale: { id: string }[];
  stale: { id: string }[];
};

describe.each(["cli", "embedded"])("with the %s git adapter", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("keeps what was stale at the merge base for the same log and base, and asks again when the log changes", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/old.ts": "old v1\n", "lib/x.ts": "x\n" });
    const decide = (outcome: string, file: string) =>
      repo.adriftJson<{ id: string }>(
        ["decision", "record", "--outcome", outcome, ...COMPLETE, "--path", file],
        { env },
      ).id;
    const old = decide("Old code stays put", "src/old.ts");
    repo.commit("decisions");
    repo.commit("main moves on", { "src/old.ts": "old v2\n" });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("unrelated work", { "lib/x.ts": "x v2\n" });
    const comment = () => repo.adriftJson<Model>(["pr-comment", "--base", "main"], { env });

    const first = comment();
    expect(first.already_stale.map((s) => s.id)).toEqual([old]);
    const file = path.join(repo.dir, ".git/adrift/base-stale.json");
    const kept = JSON.parse(readFileSync(file, "utf8"));
    expect(kept).toMatchObject({ base, stale: { [old]: true } });
    expect(comment()).toEqual(first);

    // What is kept is what the comment uses (changed by hand here: the engine is not asked)...
    writeFileSync(file, JSON.stringify({ ...kept, stale: { [old]: false } }));
    expect(comment().stale.map((s) => s.id)).toEqual([old]);
    // ...until the log changes: then the engine judges the merge base again.
    decide("Other code", "lib/x.ts");
    const after = comment();
    expect(after.already_stale.map((s) => s.id)).toEqual([old]);
    expect(after.stale).toEqual([]);
    expect(JSON.parse(readFileSync(file, "utf8")).stale).toEqual({ [old]: true });
  });
});
