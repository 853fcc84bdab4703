// `adrift completion bash|zsh|fish`: scripts each shell reads, that complete what the program has.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import { CLI, makeRepo, runCli, type TestRepo, tempDir, testEnv } from "../support/repo.js";

const has = (shell: string) => spawnSync(shell, ["-c", "true"]).status === 0;
const GIT_COMPLETION = "/usr/share/bash-completion/completions/git";

let bin: string;
let scripts: Record<string, string>;
let repo: TestRepo;

beforeAll(() => {
  // the scripts call `adrift completion ids` back: an `adrift` on the PATH, as after an install
  bin = tempDir("adrift-bin-");
  for (const name of ["adrift", "git-adrift"]) {
    const file = path.join(bin, name);
    writeFileSync(file, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(file, 0o755);
  }
  scripts = {};
  for (const shell of ["bash", "zsh", "fish"]) {
    const result = runCli(tempDir(), ["completion", shell]);
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = path.join(tempDir(), `adrift.${shell}`);
    writeFileSync(scripts[shell]!, result.stdout);
  }
  repo = makeRepo();
  repo.adrift(["init"]);
  repo.adriftJson(["rule", "add", "Refunds", "--text", "in 30 days", "--key", "RN-1"]);
  repo.adriftJson(["epic", "add", "Payments", "--key", "EP-1"]);
  repo.adriftJson(["story", "add", "Refund flow", "--epic", "EP-1", "--key", "ST-1"]);
  repo.adriftJson(["decision", "record", "--outcome", "Cache first"]);
});

const env = () => testEnv({ PATH: `${bin}:${process.env.PATH}` });

/** What bash offers for the words (the last one is being typed). */
function bash(words: string[], setup = ""): string[] {
  const script = `${setup}\nsource "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _adrift; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync("bash", ["-c", script, "_", scripts.bash!, ...words], {
    cwd: repo.dir,
    env: env(),
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split("\n").filter(Boolean);
}

describe("adrift completion", () => {
  it("adrift completion bash | bash -n: the script parses", () => {
    const result = spawnSync("sh", [
      "-c",
      `"${process.execPath}" "${CLI}" completion bash | bash -n`,
    ]);
    expect(result.status, String(result.stderr)).toBe(0);
  });

  it.skipIf(!has("zsh"))("zsh -n and fish -n parse theirs", () => {
    expect(spawnSync("zsh", ["-n", scripts.zsh!]).status).toBe(0);
    if (has("fish")) expect(spawnSync("fish", ["-n", scripts.fish!]).status).toBe(0);
  });

  it("bash completes every command, subcommands, options, values and record ids", async () => {
    const program = await createProgram();
    expect(bash(["adrift", ""]).sort()).toEqual(program.commands.map((c) => c.name()).sort());
    expect(bash(["adrift", "adr", "d"])).toEqual(["draft"]);
    expect(bash(["adrift", "stale", "--st"])).toEqual(["--staged"]);
    expect(bash(["adrift", "list", "--status", ""])).toEqual([
      "active",
      "stale",
      "superseded",
      "incomplete",
      "proposed",
    ]);
    expect(bash(["adrift", "agent", "install", "c"])).toEqual(["claude", "codex", "cursor"]);
    expect(bash(["adrift", "story", "show", ""])).toEqual([
      "ST-1",
      expect.stringMatching(/^[0-9A-Z]{26}$/),
    ]);
    // record ids only where a record is taken; from the -C directory when one is given
    const records = bash(["adrift", "-C", repo.dir, "decision", "reverify", ""]);
    expect(records).toHaveLength(1);
    expect(bash(["adrift", "--json", "st"])).toEqual(["stale", "story"]);
    expect(bash(["adrift", "validate", "--against", ""])).toContain("main");
  });

  it.skipIf(!existsSync(GIT_COMPLETION))(
    "git adrift completes through git's own bash completion",
    () => {
      const script = `source ${GIT_COMPLETION}\nsource "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=\${#COMP_LINE}; __git_wrap__git_main; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const result = spawnSync(
        "bash",
        ["-c", script, "_", scripts.bash!, "git", "adrift", "story", "show", ""],
        { cwd: repo.dir, env: env(), encoding: "utf8" },
      );
      expect(result.stdout.split("\n")).toContain("ST-1");
    },
  );

  it.skipIf(!has("zsh"))("zsh offers the same words", () => {
    const zsh = (words: string[]) => {
      const script = `compdef() { :; }; source "$1"; shift; compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }; _files() { :; }; words=("$@"); CURRENT=$#; PREFIX=\${words[-1]}; _adrift`;
      const result = spawnSync("zsh", ["-c", script, "_", scripts.zsh!, ...words], {
        cwd: repo.dir,
        env: env(),
        encoding: "utf8",
      });
      return result.stdout.split("\n").filter(Boolean);
    };
    // zsh filters by what is typed itself: compadd gets every candidate
    expect(zsh(["adrift", "adr", "d"])).toContain("draft");
    expect(zsh(["adrift", "story", "show", ""])).toContain("ST-1");
    expect(zsh(["adrift", "validate", "--against", ""])).toContain("main");
  });

  it.skipIf(!has("fish"))("fish offers the same words", () => {
    const fish = (line: string) => {
      const result = spawnSync("fish", ["-c", `source ${scripts.fish}; complete -C '${line}'`], {
        cwd: repo.dir,
        env: env(),
        encoding: "utf8",
      });
      return result.stdout.split("\n").filter(Boolean);
    };
    expect(fish("adrift adr d")).toEqual(["draft"]);
    expect(fish("adrift -C . story show ")).toContain("ST-1");
    expect(fish("adrift list --status s")).toEqual(["stale", "superseded"]);
  });

  it("ids lists keys and ids by kind, newest first; an unknown shell is a usage error", () => {
    const ids = runCli(repo.dir, ["completion", "ids", "--kind", "rule"]).stdout.trim().split("\n");
    expect(ids[0]).toBe("RN-1");
    expect(ids).toHaveLength(2);
    const bad = runCli(tempDir(), ["completion", "powershell", "--json"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.code).toBe("usage");
  });
});
