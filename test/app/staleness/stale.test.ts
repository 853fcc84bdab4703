import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/app/repository.js";
import type { StaleFinding } from "../../../src/core/staleness/types.js";
import { git, makeRepo, type TestRepo, tempDir, testEnv } from "../../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

describe.each(ADAPTERS)("staleness with the %s git adapter", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
  const open = (dir: string) => openRepository(dir, { env });
  const decide = async (repo: TestRepo, paths: string[], extra = {}) =>
    (
      await (
        await open(repo.dir)
      ).recordDecision({
        outcome: `about ${paths.join(", ")}`,
        trigger: "t",
        chosen_approach: "c",
        selection_rationale: "r",
        considered: [{ approach: "x", rejected_because: "y" }],
        touched_paths: paths,
        ...extra,
      })
    ).id;
  const finding = async (dir: string, id: string, options = {}): Promise<StaleFinding> =>
    (await (await open(dir)).stale(options)).findings.find((f) => f.record_id === id)!;
  const seeded = () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n", "lib/c.md": "c\n" });
    return repo;
  };

  it("uses the adapter it was asked for", async () => {
    expect((await open(seeded().dir)).context.git.kind).toBe(adapter);
  });

  it("stores fingerprints of the scope at the basis revision", async () => {
    const repo = seeded();
    const recorded = await (await open(repo.dir)).recordDecision({
      outcome: "o",
      touched_paths: ["src/", "lib/*.md"],
    });
    const basis = (recorded.event.data as { basis: { fingerprints: Record<string, string> } })
      .basis;
    expect(basis.fingerprints["src/a.ts"]).toBe(repo.git("rev-parse", "HEAD:src/a.ts").trim());
    expect(basis.fingerprints["src/"]).toBe(repo.git("rev-parse", "HEAD:src").trim());
    expect(basis.fingerprints["lib/c.md"]).toBeDefined();
    expect(recorded.notes.matched_files).toBe(3);
  });

  it("a commit on another file leaves a decision fresh; one on its file makes it stale and names the commit", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/a.ts"]);
    repo.commit("touch b", { "src/b.ts": "b2\n" });
    expect((await finding(repo.dir, id)).state).toBe("fresh");
    const hash = repo.commit("touch a", { "src/a.ts": "a2\n" });
    const stale = await finding(repo.dir, id);
    expect(stale.state).toBe("stale");
    expect(stale.method).toBe("history");
    expect(stale.commits).toEqual([{ hash, author: "Ana Souza", subject: "touch a" }]);
    expect(stale.paths).toEqual([{ path: "src/a.ts", change: "modified", commits: [hash] }]);
  });

  it("a glob scope: a matching change is stale, a new matching file is review, others are ignored", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/**/*.ts"]);
    repo.commit("docs", { "src/notes.md": "n\n", "lib/x.ts": "x\n" });
    expect((await finding(repo.dir, id)).state).toBe("fresh");
    repo.commit("new ts", { "src/deep/new.ts": "n\n" });
    const review = await finding(repo.dir, id);
    expect(review.state).toBe("review");
    expect(review.paths.map((p) => [p.path, p.change])).toEqual([["src/deep/new.ts", "added"]]);
    repo.git("rm", "-q", "src/b.ts");
    repo.commit("delete b");
    expect((await finding(repo.dir, id)).state).toBe("stale");
  });

  it("a directory scope: a new file is review, a deletion is stale", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/"]);
    repo.commit("add", { "src/c.ts": "c\n" });
    expect((await finding(repo.dir, id)).state).toBe("review");
    repo.git("rm", "-q", "src/a.ts");
    repo.commit("rm a");
    const stale = await finding(repo.dir, id);
    expect(stale.state).toBe("stale");
    expect(stale.paths.find((p) => p.path === "src/a.ts")?.change).toBe("deleted");
  });

  it("a file added where a path scope names it is stale", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/planned.ts"]);
    repo.commit("create it", { "src/planned.ts": "p\n" });
    expect((await finding(repo.dir, id)).state).toBe("stale");
  });

  it("a pure rename is moved with the new path; a rename with edits is stale", async () => {
    const repo = seeded();
    const a = await decide(repo, ["src/a.ts"]);
    const b = await decide(repo, ["src/b.ts"]);
    repo.git("mv", "src/a.ts", "src/renamed.ts");
    repo.commit("move a");
    const moved = await finding(repo.dir, a);
    expect(moved.state).toBe("moved");
    expect(moved.paths[0]).toMatchObject({ path: "src/a.ts", new_path: "src/renamed.ts" });
    repo.git("mv", "src/b.ts", "lib/b.ts");
    repo.write("lib/b.ts", "b\nmore\nand more\n");
    repo.commit("move and edit b");
    expect((await finding(repo.dir, b)).state).toBe("stale");
  });

  it("a chain of pure renames is moved to the last path; an edit anywhere along it is stale", async () => {
    const repo = seeded();
    const a = await decide(repo, ["src/a.ts"]);
    const b = await decide(repo, ["src/b.ts"]);
    repo.git("mv", "src/a.ts", "src/a2.ts");
    repo.commit("a to a2");
    repo.git("mv", "src/a2.ts", "lib/a3.ts");
    repo.commit("a2 to a3");
    const moved = await finding(repo.dir, a);
    expect(moved.state).toBe("moved");
    expect(moved.paths).toEqual([
      expect.objectContaining({ path: "src/a.ts", change: "renamed", new_path: "lib/a3.ts" }),
    ]);
    expect(moved.commits.map((c) => c.subject)).toEqual(["a to a2", "a2 to a3"]);
    repo.git("mv", "src/b.ts", "src/b2.ts");
    repo.commit("b to b2");
    repo.git("mv", "src/b2.ts", "lib/b3.ts");
    repo.commit("b2 to b3");
    repo.write("lib/b3.ts", "b\nedited where it went\n");
    repo.commit("edit b3");
    expect((await finding(repo.dir, b)).state).toBe("stale");
    // Renamed on after the edit: the finding names the path the file has now, with every commit.
    repo.git("mv", "lib/b3.ts", "lib/b4.ts");
    repo.commit("b3 to b4");
    repo.commit("edit b4", { "lib/b4.ts": "b\nedited again\n" });
    const onward = await finding(repo.dir, b);
    expect(onward.state).toBe("stale");
    expect(onward.paths).toEqual([
      expect.objectContaining({ path: "src/b.ts", change: "renamed", new_path: "lib/b4.ts" }),
    ]);
    expect(onward.commits.map((c) => c.subject)).toEqual([
      "b to b2",
      "b2 to b3",
      "edit b3",
      "b3 to b4",
      "edit b4",
    ]);
    // Edited where it was, then renamed away twice: named where it is now.
    const c = await decide(repo, ["lib/c.md"]);
    repo.commit("edit c", { "lib/c.md": "c\nedited\n" });
    repo.git("mv", "lib/c.md", "lib/c2.md");
    repo.commit("c to c2");
    repo.git("mv", "lib/c2.md", "lib/c3.md");
    repo.commit("c2 to c3");
    const edited = await finding(repo.dir, c);
    expect(edited.state).toBe("stale");
    expect(edited.paths).toEqual([
      expect.objectContaining({ path: "lib/c.md", change: "renamed", new_path: "lib/c3.md" }),
    ]);
    expect(edited.commits.map((x) => x.subject)).toEqual(["edit c", "c to c2", "c2 to c3"]);
    // Another file where a moved one used to be is not the record's file: still moved.
    repo.git("mv", "lib/a3.ts", "lib/a4.ts");
    repo.commit("a3 to a4");
    repo.commit("a new a3", { "lib/a3.ts": "someone else's\n" });
    const still = await finding(repo.dir, a);
    expect(still.state).toBe("moved");
    expect(still.paths[0]).toMatchObject({ new_path: "lib/a4.ts" });
  });

  it("commits carrying the record's own workline trailer do not count; other worklines' do", async () => {
    const repo = seeded();
    const api = await open(repo.dir);
    const workline = await api.openWorkline("cache sessions");
    const id = await decide(repo, ["src/a.ts"]);
    repo.write("src/a.ts", "a2\n");
    repo.git("commit", "-qam", `own work\n\nAdrift-Workline: ${workline.id}`);
    expect((await finding(repo.dir, id)).state).toBe("fresh");
    repo.write("src/a.ts", "a3\n");
    repo.git("commit", "-qam", "someone else\n\nAdrift-Workline: 01ZZZZZZZZZZZZZZZZZZZZZZZZ");
    expect((await finding(repo.dir, id)).state).toBe("stale");
  });

  it("a change that reaches HEAD through a merge counts once, on its own commit", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/a.ts"]);
    repo.git("checkout", "-q", "-b", "feature");
    const change = repo.commit("feature edits a", { "src/a.ts": "feature\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main edits b", { "src/b.ts": "main\n" });
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature");
    const stale = await finding(repo.dir, id);
    expect(stale.state).toBe("stale");
    expect(stale.commits.map((c) => c.hash)).toEqual([change]);
  });

  it("a merge counts for the files it changed itself: a conflict resolved, an edit while merging", async () => {
    const repo = seeded();
    const onB = await decide(repo, ["src/b.ts"]);
    const onC = await decide(repo, ["lib/c.md"]);
    repo.commit("decisions");
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("feature adds d", { "src/d.ts": "d\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main edits a", { "src/a.ts": "main\n" });
    // An edit made while merging: b is in neither parent as it is in the merge.
    repo.git("merge", "-q", "--no-ff", "--no-commit", "feature");
    repo.write("src/b.ts", "edited while merging\n");
    repo.git("add", "src/b.ts");
    repo.git("commit", "-q", "-m", "merge feature");
    const merge = repo.git("rev-parse", "HEAD").trim();
    const evil = await finding(repo.dir, onB);
    expect(evil).toMatchObject({ state: "stale", method: "history" });
    expect(evil.commits.map((c) => c.hash)).toEqual([merge]);
    expect(evil.paths).toEqual([{ path: "src/b.ts", change: "modified", commits: [merge] }]);
    // A merge that only brought in the other side's changes counts for none of them.
    expect((await finding(repo.dir, onC)).state).toBe("fresh");
    // A conflict resolved by hand: the merge counts beside both sides' commits.
    repo.git("checkout", "-q", "-b", "other");
    const theirs = repo.commit("other edits c", { "lib/c.md": "other\n" });
    repo.git("checkout", "-q", "main");
    const ours = repo.commit("main edits c", { "lib/c.md": "main\n" });
    expect(() => repo.git("merge", "-q", "other")).toThrow(/merge -q other failed/);
    repo.write("lib/c.md", "main and other\n");
    repo.git("add", "lib/c.md");
    repo.git("commit", "-q", "--no-edit");
    const resolved = repo.git("rev-parse", "HEAD").trim();
    const c = await finding(repo.dir, onC);
    expect(c.state).toBe("stale");
    expect(new Set(c.commits.map((x) => x.hash))).toEqual(new Set([theirs, ours, resolved]));
    // The merge's own change is not counted twice by a later read of the same history.
    expect((await finding(repo.dir, onB)).commits.map((x) => x.hash)).toEqual([merge]);
  });

  it("treats the staged change as one more commit with staged", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/a.ts"]);
    repo.write("src/a.ts", "staged\n");
    repo.git("add", "src/a.ts");
    expect((await finding(repo.dir, id)).state).toBe("fresh");
    const staged = await finding(repo.dir, id, { staged: true });
    expect(staged.state).toBe("stale");
    expect(staged.commits.map((c) => c.hash)).toEqual(["staged"]);
  });

  it("a depth-1 clone: no false stale, a notice, and fingerprint results", async () => {
    const origin = seeded();
    const changed = await decide(origin, ["src/a.ts"]);
    const untouched = await decide(origin, ["src/b.ts", "lib/"]);
    origin.commit("record decisions");
    origin.commit("edit a", { "src/a.ts": "a2\n" });
    origin.commit("later", { "README.md": "more\n" });
    const clone = tempDir();
    git(clone, ["clone", "-q", "--depth", "1", `file://${origin.dir}`, "."]);
    const report = await (await open(clone)).stale();
    expect(report.notices.join(" ")).toMatch(/shallow clone/);
    const byId = new Map(report.findings.map((f) => [f.record_id, f]));
    expect(byId.get(untouched)).toMatchObject({ state: "fresh", method: "fingerprints" });
    expect(byId.get(changed)).toMatchObject({ state: "stale", method: "fingerprints" });
    expect(byId.get(changed)?.paths).toEqual([
      { path: "src/a.ts", change: "modified", commits: [] },
    ]);
    // Fetching the history (as the notice advises) is seen at once: HEAD and the log are the
    // same, but the report is computed again, from history.
    git(clone, ["fetch", "-q", "--unshallow"]);
    const fetched = await (await open(clone)).stale();
    expect(fetched.notices).toEqual([]);
    const now = new Map(fetched.findings.map((f) => [f.record_id, f]));
    expect(now.get(changed)).toMatchObject({ state: "stale", method: "history" });
    expect(now.get(untouched)).toMatchObject({ state: "fresh", method: "history" });
  });

  it("a force-pushed history without the basis commit: no false stale, a notice", async () => {
    const origin = seeded();
    const id = await decide(origin, ["src/"]);
    const moved = await decide(origin, ["src/b.ts"]);
    origin.git("mv", "src/b.ts", "src/b2.ts");
    origin.git("add", "-A");
    origin.git("commit", "-q", "--amend", "-m", "code, rewritten with the records and a move");
    const clone = tempDir();
    git(clone, ["clone", "-q", `file://${origin.dir}`, "."]);
    const report = await (await open(clone)).stale();
    expect(report.notices.join(" ")).toMatch(/history unavailable/);
    const byId = new Map(report.findings.map((f) => [f.record_id, f]));
    expect(byId.get(id)?.state).not.toBe("stale");
    expect(byId.get(moved)).toMatchObject({ state: "moved", method: "fingerprints" });
    expect(report.findings.some((f) => f.state === "stale")).toBe(false);
  });
});
