import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const markLines = (dir: string) =>
  readdirSync(path.join(dir, ".decisions/log"))
    .filter((f) => f.endsWith(".events.ndjson"))
    .flatMap((f) =>
      readFileSync(path.join(dir, ".decisions/log", f), "utf8")
        .trim()
        .split("\n"),
    )
    .filter((l) => l.includes('"decision_marked_stale"'));

const record = (repo: ReturnType<typeof makeRepo>, scope: string) =>
  repo.adriftJson<{ id: string; notes: { matched_files: number; warnings: string[] } }>([
    "decision",
    "record",
    "--outcome",
    "o",
    "--path",
    scope,
  ]);

describe("adrift stale from the CLI", () => {
  it("--check exits 1 until --record writes the marks, and --record twice records once", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    const { id } = record(repo, "src/a.ts");
    repo.commit("edit", { "src/a.ts": "a2\n" });
    const check = repo.adrift(["stale", "--check", "--json"]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout).unrecorded).toEqual([id]);
    expect(markLines(repo.dir)).toHaveLength(0);
    const first = repo.adriftJson<{ marked: string[] }>(["stale", "--record"]);
    expect(first.marked).toEqual([id]);
    const second = repo.adriftJson<{ marked: string[] }>(["stale", "--record"]);
    expect(second.marked).toEqual([]);
    const lines = markLines(repo.dir);
    expect(lines).toHaveLength(1);
    const mark = JSON.parse(lines[0]!);
    expect(mark.data).toMatchObject({
      decision_id: id,
      reason: "paths_changed",
      paths: ["src/a.ts"],
    });
    expect(mark.data.commits[0].subject).toBe("edit");
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
    expect(repo.adriftJson<{ records: { status: string }[] }>(["list"]).records[0]?.status).toBe(
      "stale",
    );
  });

  it("prints the stale record with its commit and path for people", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    const { id } = record(repo, "src/");
    repo.commit("rework a", { "src/a.ts": "a2\n" });
    const result = repo.adrift(["stale"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(id);
    expect(result.stdout).toMatch(/modified\s+src\/a\.ts/);
    expect(result.stdout).toContain("rework a");
  });

  it("warns when a scope covers most of the repository", () => {
    const repo = makeRepo();
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`src/f${i}.ts`] = `${i}\n`;
    repo.commit("many", files);
    const wide = record(repo, "src/**");
    expect(wide.notes.matched_files).toBe(12);
    expect(wide.notes.warnings.join(" ")).toMatch(/covers 12 of 13 files/);
    expect(record(repo, "src/f1.ts").notes.warnings).toEqual([]);
  });

  it("decision reverify re-bases with fresh fingerprints and the record is fresh again", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    const { id } = record(repo, "src/a.ts");
    repo.commit("edit", { "src/a.ts": "a2\n" });
    repo.adrift(["stale", "--record"]);
    const result = repo.adriftJson<{
      basis: { revision: string; fingerprints: Record<string, string> };
    }>(["decision", "reverify", id]);
    expect(result.basis.revision).toBe(repo.git("rev-parse", "HEAD").trim());
    expect(result.basis.fingerprints["src/a.ts"]).toBe(
      repo.git("rev-parse", "HEAD:src/a.ts").trim(),
    );
    const after = repo.adriftJson<{ findings: { state: string }[]; unrecorded: string[] }>([
      "stale",
    ]);
    expect(after.findings[0]?.state).toBe("fresh");
  });

  it("decision reverify follows a renamed file to where it is now; --path replaces the scope", () => {
    const repo = makeRepo();
    repo.commit("code", { "lib/util.js": "export const u = 1;\n".repeat(10), "lib/x.js": "x\n" });
    const { id } = record(repo, "lib/util.js");
    repo.git("mv", "lib/util.js", "lib/helpers.js");
    repo.commit("rename util");
    expect(repo.adriftJson<{ findings: { state: string }[] }>(["stale"]).findings[0]?.state).toBe(
      "moved",
    );
    const human = repo.adrift(["decision", "reverify", id]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain("scope follows the rename lib/util.js → lib/helpers.js");
    const shown = repo.adriftJson<{ record: { basis: { touched_paths: string[] } } }>(["show", id]);
    expect(shown.record.basis.touched_paths).toEqual(["lib/helpers.js"]);
    // The record governs the file where it went: an edit there makes it stale.
    repo.commit("edit helpers", { "lib/helpers.js": "export const u = 2;\n" });
    expect(repo.adriftJson<{ findings: { state: string }[] }>(["stale"]).findings[0]?.state).toBe(
      "stale",
    );
    // An explicit scope replaces the record's own; a scope matching nothing is warned about.
    const moved = repo.adriftJson<{
      basis: { touched_paths: string[] };
      followed: string[];
      notes: { warnings: string[] };
    }>(["decision", "reverify", id, "--path", "lib/", "--path", "lib/gone.js"]);
    expect(moved.basis.touched_paths).toEqual(["lib/", "lib/gone.js"]);
    expect(moved.followed).toEqual([]);
    expect(moved.notes.warnings.join("\n")).toMatch(/lib\/gone\.js matches no file/);
    const warned = repo.adrift(["decision", "reverify", id]);
    expect(warned.stdout).toMatch(/warning: lib\/gone\.js matches no file/);
  });

  it("workline activate lists the workline's records that went stale while it was parked, marked or not", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    const workline = repo.adriftJson<{ id: string }>(["workline", "open", "auth"]);
    const { id } = record(repo, "src/a.ts");
    const untouched = record(repo, "src/b.ts");
    repo.adrift(["workline", "park"]);
    repo.commit("someone edits a", { "src/a.ts": "a2\n" });
    const activated = repo.adriftJson<{ to_reverify: { id: string; recorded: boolean }[] }>([
      "workline",
      "activate",
      workline.id,
    ]);
    expect(activated.to_reverify).toEqual([expect.objectContaining({ id, recorded: false })]);
    expect(untouched.id).not.toBe(id);
  });

  it("fails with not_a_git_repo outside a repository and writes nothing", () => {
    const repo = makeRepo();
    const result = repo.adrift(["stale", "-C", path.dirname(repo.dir), "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("not_a_git_repo");
  });
});
