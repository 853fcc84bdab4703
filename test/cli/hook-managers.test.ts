// adrift's hooks with the hook managers teams use, each the real one from its registry (lefthook
// and husky 9 from npm, the pre-commit framework from PyPI; cached under the OS temp dir) and a
// tracked core.hooksPath folder: install, doctor healthy, a commit that touches no decision
// starts no node (the plain-shell gate runs first), a commit that makes a record stale carries
// its mark, no path of this machine in any tracked file, and uninstall leaves the manager's
// files as they were.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { npmHookManagers } from "../support/npm-hook-managers.js";
import { CLI, repoWithDecision, type TestRepo, tempDir, testEnv } from "../support/repo.js";

/** The pre-commit framework from PyPI in a virtual environment; undefined when PyPI is out of reach. */
function preCommitFramework(): string | undefined {
  const venv = path.join(tmpdir(), "adrift-test-pre-commit-venv");
  const bin = path.join(venv, "bin", "pre-commit");
  if (!existsSync(bin)) {
    const python = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
    if (python.status !== 0) return undefined;
    const pip = spawnSync(path.join(venv, "bin", "pip"), ["install", "-q", "pre-commit"], {
      encoding: "utf8",
    });
    if (pip.status !== 0) return undefined;
  }
  return bin;
}

/** Every node started under a git command, logged through NODE_OPTIONS. */
function nodeLog(): { env: NodeJS.ProcessEnv; starts: () => number } {
  const dir = tempDir("adrift-node-log-");
  const log = path.join(dir, "starts.log");
  const preload = path.join(dir, "log.cjs");
  writeFileSync(preload, `require("node:fs").appendFileSync(${JSON.stringify(log)}, "x\\n");\n`);
  return {
    env: testEnv({ NODE_OPTIONS: `--require=${preload}`, ADRIFT_HOOK_FOREGROUND: "1" }),
    starts: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").length - 1 : 0),
  };
}

/** Digests of every file below `dir` (skipping node_modules and .git/objects, logs, adrift). */
function snapshot(dir: string, skip: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      const relative = path.relative(dir, full);
      if (skip.some((s) => relative === s || relative.startsWith(`${s}/`))) continue;
      if (statSync(full).isDirectory()) walk(full);
      else
        out[relative] = createHash("sha1")
          .update(readFileSync(full))
          .update(String(statSync(full).mode))
          .digest("hex");
    }
  };
  walk(dir);
  return out;
}

const SKIP = [
  "node_modules",
  ".git/objects",
  ".git/logs",
  ".git/adrift",
  ".git/index",
  ".git/refs",
  ".git/COMMIT_EDITMSG",
  ".git/ORIG_HEAD",
  ".git/info/lefthook.checksum",
  ".decisions",
  "src",
];

type Manager = {
  name: string;
  /** sets the manager up in the repository and commits its files */
  setUp(repo: TestRepo): void;
};

