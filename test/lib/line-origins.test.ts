// The two git adapters answer the trust checks' questions alike: who added each line of a log
// file (across branches, merges and uncommitted lines), which commits are ancestors, and which
// commits a shallow clone stops at.
import { appendFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openGit } from "../../src/adapters/git/open.js";
import { git, makeRepo, type TestRepo, tempDir, testEnv } from "../support/repo.js";

const adapters = (dir: string) =>
  Promise.all([openGit(dir, testEnv()), openGit(dir, testEnv({ ADRIFT_GIT: "embedded" }))]);

const append = (repo: TestRepo, file: string, line: string) =>
  appendFileSync(path.join(repo.dir, file), `${line}\n`);

/** A log file grown on main and on a branch (by Bia), merged, and one line not committed. */
function history() {
  const repo = makeRepo();
  const file = ".decisions/log/a.events.ndjson";
  repo.write(file, '{"n":1}\n');
  const c1 = repo.commit("one");
  repo.git("checkout", "-q", "-b", "feature");
  append(repo, file, '{"n":2}');
  repo.git("add", "-A");
  git(
    repo.dir,
    ["commit", "-qm", "by Bia"],
    testEnv({
      GIT_AUTHOR_NAME: "Bia",
      GIT_AUTHOR_EMAIL: "bia@example.com",
      GIT_COMMITTER_NAME: "Caio",
      GIT_COMMITTER_EMAIL: "caio@example.com",
    }),
  );
  const c2 = repo.git("rev-parse", "HEAD").trim();
  repo.git("checkout", "-q", "main");
  repo.commit("elsewhere", { "README.md": "# moved\n" });
  repo.git("merge", "-q", "--no-ff", "--no-edit", "feature");
  const merge = repo.git("rev-parse", "HEAD").trim();
  append(repo, file, '{"n":3}');
  const c4 = repo.commit("three");
  append(repo, file, '{"n":4}');
  return { repo, file, c1, c2, merge, c4 };
}

describe("lineOrigins, isAncestor, shallowCommits: the CLI and the embedded adapter agree", () => {
  it("gives each line the commit that added it, with author and committer; none to a line not committed", async () => {
    const { repo, file, c1, c2, c4 } = history();
    const [cli, embedded] = await adapters(repo.dir);
    const expected = [
      { commit: c1, author_email: "ana@example.com", committer_email: "ana@example.com" },
      { commit: c2, author_email: "bia@example.com", committer_email: "caio@example.com" },
      { commit: c4, author_email: "ana@example.com", committer_email: "ana@example.com" },
      undefined,
    ];
    expect(await cli.lineOrigins(file)).toEqual(expected);
    expect(await embedded.lineOrigins(file)).toEqual(expected);
    // A file git never had: nothing committed.
    repo.write(".decisions/log/new.events.ndjson", '{"n":5}\n');
    for (const adapter of [cli, embedded])
      expect(await adapter.lineOrigins(".decisions/log/new.events.ndjson")).toEqual([undefined]);
  });

  it("tells ancestors from descendants and from commits of another branch", async () => {
    const { repo, c1, c2, merge, c4 } = history();
    const feature = repo.git("rev-parse", "main~2").trim();
    for (const adapter of await adapters(repo.dir)) {
      expect(await adapter.isAncestor(c1, c4)).toBe(true);
      expect(await adapter.isAncestor(c2, merge)).toBe(true);
      expect(await adapter.isAncestor(c4, c1)).toBe(false);
      expect(await adapter.isAncestor(feature, c2)).toBe(false);
      expect(await adapter.isAncestor(c2, feature)).toBe(false);
      expect(await adapter.isAncestor(c1, c1)).toBe(true);
      expect(await adapter.shallowCommits()).toEqual(new Set());
    }
  });

  it("in a shallow clone, gives the lines older than its history to the shallow commit", async () => {
    const { repo, file } = history();
    repo.commit("all in", {});
    const dir = path.join(tempDir(), "clone");
    git(path.dirname(dir), ["clone", "-q", "--depth", "1", `file://${repo.dir}`, dir]);
    const head = git(dir, ["rev-parse", "HEAD"]).trim();
    for (const adapter of await adapters(dir)) {
      expect(await adapter.shallowCommits()).toEqual(new Set([head]));
      const origins = await adapter.lineOrigins(file);
      expect(origins.map((o) => o?.commit)).toEqual([head, head, head, head]);
    }
  });
});
