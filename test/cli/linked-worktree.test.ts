// In a linked worktree (`git worktree add`), HEAD and the index are that worktree's own. The
// embedded adapter read the main worktree's: `stale` said "0 stale" where the git CLI said stale,
// and a record made there took the main worktree's HEAD as its basis.
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { git as gitIn, makeRepo, runCli, tempDir, testEnv } from "../support/repo.js";

type Finding = { record_id: string; state: string };

describe.each(["cli", "embedded"])("a linked worktree (%s adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("reads its own HEAD: stale there, and records based on its commit", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    repo.adrift(["decision", "record", "--outcome", "o", "--path", "src/a.ts"], { env });
    repo.commit("record");
    const linked = `${tempDir()}/side`;
    repo.git("worktree", "add", "-q", "-b", "side", linked);
    const git = (...args: string[]) => gitIn(linked, args);
    writeFileSync(`${linked}/src/a.ts`, "a\nb\n");
    git("commit", "-q", "-am", "edit on side");
    const head = git("rev-parse", "HEAD").trim();
    const stale = runCli(linked, ["stale", "--json"], { env });
    const findings = (JSON.parse(stale.stdout) as { findings: Finding[] }).findings;
    expect(findings.map((f) => f.state)).toContain("stale");
    const made = JSON.parse(
      runCli(linked, ["decision", "record", "--outcome", "p", "--path", "src/a.ts", "--json"], {
        env,
      }).stdout,
    ) as { event: { data: { basis: { revision: string } } } };
    expect(made.event.data.basis.revision).toBe(head);
    // The main worktree still reads its own HEAD.
    const main = repo.adriftJson<{ findings: Finding[] }>(["stale"], { env }).findings;
    expect(main.map((f) => f.state)).toEqual(["fresh"]);
  });
});
