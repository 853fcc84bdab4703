// The install the README gives for today, before the package is on the registry: pack the
// clone, install the tarball globally, and use `adrift`, `git adrift` and `git adrift --help`
// (git turns `--help` into `man git-adrift`: the package ships the page and npm links it beside
// the bin directory, where man looks for pages of the commands on the PATH).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { git, tempDir, testEnv } from "../support/repo.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));

let prefix: string;
let repo: string;
let env: NodeJS.ProcessEnv;

function sh(command: string, cwd = repo) {
  const result = spawnSync("/bin/sh", ["-c", command], { cwd, env, encoding: "utf8" });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function ok(command: string, cwd = repo) {
  const result = sh(command, cwd);
  expect(result.code, `${command}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

beforeAll(() => {
  prefix = tempDir("adrift-global-");
  // npm's global prefix and man's search path come from the PATH, as on a user's machine.
  env = testEnv({
    PATH: `${prefix}/bin:${path.dirname(process.execPath)}:${process.env.PATH}`,
    npm_config_prefix: prefix,
    MANPAGER: "cat",
    PAGER: "cat",
    // man-db runs its filters under a seccomp sandbox that refuses what an LD_PRELOAD shim (such
    // as libfaketime, for a run under a shifted clock) calls: the page is the same without it
    MAN_DISABLE_SECCOMP: "1",
  });
  delete env.MANPATH;
  const packed = tempDir("adrift-pack-");
  // dist/ is built (the tests run after `npm run build`): --ignore-scripts, so prepack does not
  // rebuild it under other test files; the README's `npm pack` builds first.
  ok(`npm pack --ignore-scripts --pack-destination "${packed}" >/dev/null`, ROOT);
  ok(`npm i -g --no-audit --no-fund ./git-adrift-${version}.tgz`, packed);
  repo = tempDir("adrift-global-repo-");
  git(repo, ["init", "-q", "-b", "main"]);
}, 300_000);

describe("git-adrift installed globally from a packed tarball", () => {
  it("is what the README's install section says to run", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("## What the demo"));
    expect(install).toContain("npm ci && npm pack");
    expect(install).toContain(`npm i -g ./git-adrift-${version}.tgz`);
    expect(install).not.toMatch(/^npm i -g git-adrift/m);
  });

  it("answers as adrift and as git adrift", () => {
    expect(ok("adrift --version").trim()).toBe(version);
    expect(ok("git adrift --version").trim()).toBe(version);
  });

  it("git adrift --help shows the manual page, made from the commands' own help", () => {
    expect(existsSync(path.join(prefix, "share/man/man1/git-adrift.1"))).toBe(true);
    const page = ok("git adrift --help");
    expect(page).toMatch(/GIT-ADRIFT\(1\)/);
    expect(page).toContain("adrift stale");
    expect(page).toContain("Usage: adrift stale");
    expect(ok("man adrift")).toMatch(/GIT-ADRIFT\(1\)/);
  });
});
