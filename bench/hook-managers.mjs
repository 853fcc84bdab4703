// What adrift's hooks add to a commit that touches no decision (a quiet commit) under each hook
// manager a team uses: lefthook and husky 9 (from npm), the pre-commit framework (from PyPI, when
// python3 can make a virtual environment) and a tracked core.hooksPath folder (`.githooks`). For
// each manager two repositories alike in everything but adrift's hooks (one decision, the manager
// running one trivial team hook); their quiet commits are timed in pairs, the order alternating,
// and the ratio is the median of the pairs' ratios (wall time of `git commit`; the CPU of git and
// every process it waited for, read with wait4, beside it). Counts the processes one quiet commit
// starts under each (strace, when installed): the cost is in those processes, no node starts.
// Run: node bench/hook-managers.mjs [--rounds 21] [--only lefthook,husky,hooksPath,pre-commit]
//   [--cli <another build's dist/cli/main.js>] (the build whose hooks are installed; default this one)
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gitEnv, CLI as THIS_CLI } from "./synthetic.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const ROUNDS = Number(option("--rounds", "21"));
const CLI = path.resolve(option("--cli", THIS_CLI));
const ONLY = option("--only", "lefthook,husky,hooksPath,pre-commit").split(",");
const env = { ...gitEnv(), NODE_EXTRA_CA_CERTS: "", NO_COLOR: "1" };
for (const name of Object.keys(env)) if (name.startsWith("ADRIFT_")) delete env[name];
const work = mkdtempSync(path.join(tmpdir(), "adrift-bench-managers-"));

/** lefthook and husky from npm, cached where test/cli/hook-managers.test.ts caches them. */
function npmTools() {
  const cache = path.join(tmpdir(), "adrift-test-hook-managers");
  if (!existsSync(path.join(cache, "node_modules", "lefthook", "package.json")))
    // lefthook's postinstall runs `lefthook install` wherever npm was started: not here
    execFileSync(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--no-save",
        "--ignore-scripts",
        "--prefix",
        cache,
        "lefthook@2",
        "husky@9",
      ],
      { cwd: tmpdir(), env: { ...env, npm_config_loglevel: "error", LEFTHOOK: "0" } },
    );
  return path.join(cache, "node_modules");
}

/** The pre-commit framework in a virtual environment; undefined when PyPI is out of reach. */
function preCommitFramework() {
  const venv = path.join(tmpdir(), "adrift-test-pre-commit-venv");
  const bin = path.join(venv, "bin", "pre-commit");
  if (existsSync(bin)) return bin;
  if (spawnSync("python3", ["-m", "venv", venv]).status !== 0) return undefined;
  if (spawnSync(path.join(venv, "bin", "pip"), ["install", "-q", "pre-commit"]).status !== 0)
    return undefined;
  return bin;
}

