// The flow of the issue as a user runs it: `adrift watch` marks a record on a side branch (an
// uncommitted mark), the user goes back to main and commits everything with the hooks on: the
// commit on main does not carry the mark; back on the side branch the record is stale again.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { repoWithDecision, startCli, testEnv, waitFor } from "../support/repo.js";

describe("a mark the watcher wrote on a side branch", () => {
  it("stays out of a commit on main made with git add -A", async () => {
    const { repo, id } = repoWithDecision({ "src/a.ts": "a\n" });
    const env = testEnv({ ADRIFT_HOOK_FOREGROUND: "1" });
    const git = (...args: string[]) => {
      const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
      expect(result.status, result.stderr).toBe(0);
      return result;
    };
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    git("checkout", "-q", "-b", "feature");
    const { child, out, exited } = startCli(repo.dir, ["watch", "--json"], env);
    try {
      await waitFor(
        () => out.stderr,
        (t) => t.includes("watching"),
      );
      // A commit the hooks did not mark (another tool, --no-verify): the watcher marks it.
      repo.write("src/a.ts", "a2\n");
      git("add", "-A");
      git("commit", "-q", "--no-verify", "-m", "edit a on feature");
      await waitFor(
        () => out.stdout,
        (t) => t.includes(id),
      );
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    const status = git("status", "--porcelain", "--", ".decisions").stdout.trim();
    expect(status).toMatch(/^\?\? .*\.events\.ndjson$/);

    git("checkout", "-q", "main");
    repo.write("README.md", "# edited on main\n");
    git("add", "-A");
    const commit = git("commit", "-q", "-m", "everything on main");
    expect(commit.stderr).toContain("left out 1 stale mark(s) written on another branch");
    const logs = git("ls-files", "--", ".decisions").stdout.trim().split("\n");
    for (const file of logs.filter((f) => f.endsWith(".ndjson")))
      expect(git("show", `HEAD:${file}`).stdout).not.toContain('"decision_marked_stale"');
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);

    git("checkout", "-q", "feature");
    expect(repo.adrift(["stale", "--check"], { env }).code).toBe(1);
  });
});
