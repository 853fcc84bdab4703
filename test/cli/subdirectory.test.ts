// A command run from a subdirectory of the work tree reads the same repository as from its root:
// the git CLI prints the common git directory relative to where it ran (`../.git`), and reading
// it against the root once made HEAD unreadable there (stale said 0 stale, site build refused).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, runCli, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])("commands from a subdirectory (%s git adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("stale, list --status stale and site build see what they see from the root", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "export const login = 1;\n" });
    const sub = path.join(repo.dir, "src/auth");
    const recorded = runCli(
      sub,
      [
        "decision",
        "record",
        "--outcome",
        "Login caches",
        "--trivial",
        "--path",
        "src/auth/login.ts",
      ],
      { env },
    );
    expect(recorded.code).toBe(0);
    repo.commit("decision");
    repo.commit("change", { "src/auth/login.ts": "export const login = 2;\n" });
    const fromRoot = JSON.parse(runCli(repo.dir, ["stale", "--json"], { env }).stdout);
    const fromSub = JSON.parse(runCli(sub, ["stale", "--json"], { env }).stdout);
    expect(fromRoot.findings.map((f: { state: string }) => f.state)).toEqual(["stale"]);
    expect(fromSub.findings).toEqual(fromRoot.findings);
    expect(fromSub.head).toBe(fromRoot.head);
    const listed = runCli(sub, ["list", "--status", "stale", "--json"], { env });
    expect(JSON.parse(listed.stdout).total).toBe(1);
    const site = runCli(sub, ["site", "build", "--json"], { env });
    expect(site.stderr).toBe("");
    expect(JSON.parse(site.stdout)).toMatchObject({ records: 1, stale: 1 });
  });
});