function commit(repo: TestRepo, env: NodeJS.ProcessEnv, message: string) {
  const result = spawnSync("git", ["commit", "-q", "-am", message], {
    cwd: repo.dir,
    env,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return result;
}

function linkTools(repo: TestRepo): void {
  cpSync(npmHookManagers(), path.join(repo.dir, "node_modules"), { recursive: true });
  writeFileSync(path.join(repo.dir, ".gitignore"), "node_modules\n");
}

const preCommit = preCommitFramework();

const MANAGERS: Manager[] = [
  {
    name: "lefthook",
    setUp(repo) {
      linkTools(repo);
      writeFileSync(
        path.join(repo.dir, "lefthook.yml"),
        "pre-commit:\n  commands:\n    lint:\n      run: test -f src/a.ts\n",
      );
      repo.commit("lefthook");
      const install = spawnSync("node_modules/.bin/lefthook", ["install"], {
        cwd: repo.dir,
        env: testEnv(),
        encoding: "utf8",
      });
      expect(install.status, install.stderr).toBe(0);
    },
  },
  {
    name: "husky 9",
    setUp(repo) {
      linkTools(repo);
      const init = spawnSync(process.execPath, ["node_modules/husky/bin.js"], {
        cwd: repo.dir,
        env: testEnv(),
        encoding: "utf8",
      });
      expect(init.status, init.stderr).toBe(0);
      writeFileSync(path.join(repo.dir, ".husky/pre-commit"), "test -f src/a.ts\n");
      repo.commit("husky");
    },
  },
  {
    name: "a tracked core.hooksPath",
    setUp(repo) {
      mkdirSync(path.join(repo.dir, ".githooks"));
      writeFileSync(path.join(repo.dir, ".githooks/pre-commit"), "#!/bin/sh\ntest -f src/a.ts\n", {
        mode: 0o755,
      });
      repo.commit("team hooks");
      repo.git("config", "core.hooksPath", ".githooks");
    },
  },
  ...(preCommit
    ? [
        {
          name: "the pre-commit framework (installed before and again after adrift)",
          setUp(repo: TestRepo) {
            writeFileSync(
              path.join(repo.dir, ".pre-commit-config.yaml"),
              "repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: test -f src/a.ts\n    language: system\n    pass_filenames: false\n",
            );
            repo.commit("pre-commit config");
            const install = spawnSync(preCommit!, ["install"], {
              cwd: repo.dir,
              env: testEnv(),
              encoding: "utf8",
            });
            expect(install.status, install.stderr).toBe(0);
          },
        },
      ]
    : []),
];

describe.each(MANAGERS)("adrift's hooks with $name", (manager) => {
  it("install, doctor healthy, a quiet commit starts no node, a marking commit and a merge carry their marks, uninstall restores", () => {
    const { repo, id } = repoWithDecision({ "src/a.ts": "a\n", "src/b.ts": "b\n" });
    manager.setUp(repo);
    const before = snapshot(repo.dir, SKIP);
    const installed = repo.adrift(["hook", "install"]);
    expect(installed.code, installed.stderr).toBe(0);
    const framework = manager.name.startsWith("the pre-commit framework");
    if (framework) {
      const install = spawnSync(preCommit!, ["install"], {
        cwd: repo.dir,
        env: testEnv(),
        encoding: "utf8",
      });
      expect(install.status, install.stderr).toBe(0);
      expect(existsSync(path.join(repo.dir, ".git/hooks/pre-commit.legacy"))).toBe(true);
    }
    const doctor = repo.adrift(["doctor", "--json"]);
    const report = JSON.parse(doctor.stdout) as { findings: { name: string }[] };
    expect(report.findings.map((f) => f.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^hook/)]),
    );
    // the first commit after install may refresh what the gate reads; the next is the quiet one
    const { env, starts } = nodeLog();
    repo.write("src/b.ts", "b1\n");
    commit(repo, env, "warm up");
    const warm = starts();
    repo.write("src/b.ts", "b2\n");
    commit(repo, env, "quiet");
    expect(starts() - warm).toBe(0);
    repo.write("src/a.ts", "a2\n");
    commit(repo, env, "marking");
    expect(starts()).toBeGreaterThan(warm); // the log sees node when adrift has work
    expect(repo.git("show", "--name-only", "--format=", "HEAD")).toMatch(
      /\.decisions\/log\/.+\.events\.ndjson/,
    );
    expect(repo.git("show", "HEAD", "--", ".decisions")).toContain(id);
    // A merge carries the marks it makes: a branch made without the hooks edits src/b.ts, on
    // which main then records a decision; the merge commit holds the mark.
    const git = (...args: string[]) => {
      const result = spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
      expect(result.status, result.stderr).toBe(0);
      return result;
    };
    git("checkout", "-q", "-b", "side");
    repo.write("src/b.ts", "b on side\n");
    git("commit", "-q", "--no-verify", "-am", "side edits b");
    git("checkout", "-q", "-");
    const b = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "b",
      "--path",
      "src/b.ts",
    ]);
    git("add", "-A");
    git("commit", "-q", "-m", "record b");
    const merged = git("merge", "--no-edit", "side");
    expect(merged.stderr).toContain("marked 1 record(s) stale");
    expect(repo.git("rev-parse", "HEAD^2").trim()).toBe(repo.git("rev-parse", "side").trim());
    expect(repo.git("show", "HEAD", "--", ".decisions")).toContain(b.id);
    expect(repo.git("status", "--porcelain")).toBe("");
    // no path of this machine in anything git tracks
    for (const file of repo.git("ls-files").trim().split("\n")) {
      const text = readFileSync(path.join(repo.dir, file), "utf8");
      expect(text, file).not.toContain(repo.dir);
      expect(text, file).not.toContain(path.dirname(CLI));
      expect(text, file).not.toContain(process.execPath);
    }
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(0);
    if (framework) {
      // what `pre-commit install` wrote stays; adrift's part (the .legacy hook) is gone
      expect(existsSync(path.join(repo.dir, ".git/hooks/pre-commit.legacy"))).toBe(false);
      repo.write("src/b.ts", "b3\n");
      const quiet = commit(repo, env, "after uninstall");
      expect(quiet.stdout + quiet.stderr).not.toContain("migration mode");
    } else {
      const after = snapshot(repo.dir, SKIP);
      // The team's hook files committed with adrift's lines in them come back as committed
      // before adrift: compare the working tree's hook files, not the commits.
      expect(after).toEqual(before);
    }
  });
});
