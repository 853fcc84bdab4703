// The package as a team installs it: packed, installed from the tarball into a new project (the
// registry is the only network), and used there through its two executables, git, the hooks and
// an agent's hook command. Runs on the node that runs the suite (.ci/run: Node 20, then Node 24).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { git, tempDir, testEnv } from "../support/repo.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));

let project: string;
let env: NodeJS.ProcessEnv;

/** Runs a command in the consumer project, as its developer would in a shell. */
function sh(command: string, input = "") {
  const result = spawnSync("/bin/sh", ["-c", command], {
    cwd: project,
    env,
    input,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function ok(command: string, input = "") {
  const result = sh(command, input);
  expect(result.code, `${command}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

beforeAll(() => {
  // this node first on the PATH: npm, npx, the bins' `#!/usr/bin/env node` and the hooks use it
  env = testEnv({ PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` });
  delete env.npm_config_prefix;
  const packed = tempDir("adrift-pack-");
  // dist/ is built (npm test builds first): --ignore-scripts, so prepack does not rebuild it
  // under the other test files that run the CLI meanwhile
  const pack = spawnSync(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", packed],
    { cwd: ROOT, env, encoding: "utf8" },
  );
  expect(pack.status, pack.stderr).toBe(0);
  const tarball = path.join(packed, JSON.parse(pack.stdout)[0].filename);
  expect(path.basename(tarball)).toBe(`git-adrift-${version}.tgz`);

  project = tempDir("adrift-consumer-");
  git(project, ["init", "-q", "-b", "main"]);
  git(project, ["config", "user.name", "Ana Souza"]);
  git(project, ["config", "user.email", "ana@example.com"]);
  git(project, ["config", "commit.gpgsign", "false"]);
  ok(`echo '{"name":"consumer","private":true,"type":"module"}' > package.json`);
  ok(`printf 'node_modules\\n' > .gitignore`);
  ok(`mkdir -p src/auth && echo 'cache first' > src/auth/login.ts`);
  const install = sh(`npm install --no-audit --no-fund --save-dev "${tarball}"`);
  expect(install.code, install.stderr).toBe(0);
  // a consumer's install runs no build of ours: no prepare, nothing for npm to approve
  expect(install.stderr).not.toMatch(/install-scripts|prepare/);
  ok("git add -A && git commit -q -m 'project with adrift'");
});

describe("git-adrift, packed and installed into a new project", () => {
  it("answers as adrift, as git-adrift, and as git adrift with node_modules/.bin on the PATH", () => {
    expect(ok("node --version").trim()).toBe(process.version); // the node under test
    expect(ok("npx adrift --version").trim()).toBe(version);
    expect(ok("npx git-adrift --version").trim()).toBe(version);
    expect(ok('PATH="$PWD/node_modules/.bin:$PATH" git adrift --version').trim()).toBe(version);
    expect(readdirSync(path.join(project, "node_modules/git-adrift"))).toEqual(
      expect.arrayContaining(["LICENSE", "README.md", "dist", "package.json", "templates"]),
    );
  });

  it("init, a record, hook install, and a commit that marks the record stale in that commit", () => {
    ok("npx adrift init");
    const recorded = JSON.parse(
      ok(
        "npx adrift decision record --outcome 'Login checks the cache first' --trivial --path src/auth/login.ts --json",
      ),
    );
    ok("git add -A && git commit -q -m 'decision: cache first'");
    ok("npx adrift hook install");
    ok("echo 'IdP first' > src/auth/login.ts");
    const commit = sh("git commit -q -am 'login: IdP first'");
    expect(commit.code, commit.stderr).toBe(0);
    expect(commit.stderr).toContain("marked 1 record(s) stale");
    // the marks are in the commit that made the record stale
    expect(ok("git show --name-only --format= HEAD")).toMatch(
      /\.decisions\/log\/.+\.events\.ndjson/,
    );
    expect(ok("git status --porcelain")).toBe("");
    const stale = JSON.parse(ok("npx adrift stale --json"));
    expect(stale.findings).toEqual([
      expect.objectContaining({ record_id: recorded.id, state: "stale" }),
    ]);
    expect(stale.unrecorded).toEqual([]);
  });

  it("agent install claude writes a command that runs: the hook answers from the installed package", () => {
    ok("npx adrift agent install claude");
    const settings = JSON.parse(readFileSync(path.join(project, ".claude/settings.json"), "utf8"));
    const edit = settings.hooks.PreToolUse[0].hooks[0].command as string;
    expect(edit).toBe("npx --no-install git-adrift agent hook pre-edit --agent claude");
    // as Claude Code runs it: through the shell, from the project, the tool call on stdin
    const answer = ok(
      edit,
      JSON.stringify({
        session_id: "s1",
        cwd: project,
        tool_name: "Edit",
        tool_input: { file_path: path.join(project, "src/auth/login.ts") },
      }),
    );
    expect(JSON.parse(answer).hookSpecificOutput.additionalContext).toContain(
      "Login checks the cache first",
    );
    const doctor = JSON.parse(ok("npx adrift doctor --json || true"));
    expect(doctor.findings.map((f: { rule: string }) => f.rule)).not.toContain("ADR-D018");
  });

  it("imports as a library under its package name", () => {
    const out = ok(
      `node --input-type=module -e 'import { openRepository } from "git-adrift"; const repo = await openRepository("."); console.log(typeof openRepository, (await repo.list()).length)'`,
    );
    expect(out.trim()).toBe("function 1");
  });
});
