// `coverage.exclude` in .decisions/config.json: the files it names count neither as covered nor
// as uncovered — in the PR comment and its gates, the correspondence report and the baseline —
// and lock files are left out by default.
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

type Model = {
  summary: { changed_files: number; covered: number; uncovered: number };
  uncovered: { path: string }[];
  notices: string[];
};

/** main with a decision on src/a.ts; `feature` changes a test, a logo, a lock file and src/b.ts. */
function branch(config?: object): TestRepo {
  const repo = makeRepo();
  repo.adrift(["init"]);
  if (config) repo.write(".decisions/config.json", JSON.stringify(config));
  repo.commit("code", {
    "src/a.ts": "a\n",
    "src/b.ts": "b\n",
    "test/a.test.ts": "t\n",
    "media/logo.png": "png\n",
    "package-lock.json": "{}\n",
  });
  repo.adrift(["decision", "record", "--outcome", "o", "--trivial", "--path", "src/a.ts"]);
  repo.commit("decision");
  repo.git("checkout", "-q", "-b", "feature");
  return repo;
}

const prComment = (repo: TestRepo) => {
  const result = repo.adrift(["pr-comment", "--base", "main", "--fail-on", "uncovered", "--json"]);
  return { code: result.code, model: JSON.parse(result.stdout) as Model };
};

describe("coverage.exclude", () => {
  it("leaves lock files out by default; tests and assets count until the config says otherwise", () => {
    const repo = branch();
    repo.commit("change", {
      "package-lock.json": "{ }\n",
      "test/a.test.ts": "t2\n",
      "media/logo.png": "png2\n",
    });
    const { code, model } = prComment(repo);
    expect(model.summary).toMatchObject({ changed_files: 2, covered: 0, uncovered: 2 });
    expect(model.uncovered.map((u) => u.path)).toEqual(["media/logo.png", "test/a.test.ts"]);
    expect(model.notices.join("\n")).toContain(
      "1 file(s) left out of coverage by coverage.exclude",
    );
    expect(code).toBe(1);
  });

  it("the PR comment, its uncovered gate, the report and the baseline all leave the excluded files out", () => {
    const repo = branch({ coverage: { exclude: ["test/**", "**/*.png"] } });
    repo.commit("change", { "test/a.test.ts": "t2\n", "media/logo.png": "png2\n" });
    const only = prComment(repo);
    expect(only.model.summary).toMatchObject({ changed_files: 0, covered: 0, uncovered: 0 });
    expect(only.code).toBe(0); // the gate passes: nothing it counts is uncovered
    repo.commit("and code", { "src/b.ts": "b2\n" });
    const withCode = prComment(repo);
    expect(withCode.model.uncovered.map((u) => u.path)).toEqual(["src/b.ts"]);
    expect(withCode.code).toBe(1);
    const report = repo.adriftJson<{ summary: { files: number; uncovered_files: number } }>([
      "report",
      "correspondence",
      "--format",
      "json",
    ]);
    // .gitattributes, README.md, package-lock.json (the config's list replaces the default one),
    // src/a.ts, src/b.ts
    expect(report.summary).toMatchObject({ files: 5, uncovered_files: 4 });
    expect(repo.adriftJson<{ files: number }>(["baseline", "freeze"]).files).toBe(4);
    expect(repo.read(".decisions/baseline.json")).not.toContain("test");
  });

  it("refuses a malformed exclude list, naming the setting", () => {
    const repo = branch({ coverage: { exclude: "test/**" } });
    const result = repo.adrift(["report", "correspondence", "--format", "json"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("coverage");
  });
});
