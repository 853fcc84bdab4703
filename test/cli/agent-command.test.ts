// The hook commands `agent install` writes run where they are installed, and doctor proves it.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentHookProgram } from "../../src/app/agents/install.js";
import { PACKAGE_RUNNER } from "../../src/core/agents/hook-config.js";
import { makeRepo, type TestRepo, tempDir, testEnv } from "../support/repo.js";

type Settings = { hooks: Record<string, { hooks: { command: string }[] }[]> };
type Report = { blind: boolean; findings: { rule: string; message: string; fix: string }[] };

const commands = (repo: TestRepo) =>
  Object.values((JSON.parse(repo.read(".claude/settings.json")) as Settings).hooks).flatMap(
    (groups) => groups.flatMap((g) => g.hooks.map((h) => h.command)),
  );

/** Runs a hook command as Claude Code does: through the shell, from the project, JSON on stdin. */
function runHook(repo: TestRepo, command: string, input: object, env = testEnv()) {
  return spawnSync("/bin/sh", ["-c", command], {
    cwd: repo.dir,
    env,
    input: JSON.stringify(input),
    encoding: "utf8",
  });
}

function doctor(repo: TestRepo) {
  const result = repo.adrift(["doctor", "--json", "--ignore", "ADR-D004"]);
  return { code: result.code, report: JSON.parse(result.stdout) as Report };
}

describe("agent install writes a command that runs", () => {
  it("from a clone of adrift: the absolute paths of this node and this CLI, and the hook answers", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "x\n" });
    repo.adriftJson(["decision", "record", "--outcome", "Cache first", "--path", "src/auth/"]);
    const change = repo.adriftJson<{ program: string }>(["agent", "install", "claude"]);
    expect(change.program).toContain(process.execPath);
    expect(change.program).toContain("dist/cli/main.js");
    const all = commands(repo);
    expect(all).toHaveLength(5);
    for (const command of all) expect(command.startsWith(change.program)).toBe(true);
    // the PATH has no adrift on it: the command does not need one
    const env = testEnv({ PATH: "/usr/bin:/bin" });
    const edit = all.find((c) => c.includes(" pre-edit "))!;
    const result = runHook(
      repo,
      edit,
      { session_id: "s1", tool_name: "Edit", tool_input: { file_path: "src/auth/login.ts" } },
      env,
    );
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput.additionalContext).toContain("Cache first");
    expect(doctor(repo).report.findings.map((f) => f.rule)).not.toContain("ADR-D018");
  });

  it("an older install's bare `adrift`, not on the PATH: doctor says the hooks fail (error, exit 1); install again fixes them in place", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.adriftJson(["agent", "install", "claude", "--command", "adrift"]);
    const { code, report } = doctor(repo);
    expect(code).toBe(1);
    expect(report.blind).toBe(true);
    const failing = report.findings.filter((f) => f.rule === "ADR-D018");
    expect(failing).toHaveLength(1); // one finding for the one program all five hooks use
    expect(failing[0]!.message).toContain("adrift agent hook");
    expect(failing[0]!.message).toContain("and 4 more hook(s)");
    expect(failing[0]!.fix).toContain("adrift agent install claude");

    const again = repo.adriftJson<{ action: string; program: string }>([
      "agent",
      "install",
      "claude",
    ]);
    expect(again.action).toBe("installed");
    const all = commands(repo);
    expect(all).toHaveLength(5); // replaced where they stood, not added beside
    for (const command of all) expect(command.startsWith(again.program)).toBe(true);
    expect(doctor(repo).report.findings.map((f) => f.rule)).not.toContain("ADR-D018");
  });

  it("doctor's probe reads and writes nothing: the agent's session memory stays empty", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.adriftJson(["agent", "install", "codex"]);
    doctor(repo);
    const sessions = spawnSync("ls", [path.join(repo.dir, ".git/adrift/agent-sessions")], {
      encoding: "utf8",
    });
    expect(sessions.stdout.trim()).toBe("");
  });

  it("a dependency of the project (under the repository's node_modules) is started by the package runner", () => {
    const root = tempDir();
    const cli = path.join(root, "node_modules/git-adrift/dist/cli/main.js");
    mkdirSync(path.dirname(cli), { recursive: true });
    writeFileSync(cli, "");
    expect(agentHookProgram(root, cli)).toBe(PACKAGE_RUNNER);
    expect(PACKAGE_RUNNER).toBe("npx --no-install git-adrift");
    // outside the project (a global install, npx's cache): absolute and quoted for the shell
    const global = path.join(tempDir(), "lib with space/node_modules/git-adrift/dist/cli/main.js");
    mkdirSync(path.dirname(global), { recursive: true });
    writeFileSync(global, "");
    expect(agentHookProgram(root, global)).toBe(`${process.execPath} '${global}'`);
  });
});
