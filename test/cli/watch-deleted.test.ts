// A watcher whose repository is deleted under it stops with a clear error: it neither exits 13
// (an unsettled top-level await after "git is not installed") nor recreates `.git/adrift/` in
// the removed folder.
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { repoWithDecision, startCli, testEnv, waitFor } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "adrift watch when the repository is deleted (%s adapter)",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it.each([
      ["while idle", false],
      ["right after a commit it is reading", true],
    ])("stops %s, says why, and leaves nothing behind", async (_, busy) => {
      const { repo } = repoWithDecision({ "src/a.ts": "a\n" });
      // Started from outside: the watcher's own working directory is not the one deleted.
      const { child, out, exited } = startCli(tmpdir(), ["watch", "-C", repo.dir], env);
      try {
        await waitFor(
          () => out.stderr,
          (t) => t.includes("watching"),
        );
        if (busy) repo.commit("edit a", { "src/a.ts": "a2\n" });
        rmSync(repo.dir, { recursive: true, force: true });
        const code = await exited;
        expect(code).not.toBe(13);
        expect(code).not.toBe(0);
        expect(out.stderr).toContain("[not_a_git_repo]");
        expect(out.stderr).not.toContain("git is not installed");
        expect(existsSync(repo.dir)).toBe(false);
      } finally {
        child.kill("SIGINT");
      }
    });
  },
);
