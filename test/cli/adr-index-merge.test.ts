// Two branches that each accept an ADR merge without a conflict on the generated index: one
// line per ADR, written from that ADR alone, merged by git's built-in union driver
// (`adrift init` writes the .gitattributes rule).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { adrsOnTwoBranches, makeRepo, testEnv } from "../support/repo.js";

describe("the ADR index across branches", () => {
  it("merges with every branch's rows and no conflict", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    expect(repo.read(".gitattributes")).toContain("/docs/adr/README.md merge=union");
    repo.commit("init");
    const { alpha, beta, gamma } = adrsOnTwoBranches(repo);
    const merge = spawnSync("git", ["merge", "--no-edit", "b"], {
      cwd: repo.dir,
      env: testEnv(),
      encoding: "utf8",
    });
    expect(merge.status, merge.stdout + merge.stderr).toBe(0);
    const merged = repo.read("docs/adr/README.md");
    expect(merged).not.toContain("<<<<<<<");
    for (const adr of [alpha, beta, gamma])
      expect(merged).toContain(`(${adr.path.split("/").at(-1)})`);
    // Each row is its own line, whatever the other titles: a longer title rewrites no other row.
    const rows = merged.split("\n").filter((line) => line.startsWith("| ADR-"));
    expect(rows).toHaveLength(3);
    expect(merged).toContain("| - | - | - | - | - |");
    expect(repo.adrift(["validate"]).code).toBe(0);
  });

  it("the first ADR on each of two branches also merges (both create the index)", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.commit("init");
    repo.git("checkout", "-q", "-b", "b");
    const accept = (outcome: string, tag: string) => {
      const { id } = repo.adriftJson<{ id: string }>([
        "intent",
        "record",
        "--outcome",
        outcome,
        "--trigger",
        "t",
        "--chosen",
        "c",
        "--rationale",
        "r",
        "--trivial",
        "--tag",
        tag,
      ]);
      // A record alone waits for a cluster unless asked for.
      const draft = repo
        .adriftJson<{ drafts: { path: string }[] }>(["adr", "draft", "--record", id])
        .drafts.find((d) => d.path.includes(tag))!;
      repo.adrift(["adr", "accept", draft.path]);
      repo.commit(tag);
    };
    accept("Beta", "beta");
    repo.git("checkout", "-q", "main");
    accept("Alpha", "alpha");
    const merge = spawnSync("git", ["merge", "--no-edit", "b"], { cwd: repo.dir, env: testEnv() });
    expect(merge.status).toBe(0);
    const rows = repo
      .read("docs/adr/README.md")
      .split("\n")
      .filter((line) => line.startsWith("| ADR-"));
    expect(rows).toHaveLength(2);
  });

  it("doctor warns (ADR-D002) when the index's merge rule is missing; init adds it back", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    const findings = () =>
      (
        JSON.parse(repo.adrift(["doctor", "--json"]).stdout) as { findings: { rule: string }[] }
      ).findings.map((f) => f.rule);
    expect(findings()).not.toContain("ADR-D002");
    repo.write(".gitattributes", ".decisions/log/*.ndjson merge=union text eol=lf\n");
    expect(findings()).toContain("ADR-D002");
    repo.adrift(["init"]);
    expect(findings()).not.toContain("ADR-D002");
  });
});
