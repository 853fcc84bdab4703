// One definition of coverage in every report (issue 16): a file is covered when a decision that
// is not superseded, or an accepted ADR, governs it — whatever the decision's state, stale
// included — and changed (or all) files = covered + uncovered.
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

/** main: src/a.ts governed by a decision the log marks stale, src/b.ts by a superseded one. */
function staleGoverned() {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n", "lib/x.ts": "x\n" });
  const record = (outcome: string, path: string) =>
    repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      outcome,
      ...COMPLETE,
      "--path",
      path,
    ]).id;
  const a = record("A is governed", "src/a.ts");
  const b = record("B was governed", "src/b.ts");
  const lib = record("Lib is governed", "lib/x.ts");
  repo.adriftJson(["decision", "supersede", b, "--by", lib]);
  repo.commit("decisions");
  repo.commit("change a", { "src/a.ts": "a v2\n" });
  repo.adriftJson(["stale", "--record"]);
  repo.commit("mark");
  return { repo, a, b, lib };
}

describe("coverage, the same everywhere", () => {
  it("the correspondence report (JSON, Markdown, HTML) counts a stale decision's file as covered", () => {
    const { repo } = staleGoverned();
    const report = repo.adriftJson<{
      version: number;
      summary: {
        files: number;
        covered_files: number;
        covered_by_stale: number;
        uncovered_files: number;
      };
      areas: { area: string; covered_files: number; covered_by_stale: number }[];
    }>(["report", "correspondence", "--format", "json"]);
    // README.md, lib/x.ts, src/a.ts, src/b.ts: b's only decision is superseded
    expect(report.summary).toMatchObject({
      files: 4,
      covered_files: 2,
      covered_by_stale: 1,
      uncovered_files: 2,
    });
    const s = report.summary;
    expect(s.covered_files + s.uncovered_files).toBe(s.files);
    expect(report.areas.find((a) => a.area === "src")).toMatchObject({
      covered_files: 1,
      covered_by_stale: 1,
    });
    const md = repo.adrift(["report", "correspondence"]).stdout;
    expect(md).toContain(
      "over 4 files: 2 covered (1 by stale decisions, 1 only by them), 2 uncovered.",
    );
    const html = repo.adrift(["report", "correspondence", "--format", "html"]).stdout;
    expect(html).toContain("covered only by stale decisions");
    expect(html).toContain("1/2 (1 by stale decisions, 1 only by them)");
    expect(html).toContain("files uncovered");
  });

  it("context --base lists a stale decision as governing (saying it is stale); changed = covered + ungoverned", () => {
    const { repo, a, lib } = staleGoverned();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("change", { "src/a.ts": "a v3\n", "src/b.ts": "b v2\n", "lib/x.ts": "x v2\n" });
    const report = repo.adriftJson<{
      items: { id: string; stale?: boolean; text: string }[];
      changed: number;
      covered: number;
      ungoverned: string[];
    }>(["context", "--base", "main"]);
    // lib/x.ts changed on the branch too: its decision is stale here, as `adrift stale` says
    expect(report.items.map((i) => [i.id, i.stale ?? false])).toEqual([
      [a, true],
      [lib, true],
    ]);
    expect(report.items[0]!.text).toContain("(stale: check it again)");
    expect(report.ungoverned).toEqual(["src/b.ts"]);
    expect(report.covered + report.ungoverned.length).toBe(report.changed);
    const bad = repo.adrift(["context", "--base", "nosuchref", "--json"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.details).toMatchObject({ ref: "nosuchref" });
  });

  it("the baseline freezes only what no decision covers, and the PR comment agrees", () => {
    const { repo } = staleGoverned();
    const frozen = repo.adriftJson<{ files: number }>(["baseline", "freeze"]);
    expect(frozen.files).toBe(2); // README.md and src/b.ts
    expect(repo.read(".decisions/baseline.json")).not.toContain("src/a.ts");
    repo.commit("freeze");
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("change", { "src/a.ts": "a v3\n", "src/b.ts": "b v2\n" });
    const model = repo.adriftJson<{
      summary: { changed_files: number; covered: number; uncovered: number };
      uncovered: { path: string; baseline: string }[];
    }>(["pr-comment", "--base", "main", "--fail-on", "uncovered"]);
    expect(model.summary).toMatchObject({ changed_files: 2, covered: 1, uncovered: 1 });
    expect(model.uncovered).toEqual([{ path: "src/b.ts", baseline: "baselined" }]);
  });
});
