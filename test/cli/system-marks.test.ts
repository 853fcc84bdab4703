import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { repoWithDecision, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])("who wrote a mark (%s git adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("a mark the pre-commit hook writes is adrift's (system); one `stale --record` writes is the person's", () => {
    const { repo, id } = repoWithDecision();
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    repo.write("src/a.ts", "a2\n");
    const commit = spawnSync("git", ["commit", "-q", "-am", "edit a"], {
      cwd: repo.dir,
      env,
      encoding: "utf8",
    });
    expect(commit.status, commit.stderr).toBe(0);
    const marks = logEvents(repo.dir).filter((e) => e.type === "decision_marked_stale");
    expect(marks).toHaveLength(1);
    expect(marks[0]!.actor).toMatchObject({
      kind: "system",
      name: "adrift-hook",
      email: "ana@example.com",
    });
    expect(marks[0]!.data).toMatchObject({ decision_id: id });

    // The person re-verifies, a later change is marked by their own command: theirs.
    repo.adriftJson(["decision", "reverify", id], { env });
    repo.adrift(["hook", "uninstall"], { env });
    repo.commit("edit again", { "src/a.ts": "a3\n" });
    repo.adriftJson(["stale", "--record"], { env });
    const later = logEvents(repo.dir).filter((e) => e.type === "decision_marked_stale");
    expect(later).toHaveLength(2);
    expect(later[1]!.actor).toMatchObject({ kind: "human", name: "Ana Souza" });
  });
});