function repo(name) {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, "src"), { recursive: true });
  const git = (...a) => execFileSync("git", ["-C", dir, ...a], { env, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("config", "user.name", "Ana");
  git("config", "user.email", "ana@example.com");
  git("config", "commit.gpgsign", "false");
  git("config", "gc.auto", "0");
  writeFileSync(path.join(dir, "src/a.ts"), "a\n");
  writeFileSync(path.join(dir, "src/b.ts"), "b\n");
  git("add", "-A");
  git("commit", "-qm", "code");
  execFileSync(
    process.execPath,
    [CLI, "decision", "record", "--outcome", "o", "--path", "src/a.ts"],
    {
      cwd: dir,
      env,
      stdio: "ignore",
    },
  );
  git("add", "-A");
  git("commit", "-qm", "record");
  return { dir, git };
}

const run = (r, cmd, argv) => {
  const result = spawnSync(cmd, argv, { cwd: r.dir, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cmd} ${argv.join(" ")}: ${result.stderr}`);
};

const MANAGERS = {
  lefthook(r) {
    cpSync(npmTools(), path.join(r.dir, "node_modules"), { recursive: true });
    writeFileSync(path.join(r.dir, ".gitignore"), "node_modules\n");
    writeFileSync(
      path.join(r.dir, "lefthook.yml"),
      "pre-commit:\n  commands:\n    lint:\n      run: test -f src/a.ts\n",
    );
    r.git("add", "-A");
    r.git("commit", "-qm", "lefthook");
    run(r, "node_modules/.bin/lefthook", ["install"]);
  },
  husky(r) {
    cpSync(npmTools(), path.join(r.dir, "node_modules"), { recursive: true });
    writeFileSync(path.join(r.dir, ".gitignore"), "node_modules\n");
    run(r, process.execPath, ["node_modules/husky/bin.js"]);
    writeFileSync(path.join(r.dir, ".husky/pre-commit"), "test -f src/a.ts\n");
    r.git("add", "-A");
    r.git("commit", "-qm", "husky");
  },
  hooksPath(r) {
    mkdirSync(path.join(r.dir, ".githooks"));
    writeFileSync(path.join(r.dir, ".githooks/pre-commit"), "#!/bin/sh\ntest -f src/a.ts\n", {
      mode: 0o755,
    });
    r.git("add", "-A");
    r.git("commit", "-qm", "team hooks");
    r.git("config", "core.hooksPath", ".githooks");
  },
  "pre-commit"(r) {
    const bin = preCommitFramework();
    if (!bin) throw new Error("skip: the pre-commit framework could not be installed");
    writeFileSync(
      path.join(r.dir, ".pre-commit-config.yaml"),
      "repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: test -f src/a.ts\n    language: system\n    pass_filenames: false\n",
    );
    r.git("add", "-A");
    r.git("commit", "-qm", "pre-commit config");
    run(r, bin, ["install"]);
  },
};

const cpuFile = path.join(work, "cpu");
const wallFile = path.join(work, "wall");
const RUSAGE = fileURLToPath(new URL("support/rusage.py", import.meta.url));
let edits = 0;
/** One quiet commit (src/b.ts, which no decision governs): wall and CPU ms. */
function quietCommit(r) {
  writeFileSync(path.join(r.dir, "src/b.ts"), `b ${edits++}\n`);
  // Wall time from python's fork of git to its exit: python's own start-up is not in it.
  const result = spawnSync("python3", [RUSAGE, "git", "commit", "-qam", `quiet ${edits}`], {
    cwd: r.dir,
    env: { ...env, RUSAGE_OUT: cpuFile, RUSAGE_WALL_OUT: wallFile },
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (result.status !== 0) throw new Error(`git commit: ${result.stderr}`);
  return {
    wall: Number(readFileSync(wallFile, "utf8")),
    cpu: Number(readFileSync(cpuFile, "utf8")),
  };
}

/**
 * Waits until no background refresh of adrift's post-commit runs, then 0.1 s more (both sides
 * alike): post-commit's check whether to refresh (one `git rev-list`) runs in the background
 * after `git commit` returned, and must not land in the next commit timed.
 */
function settle(r) {
  const slot = path.join(r.dir, ".git/adrift/refresh.pid");
  for (let i = 0; i < 600 && existsSync(slot); i++) spawnSync("sleep", ["0.05"]);
  spawnSync("sleep", ["0.1"]);
}

/** The programs one quiet commit starts (strace -f), by name. */
function processes(r) {
  const trace = path.join(work, "trace");
  writeFileSync(path.join(r.dir, "src/b.ts"), `traced ${edits++}\n`);
  const result = spawnSync(
    "strace",
    ["-f", "-qq", "-e", "trace=execve", "-o", trace, "git", "commit", "-qam", "traced"],
    { cwd: r.dir, env },
  );
  if (result.error || !existsSync(trace)) return undefined;
  settle(r);
  const counts = {};
  for (const line of readFileSync(trace, "utf8").split("\n")) {
    const program = /execve\("([^"]+)".*= 0$/.exec(line)?.[1];
    if (program) counts[path.basename(program)] = (counts[path.basename(program)] ?? 0) + 1;
  }
  return counts;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (counts) =>
  counts
    ? Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .map(([p, n]) => `${p} ${n}`)
        .join(", ")
    : "(strace not available)";

console.log(`load average at start: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
console.log(`${ROUNDS} paired quiet commits per manager, order alternating\n`);
console.log(
  "| manager | without adrift | with adrift | ratio (median of pairs) | CPU without | CPU with | CPU ratio |",
);
console.log("|---|---|---|---|---|---|---|");
const traces = [];
for (const name of ONLY) {
  const setUp = MANAGERS[name];
  if (!setUp)
    throw new Error(`unknown manager ${name}; known: ${Object.keys(MANAGERS).join(", ")}`);
  const plain = repo(`${name}-plain`);
  const withAdrift = repo(`${name}-adrift`);
  try {
    setUp(plain);
    setUp(withAdrift);
  } catch (error) {
    if (String(error.message).startsWith("skip:")) {
      console.log(`| ${name} | ${error.message} | | | | | |`);
      continue;
    }
    throw error;
  }
  run(withAdrift, process.execPath, [CLI, "hook", "install"]);
  // Warm up: the first commits may refresh what the gate reads.
  for (let i = 0; i < 2; i++) {
    quietCommit(plain);
    quietCommit(withAdrift);
    settle(withAdrift);
  }
  const pairs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? [plain, withAdrift] : [withAdrift, plain];
    const t = new Map();
    for (const r of order) {
      t.set(r, quietCommit(r));
      settle(r);
    }
    pairs.push({ plain: t.get(plain), adrift: t.get(withAdrift) });
  }
  const ms = (side, key) => median(pairs.map((p) => p[side][key]));
  const ratio = (key) => median(pairs.map((p) => p.adrift[key] / p.plain[key]));
  console.log(
    `| ${name} | ${ms("plain", "wall").toFixed(1)} ms | ${ms("adrift", "wall").toFixed(1)} ms | ${ratio("wall").toFixed(2)}× | ${ms("plain", "cpu").toFixed(1)} ms | ${ms("adrift", "cpu").toFixed(1)} ms | ${ratio("cpu").toFixed(2)}× |`,
  );
  traces.push([name, processes(plain), processes(withAdrift)]);
}
console.log("\nprocesses one quiet commit starts:");
for (const [name, plain, withAdrift] of traces) {
  console.log(`  ${name} without adrift: ${show(plain)}`);
  console.log(`  ${name} with adrift:    ${show(withAdrift)}`);
}
console.log(`load average at end: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
rmSync(work, { recursive: true, force: true });
