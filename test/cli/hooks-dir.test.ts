// core.hooksPath naming a folder of the work tree (`.githooks`, committed or not): its files are
// the team's, so adrift adds its lines to them and writes `adrift.sh` beside them — no path of
// this machine in any of them — and uninstall leaves the folder as it was.
import { spawnSync } from "node:child_process";
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

type Installed = { dir: string; warnings: string[]; manager?: string };

const folder = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), "utf8")]),
  );

describe.each([
  ["the git CLI", testEnv()],
  ["isomorphic-git", testEnv({ ADRIFT_GIT: "embedded" })],
])("hook install into a hooks directory in the work tree (%s)", (_, env) => {
  it("adds its lines to the tracked hooks, writes no path of this machine, and uninstall restores them", () => {
    const repo = makeRepo();
    repo.commit("team hooks", { ".githooks/pre-commit": "#!/bin/sh\necho team\n" });
    repo.git("config", "core.hooksPath", ".githooks");
    const dir = path.join(repo.dir, ".githooks");
    const before = folder(dir);
    const result = repo.adrift(["hook", "install", "--json"], { env });
    expect(result.code, result.stderr).toBe(0);
    const installed = JSON.parse(result.stdout) as Installed;
    expect(installed).toMatchObject({ manager: "core.hooksPath", warnings: [] });
    const after = folder(dir);
    expect(Object.keys(after)).toContain("adrift.sh");
    expect(after["pre-commit"]).toContain('sh "${0%/*}/adrift.sh" pre-commit "$@" || true');
    for (const text of Object.values(after)) {
      expect(text).not.toContain(repo.dir);
      expect(text).not.toContain(tmpdir());
      expect(text).not.toContain(process.execPath);
    }
    expect(repo.adrift(["hook", "uninstall"], { env }).code).toBe(0);
    expect(folder(dir)).toEqual(before);
  });

  it("a hook it creates reads adrift.sh in a subshell (one shell less): lines added after it still run, and a missing adrift.sh fails no commit", () => {
    const repo = makeRepo();
    repo.commit("team hooks", { ".githooks/pre-commit": "#!/bin/sh\necho team\n" });
    repo.git("config", "core.hooksPath", ".githooks");
    const dir = path.join(repo.dir, ".githooks");
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    const created = readFileSync(path.join(dir, "commit-msg"), "utf8");
    expect(created).toContain('(set +eu; set -- commit-msg "$@"; . "${0%/*}/adrift.sh") || true');
    // the team's own hook keeps adrift in a shell of its own
    expect(readFileSync(path.join(dir, "pre-commit"), "utf8")).toContain(
      'sh "${0%/*}/adrift.sh" pre-commit "$@" || true',
    );
    // an earlier adrift's line in a file it created: doctor says outdated, install updates it
    const older = created.replace(
      '(set +eu; set -- commit-msg "$@"; . "${0%/*}/adrift.sh") || true',
      'sh "${0%/*}/adrift.sh" commit-msg "$@" || true',
    );
    writeFileSync(path.join(dir, "commit-msg"), older);
    expect(repo.adrift(["init"], { env }).code).toBe(0);
    const doctor = JSON.parse(repo.adrift(["doctor", "--json"], { env }).stdout) as {
      findings: { rule: string; message: string }[];
    };
    const outdated = doctor.findings.find((f) => f.rule === "ADR-D016");
    expect(outdated?.message).toContain("commit-msg");
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    expect(readFileSync(path.join(dir, "commit-msg"), "utf8")).toBe(created);
    const commit = (message: string) =>
      spawnSync("git", ["commit", "-q", "--allow-empty", "-m", message], {
        cwd: repo.dir,
        env,
        encoding: "utf8",
      });
    appendFileSync(path.join(dir, "commit-msg"), "echo team-after-adrift >&2\n");
    const after = commit("lines after the block");
    expect(after.status, after.stderr).toBe(0);
    expect(after.stderr).toContain("team-after-adrift");
    rmSync(path.join(dir, "adrift.sh"));
    const missing = commit("no adrift.sh");
    expect(missing.status, missing.stderr).toBe(0);
  });

  it("does the same for an untracked folder, and says nothing for the default .git/hooks", () => {
    const repo = makeRepo();
    repo.git("config", "core.hooksPath", "hooks");
    const shared = JSON.parse(repo.adrift(["hook", "install", "--json"], { env }).stdout);
    expect(shared.manager).toBe("core.hooksPath");
    expect(repo.adrift(["hook", "uninstall"], { env }).code).toBe(0);
    expect(readdirSync(path.join(repo.dir, "hooks"))).toEqual([]);
    const plain = makeRepo();
    const human = plain.adrift(["hook", "install"], { env });
    expect(human.stderr).toBe("");
  });
});
