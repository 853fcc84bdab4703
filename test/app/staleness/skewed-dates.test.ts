import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openGit } from "../../../src/adapters/git/open.js";
import type { CommitInfo } from "../../../src/adapters/git/types.js";
import { makeRepo, type TestRepo, testEnv } from "../../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;
const envOf = (adapter: (typeof ADAPTERS)[number], extra: NodeJS.ProcessEnv = {}) =>
  testEnv({ ...(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {}), ...extra });

/** Runs git with both dates set to `at`. */
function gitAt(repo: TestRepo, at: string, args: string[]): void {
  const env = testEnv({ GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at });
  const done = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
  if (done.status !== 0) throw new Error(`git ${args.join(" ")}: ${done.stderr}`);
}

/** Commits `files` with both dates set to `at`; returns the commit. */
function commitAt(repo: TestRepo, at: string, message: string, files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) repo.write(file, content);
  repo.git("add", "-A");
  gitAt(repo, at, ["commit", "-q", "-m", message]);
  return repo.git("rev-parse", "HEAD").trim();
}

/**
 * A history whose committer dates go back in time (a clock set wrong, an import, a rebase with
 * --committer-date-is-author-date): the file is added by a commit dated after the eight that
 * follow it, the decision is recorded on top of those, and a side branch forked before them is
 * merged after. git's own walk (`git log HEAD --not <basis>`) trusts dates and lists the commit
 * that added the file as if it came after the basis.
 */
function skewedHistory(adapter: (typeof ADAPTERS)[number]) {
  const repo = makeRepo();
  const files = commitAt(repo, "2026-01-01T12:00:00Z", "files", { "src/a.ts": "a\n" });
  repo.git("branch", "side");
  for (let i = 1; i <= 8; i++)
    commitAt(repo, `2024-0${i}-01T00:00:00Z`, `n${i}`, { [`n${i}.txt`]: `${i}\n` });
  const { id } = repo.adriftJson<{ id: string }>(
    ["decision", "record", "--outcome", "o", "--path", "src/a.ts"],
    {
      env: envOf(adapter),
    },
  );
  commitAt(repo, "2024-09-01T00:00:00Z", "record", {});
  repo.git("checkout", "-q", "side");
  commitAt(repo, "2026-01-02T00:00:00Z", "side", { "side.txt": "s\n" });
  repo.git("checkout", "-q", "main");
  gitAt(repo, "2026-02-01T00:00:00Z", ["merge", "-q", "--no-ff", "side", "-m", "merge side"]);
  return { repo, id, files };
}

describe.each(ADAPTERS)("commit dates that go back in time, with the %s git adapter", (adapter) => {
  it("a decision recorded after the commit that added its file is not stale because of it", () => {
    const { repo, id } = skewedHistory(adapter);
    const report = repo.adriftJson<{
      findings: { record_id: string; state: string; commits: unknown[] }[];
    }>(["stale"], { env: envOf(adapter) });
    expect(report.findings.find((f) => f.record_id === id)).toMatchObject({
      state: "fresh",
      commits: [],
    });
    const check = repo.adrift(["stale", "--check"], { env: envOf(adapter) });
    expect(check.code).toBe(0);
  });

  it("the adapter never lists a commit the excluded one reaches (or refuses to answer)", async () => {
    const { repo, files } = skewedHistory(adapter);
    const git = await openGit(repo.dir, envOf(adapter));
    const basis = repo.git("rev-parse", "main~2").trim();
    const listed: CommitInfo[] = [];
    const streamed = git
      .streamCommits((await git.resolveRevision("HEAD"))!, [basis], {}, (c) => listed.push(c))
      .then(
        () => "listed",
        (error: { code?: string; details?: { reason?: string } }) =>
          `${error.code}:${error.details?.reason}`,
      );
    const outcome = await streamed;
    if (outcome === "listed") expect(listed.map((c) => c.hash)).not.toContain(files);
    else expect(outcome).toBe("git_failed:skewed_dates");
    expect(adapter === "embedded" ? outcome : "listed").toBe("listed");
  });
});
