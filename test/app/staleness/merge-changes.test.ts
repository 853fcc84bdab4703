import { describe, expect, it } from "vitest";
import type { CommitInfo } from "../../../src/adapters/git/types.js";
import { openRepository } from "../../../src/app/repository.js";
import { makeRepo, type TestRepo, testEnv } from "../../support/repo.js";

/** Each commit's changes as both adapters list them (a merge's: its own, as `git log -c`). */
async function changesBy(repo: TestRepo, adapter: "cli" | "embedded") {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
  const { git } = (await openRepository(repo.dir, { env })).context;
  const commits: CommitInfo[] = [];
  const head = (await git.resolveRevision("HEAD"))!;
  await git.streamCommits(head, [], {}, (c) => commits.push(c));
  return new Map(
    commits.map((c) => [
      c.subject,
      c.changes.map((x) => `${x.status} ${x.old_path ? `${x.old_path} -> ` : ""}${x.path}`).sort(),
    ]),
  );
}

describe("a merge's own changes, as both git adapters list them", () => {
  it("files differing from every parent: edited, added, renamed on one side; nothing else", async () => {
    const repo = makeRepo();
    repo.commit("code", { "a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n".repeat(20) });
    repo.git("checkout", "-q", "-b", "side");
    repo.git("mv", "c.txt", "cc.txt");
    repo.commit("side renames c");
    repo.commit("side edits a", { "a.txt": "side\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main adds d", { "d.txt": "d\n" });
    repo.git("merge", "-q", "--no-ff", "--no-commit", "side");
    // Made while merging: b edited, e added, the renamed file edited (git: "RM"), d deleted.
    repo.write("b.txt", "edited while merging\n");
    repo.write("e.txt", "new\n");
    repo.write("cc.txt", `${"c\n".repeat(20)}more\n`);
    repo.git("rm", "-q", "d.txt");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "merge side");
    const expected = ["A e.txt", "M b.txt", "M cc.txt"];
    const cli = await changesBy(repo, "cli");
    const embedded = await changesBy(repo, "embedded");
    // d.txt is gone as on the side it never was on; a.txt is the side's: neither is the merge's.
    expect(cli.get("merge side")).toEqual(expected);
    expect(embedded.get("merge side")).toEqual(expected);
    expect(cli.get("side renames c")).toEqual(["R c.txt -> cc.txt"]);
    expect(embedded).toEqual(cli);
  });
});
