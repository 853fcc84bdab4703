// adrift's hooks beside the real lefthook (from the npm registry, cached under the OS temp dir):
// where the team's lefthook.yml names a hook, lefthook's runner stays and runs adrift's entry
// from lefthook-local.yml; where lefthook would run adrift's entry alone, adrift's own hook is
// there instead, so a commit starts lefthook no more often than without adrift. A later
// `lefthook install` (its npm postinstall runs one) puts its runners back: adrift's entries run
// through them, nothing is lost, and the next post-commit refresh (or `adrift hook install`) puts
// adrift's hooks back.
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { npmHookManagers } from "../support/npm-hook-managers.js";
import { repoWithDecision, type TestRepo, tempDir, testEnv } from "../support/repo.js";

/**
 * A repository with a decision on src/a.ts and lefthook running a lint on pre-commit; every
 * start of lefthook's binary by its runners is logged (LEFTHOOK_BIN names a logging wrapper).
 */
function lefthookRepo(): {
  repo: TestRepo;
  id: string;
  env: NodeJS.ProcessEnv;
  starts: () => number;
} {
  const { repo, id } = repoWithDecision();
  cpSync(npmHookManagers(), path.join(repo.dir, "node_modules"), { recursive: true });
  writeFileSync(path.join(repo.dir, ".gitignore"), "node_modules\n");
  writeFileSync(
    path.join(repo.dir, "lefthook.yml"),
    "pre-commit:\n  commands:\n    lint:\n      run: test -f src/a.ts\n",
  );
  repo.commit("lefthook");
  const dir = tempDir("adrift-lefthook-log-");
  const log = path.join(dir, "runs.log");
  const wrapper = path.join(dir, "lefthook");
  const real = path.join(repo.dir, "node_modules/.bin/lefthook");
  writeFileSync(
    wrapper,
    `#!/bin/sh\n[ "$1" = run ] && echo "$2" >> '${log}'\nexec '${real}' "$@"\n`,
    { mode: 0o755 },
  );
  const env = testEnv({ LEFTHOOK_BIN: wrapper, ADRIFT_HOOK_FOREGROUND: "1" });
  lefthook(repo, env, "install");
  return {
    repo,
    id,
    env,
    starts: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").length - 1 : 0),
  };
}

