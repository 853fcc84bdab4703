// Anchors through the real CLI and the real hooks: a record touched outside its anchors is
// listed, never marked and never gating; a change of the anchor is marked by the commit that
// makes it, as any stale record is.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const CODE =
  "export function keep(a: number) {\n  return a + 1;\n}\n\nexport function other() {\n  return 2;\n}\n";

const setup = () => {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": CODE });
  const { id } = repo.adriftJson<{ id: string }>([
    "decision",
    "record",
    "--outcome",
    "o",
    "--path",
    "src/a.ts#keep",
  ]);
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "record");
  return { repo, id };
};

const marks = (repo: TestRepo) =>
  repo
    .git("log", "-p", "--format=", "--", ".decisions")
    .split("\n")
    .filter((l) => l.startsWith("+") && l.includes('"decision_marked_stale"'));

const gitCommit = (repo: TestRepo, message: string) =>
  spawnSync("git", ["commit", "-q", "-am", message], {
    cwd: repo.dir,
    env: testEnv(),
    encoding: "utf8",
  });

describe("anchors from the CLI", () => {
  it("show names the anchors beside the paths", () => {
    const { repo, id } = setup();
    const shown = repo.adrift(["show", id]).stdout;
    expect(shown).toMatch(/^ {2}paths {8}src\/a\.ts$/m);
    expect(shown).toMatch(/^ {2}anchors {6}src\/a\.ts#keep$/m);
  });

  it("touched is listed and passes --check; --record marks nothing until the anchor changes", () => {
    const { repo, id } = setup();
    repo.commit("other", { "src/a.ts": CODE.replace("return 2", "return 3") });
    const check = repo.adrift(["stale", "--check", "--json"]);
    expect(check.code).toBe(0);
    const report = JSON.parse(check.stdout);
    expect(report.findings[0]).toMatchObject({ record_id: id, state: "touched" });
    expect(repo.adrift(["stale"]).stdout).toMatch(/touched\s+decision/);
    expect(repo.adriftJson<{ marked: string[] }>(["stale", "--record"]).marked).toEqual([]);
    repo.commit("keep", { "src/a.ts": CODE.replace("a + 1", "a + 2") });
    expect(repo.adrift(["stale", "--check"]).code).toBe(1);
    const text = repo.adrift(["stale"]).stdout;
    expect(text).toContain("src/a.ts#keep");
    expect(repo.adriftJson<{ marked: string[] }>(["stale", "--record"]).marked).toEqual([id]);
  });

  it("with the hooks, a commit outside the anchor carries no mark; one changing it does", () => {
    const { repo, id } = setup();
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.write("src/a.ts", CODE.replace("return 2", "return 3"));
    const quiet = gitCommit(repo, "other");
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(marks(repo)).toEqual([]);
    repo.write("src/a.ts", CODE.replace("return 2", "return 3").replace("a + 1", "a - 1"));
    const premise = gitCommit(repo, "keep");
    expect(premise.status, premise.stderr).toBe(0);
    expect(marks(repo).join("\n")).toContain(id);
  });

  it("the PR comment lists a record touched outside its anchors in a section of its own, not as stale", () => {
    const { repo, id } = setup();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("other", { "src/a.ts": CODE.replace("return 2", "return 3") });
    const model = repo.adriftJson<{
      stale: unknown[];
      touched: { id: string; paths: string[] }[];
      body: string;
    }>(["pr-comment", "--base", "main"]);
    expect(model.stale).toEqual([]);
    expect(model.touched).toEqual([expect.objectContaining({ id, paths: ["src/a.ts"] })]);
    expect(model.body).toContain("Records touched outside their anchors (not stale) (1)");
  });

  it("decision anchor narrows a whole-file record with an event: its stale finding becomes touched", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": CODE });
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "o",
      "--path",
      "src/a.ts",
    ]);
    repo.commit("other", { "src/a.ts": CODE.replace("return 2", "return 3") });
    const before = repo.adriftJson<{ findings: { state: string }[] }>(["stale"]);
    expect(before.findings[0]?.state).toBe("stale");
    const wrong = repo.adrift(["decision", "anchor", id, "--path", "src/a.ts#kep", "--json"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("src/a.ts#keep");
    const narrowed = repo.adriftJson<{ basis: { touched_paths: string[]; anchors: unknown[] } }>([
      "decision",
      "anchor",
      id,
      "--path",
      "src/a.ts#keep",
    ]);
    expect(narrowed.basis.touched_paths).toEqual(["src/a.ts"]);
    expect(narrowed.basis.anchors).toEqual([expect.objectContaining({ symbol: "keep" })]);
    const after = repo.adriftJson<{ findings: { state: string }[] }>(["stale"]);
    expect(after.findings[0]?.state).toBe("touched");
    expect(repo.adrift(["validate"]).code).toBe(0);
  });

  it.each(["cli", "embedded"])(
    "decision anchor moves an anchored record to another symbol: the next stale judges the new anchor (%s git adapter)",
    (adapter) => {
      const env = testEnv({ ADRIFT_GIT: adapter });
      const { repo, id } = setup();
      repo.commit("change keep", { "src/a.ts": CODE.replace("a + 1", "a + 2") });
      type Report = {
        findings: { record_id: string; state: string; anchors?: { symbol: string }[] }[];
      };
      const before = repo.adriftJson<Report>(["stale"], { env });
      expect(before.findings[0]).toMatchObject({ record_id: id, state: "stale" });
      expect(
        repo.adrift(["decision", "anchor", id, "--path", "src/a.ts#other"], { env }).code,
      ).toBe(0);
      const after = repo.adriftJson<Report>(["stale"], { env });
      // `other` did not change since the record's basis: the file is touched outside it
      expect(after.findings[0]).toMatchObject({ record_id: id, state: "touched" });
      expect(after.findings[0]!.anchors?.map((a) => a.symbol)).toEqual(["other"]);
    },
  );

  it("a file deleted after its anchor changed lists the commit that deleted it too", () => {
    const { repo, id } = setup();
    repo.commit("change keep", { "src/a.ts": CODE.replace("a + 1", "a + 2") });
    repo.git("rm", "-q", "src/a.ts");
    const deletion = repo.commit("delete a.ts");
    type Report = { findings: { record_id: string; state: string; commits: { hash: string }[] }[] };
    const finding = repo.adriftJson<Report>(["stale"]).findings.find((f) => f.record_id === id)!;
    expect(finding.state).toBe("stale");
    expect(finding.commits.map((c) => c.hash)).toContain(deletion);
  });

  it("recording a file names the symbols the change touched; --anchor auto takes them", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": CODE });
    repo.write("src/a.ts", CODE.replace("return 2", "return 3"));
    const suggested = repo.adriftJson<{ notes: { suggested_anchors: string[] } }>([
      "decision",
      "record",
      "--outcome",
      "o",
      "--path",
      "src/a.ts",
    ]);
    expect(suggested.notes.suggested_anchors).toEqual(["src/a.ts#other"]);
    const auto = repo.adriftJson<{ event: { data: { basis: { anchors: { symbol: string }[] } } } }>(
      ["decision", "record", "--outcome", "o", "--path", "src/a.ts", "--anchor", "auto"],
    );
    expect(auto.event.data.basis.anchors.map((a) => a.symbol)).toEqual(["other"]);
  });

  it("re-verifying keeps the anchors; amending the scope with an anchor points to decision anchor", () => {
    const { repo, id } = setup();
    repo.commit("keep", { "src/a.ts": CODE.replace("a + 1", "a + 2") });
    const again = repo.adriftJson<{
      basis: { anchors: { symbol: string; fingerprint: string }[] };
    }>(["decision", "reverify", id, "--note", "checked"]);
    expect(again.basis.anchors.map((a) => a.symbol)).toEqual(["keep"]);
    expect(repo.adriftJson<{ findings: { state: string }[] }>(["stale"]).findings[0]?.state).toBe(
      "fresh",
    );
    const amend = repo.adrift(["intent", "amend", id, "--path", "src/a.ts#other"]);
    expect(amend.code).not.toBe(0);
    expect(amend.stderr).toContain("decision anchor");
  });
});
