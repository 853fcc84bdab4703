import { describe, expect, it } from "vitest";
import { openGit } from "../../src/adapters/git/open.js";
import type { CommitInfo } from "../../src/adapters/git/types.js";
import { makeRepo, testEnv } from "../support/repo.js";

/** The commits one adapter streams for `head --not exclude`, boundary asked for. */
async function stream(
  dir: string,
  adapter: "cli" | "embedded",
  head: string,
  exclude: string[],
): Promise<CommitInfo[]> {
  const git = await openGit(dir, testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {}));
  const commits: CommitInfo[] = [];
  await git.streamCommits(head, exclude, { boundary: true }, (c) => commits.push(c));
  return commits;
}

describe.each(["cli", "embedded"] as const)("boundary commits (%s adapter)", (adapter) => {
  it("come last, children first, with their parents and times but none of their changes", async () => {
    const repo = makeRepo();
    // A first commit of many files, then two more: their diffs are what git would print for
    // boundary commits, and nothing reads them.
    const files = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`src/f${i}.ts`, `${i}\n`]),
    );
    const c1 = repo.commit("many files", files);
    const c2 = repo.commit("one more", { "src/f1.ts": "changed\n" });
    // A merge whose two parents are both left out, one an ancestor of the other.
    const tree = repo.git("rev-parse", "HEAD^{tree}").trim();
    const merge = repo.git("commit-tree", tree, "-p", c2, "-p", c1, "-m", "merge").trim();
    repo.git("update-ref", "refs/heads/main", merge);
    repo.write("src/f2.ts", "after\n");
    const head = repo.commit("after the merge");

    const listed = await stream(repo.dir, adapter, head, [c2]);
    expect(listed.map((c) => c.hash)).toEqual([head, merge, c2, c1]);
    expect(listed.map((c) => c.boundary ?? false)).toEqual([false, false, true, true]);
    const [, , b2, b1] = listed;
    expect(b2!.changes).toEqual([]);
    expect(b1!.changes).toEqual([]);
    expect(b2!.parents).toEqual([c1]);
    expect(b2!.time).toBe(Number(repo.git("log", "-1", "--format=%ct", c2).trim()));
    expect(b1!.subject).toBe("many files");
    // The listed commits keep theirs.
    expect(listed[0]!.changes.map((c) => c.path)).toEqual(["src/f2.ts"]);
  });

  it("are none when nothing is left out", async () => {
    const repo = makeRepo();
    const head = repo.commit("second", { "a.txt": "a\n" });
    const listed = await stream(repo.dir, adapter, head, []);
    expect(listed.every((c) => !c.boundary)).toBe(true);
    expect(listed).toHaveLength(2);
  });
});