function lefthook(repo: TestRepo, env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = spawnSync("node_modules/.bin/lefthook", args, {
    cwd: repo.dir,
    env,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
}

function run(repo: TestRepo, env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return result;
}

const hooks = (repo: TestRepo) => path.join(repo.dir, ".git/hooks");

/** The hooks directory's files (not git's samples): mode and text. */
function snapshot(repo: TestRepo): Record<string, string> {
  return Object.fromEntries(
    readdirSync(hooks(repo))
      .filter((f) => !f.endsWith(".sample"))
      .map((f) => {
        const file = path.join(hooks(repo), f);
        return [f, `${statSync(file).mode}:${readFileSync(file, "utf8")}`];
      }),
  );
}

const isRunner = (repo: TestRepo, name: string) =>
  readFileSync(path.join(hooks(repo), name), "utf8").includes("call_lefthook");

const marked = (repo: TestRepo, id: string) =>
  repo.git("show", "HEAD", "--", ".decisions").includes(id);

describe("adrift's hooks with lefthook", () => {
  it("lefthook runs adrift's entry where the team has a hook, adrift's own hooks run elsewhere: a commit starts lefthook as often as without adrift", () => {
    const { repo, id, env, starts } = lefthookRepo();
    const before = snapshot(repo);
    const installed = repo.adrift(["hook", "install", "--json"], { env });
    expect(installed.code, installed.stderr).toBe(0);
    expect(isRunner(repo, "pre-commit")).toBe(true);
    for (const name of ["prepare-commit-msg", "commit-msg", "post-commit", "post-checkout"]) {
      expect(isRunner(repo, name), name).toBe(false);
      expect(readFileSync(path.join(hooks(repo), name), "utf8")).toContain("# >>> adrift >>>");
    }
    const doctor = JSON.parse(repo.adrift(["doctor", "--json"], { env }).stdout) as {
      findings: { name: string }[];
    };
    expect(doctor.findings.map((f) => f.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^hook/)]),
    );

    // quiet commits: lefthook starts once each (its pre-commit), as it did before adrift
    repo.write("src/b.ts", "b1\n");
    run(repo, env, "commit", "-q", "-am", "warm up");
    const warm = starts();
    repo.write("src/b.ts", "b2\n");
    run(repo, env, "commit", "-q", "-am", "quiet");
    expect(starts() - warm).toBe(1);

    // the marking commit: lefthook's pre-commit runs adrift's entry, which marks
    repo.write("src/a.ts", "a2\n");
    run(repo, env, "commit", "-q", "-am", "marking");
    expect(marked(repo, id)).toBe(true);

    // a workline's trailer comes from adrift's own prepare-commit-msg and commit-msg
    const workline = repo.adriftJson<{ id: string }>(["workline", "open", "tidy"], { env });
    repo.write("src/b.ts", "b3\n");
    run(repo, env, "commit", "-q", "-am", "in the workline");
    expect(repo.git("log", "-1", "--format=%B")).toContain(`Adrift-Workline: ${workline.id}`);
    expect(repo.adrift(["workline", "close", workline.id], { env }).code).toBe(0);

    expect(repo.adrift(["hook", "uninstall"], { env }).code).toBe(0);
    expect(snapshot(repo)).toEqual(before);
    expect(existsSync(path.join(repo.dir, "lefthook-local.yml"))).toBe(false);
  });

  it("a later `lefthook install` puts its runners back and they run adrift's entries; `adrift hook install` puts adrift's hooks back", () => {
    const { repo, id, env } = lefthookRepo();
    const before = snapshot(repo);
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    // the team adds a commit-msg check; lefthook install (npm's postinstall runs it) syncs
    appendFileSync(
      path.join(repo.dir, "lefthook.yml"),
      "commit-msg:\n  commands:\n    msg:\n      run: grep -q . {1}\n",
    );
    lefthook(repo, env, "install");
    expect(isRunner(repo, "commit-msg")).toBe(true);
    expect(isRunner(repo, "post-commit")).toBe(true);
    const doctor = JSON.parse(repo.adrift(["doctor", "--json"], { env }).stdout) as {
      findings: { name: string }[];
    };
    expect(doctor.findings.map((f) => f.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^hook/)]),
    );
    // adrift's entries run through lefthook's runners: the trailer, the mark
    const workline = repo.adriftJson<{ id: string }>(["workline", "open", "tidy"], { env });
    repo.write("src/a.ts", "a2\n");
    run(repo, env, "commit", "-q", "-am", "marking");
    expect(marked(repo, id)).toBe(true);
    expect(repo.git("log", "-1", "--format=%B")).toContain(`Adrift-Workline: ${workline.id}`);
    expect(repo.adrift(["workline", "close", workline.id], { env }).code).toBe(0);
    // that commit's post-commit refresh (here in the foreground) put adrift's own hooks back
    // where lefthook runs adrift's entry alone; the team's commit-msg stays lefthook's
    expect(isRunner(repo, "post-commit")).toBe(false);
    expect(isRunner(repo, "prepare-commit-msg")).toBe(false);
    expect(isRunner(repo, "commit-msg")).toBe(true);
    expect(readdirSync(hooks(repo)).filter((f) => f.endsWith(".old"))).toEqual([]);

    // adrift hook install again: the same
    lefthook(repo, env, "install");
    expect(isRunner(repo, "post-commit")).toBe(true);
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    expect(isRunner(repo, "commit-msg")).toBe(true);
    expect(isRunner(repo, "post-commit")).toBe(false);
    expect(readdirSync(hooks(repo)).filter((f) => f.endsWith(".old"))).toEqual([]);

    // uninstall: lefthook's runners for the team's hooks (commit-msg is new), nothing of adrift's
    expect(repo.adrift(["hook", "uninstall"], { env }).code).toBe(0);
    const after = snapshot(repo);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), "commit-msg"].sort());
    expect(after["pre-commit"]).toBe(before["pre-commit"]);
  });
});
