import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

type Report = {
  format: string;
  version: number;
  records: { id: string; paths: { entry: string; state: string; matched_files: number }[] }[];
  areas: { area: string; files: number; covered_files: number; decisions: string[] }[];
  uncovered: string[];
};

describe("adrift report correspondence", () => {
  it("maps decisions to code and code areas to decisions, the same bytes every run", () => {
    const repo = makeRepo();
    repo.commit("code", {
      "src/auth/login.ts": "a\n",
      "src/auth/token.ts": "b\n",
      "src/api/users.ts": "c\n",
      "lib/util/x.ts": "d\n",
    });
    const evil = "<script>alert(1)</script> @org/team";
    const id = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      evil,
      ...COMPLETE,
      "--path",
      "src/auth/",
      "--path",
      "src/gone.ts",
    ]).id;
    const first = repo.adrift(["report", "correspondence", "--format", "json"]);
    expect(first.code).toBe(0);
    expect(repo.adrift(["report", "correspondence", "--json"]).stdout).toBe(first.stdout);
    const report = JSON.parse(first.stdout) as Report;
    expect([report.format, report.version]).toEqual(["adrift.correspondence", 2]);
    expect(report.records[0]!.paths).toEqual([
      expect.objectContaining({ entry: "src/auth/", state: "exists", matched_files: 2 }),
      expect.objectContaining({ entry: "src/gone.ts", state: "missing", matched_files: 0 }),
    ]);
    expect(report.areas.find((a) => a.area === "src/auth")).toEqual({
      area: "src/auth",
      files: 2,
      covered_files: 2,
      covered_by_stale: 0,
      covered_only_by_stale: 0,
      decisions: [id],
      adrs: [],
    });
    expect(report.uncovered).toEqual([".", "lib/util", "src/api"]);
    const depth1 = JSON.parse(
      repo.adrift(["report", "correspondence", "--json", "--depth", "1"]).stdout,
    ) as Report;
    expect(depth1.areas.map((a) => a.area)).toEqual([".", "lib", "src"]);

    const html = repo.adrift(["report", "correspondence", "--format", "html"]).stdout;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<script|src=["']?http|href=["']?http/i);
    const md = repo.adrift(["report", "correspondence"]).stdout;
    expect(md).toContain("```mermaid");
    expect(md).toContain("\\<script>");
  });

  it("rejects a bad depth and writes nothing", () => {
    const repo = makeRepo();
    const result = repo.adrift([
      "report",
      "correspondence",
      "--depth",
      "0",
      "--out",
      "r.md",
      "--json",
    ]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("usage");
    expect(repo.git("status", "--porcelain")).toBe("");
  });
});
