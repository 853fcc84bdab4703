// What a `git commit` costs with adrift's hooks installed, against the same commit without hooks
// and against node's own start-up, in interleaved rounds (ratios per round), on the Node that
// runs this script and on a second one when given. Counts the processes a quiet commit starts
// (strace -f -e trace=execve): a commit that touches no decision must start no node.
// With --base <dir> (another build of adrift: a worktree with its dist/ built), the marking
// commit is also timed with that build's hooks in the same rounds (order alternating), to
// compare a change against the build before it; --marking-only skips the quiet commits.
// Run: node bench/commit.mjs [--node24 /path/to/node] [--rounds 9] [--base <dir>] [--marking-only]
//   [--events 60000 --decisions 6000 --commits 2000] (the marking commit's repository).
// CPU (user + system of git commit and the hooks it waited for) is read with wait4 through
// bench/support/rusage.py (python3): on a loaded machine it moves far less than wall time.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLI, filePath, gitEnv, makeHistory, WORK, writeLog } from "./synthetic.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const ROUNDS = Number(option("--rounds", "9"));
const NODE24 = option("--node24", "/work/node24/node_modules/node/bin/node");
const nodes = [process.execPath, ...(existsSync(NODE24) ? [NODE24] : [])];
const BASE = option("--base", undefined);
const BASE_CLI = BASE && path.resolve(BASE, "dist/cli/main.js");
const MARKING_ONLY = args.includes("--marking-only");
// The marking commit's repository: --events (log lines before the marks), --decisions, --commits.
const BIG = {
  files: 5000,
  commits: Number(option("--commits", "2000")),
  decisions: Number(option("--decisions", "6000")),
  events: Number(option("--events", "60000")),
};
// node -e 0 as the hooks start node: without the machine's extra CA bundle (the hooks unset it).
const env = { ...gitEnv(), NODE_EXTRA_CA_CERTS: "" };
const noHooks = mkdtempSync(path.join(tmpdir(), "adrift-no-hooks-"));
// A second floor: the four hooks a commit runs, each only `exit 0` (what any installed hook costs).
const emptyHooks = mkdtempSync(path.join(tmpdir(), "adrift-empty-hooks-"));
for (const name of ["pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"])
  writeFileSync(path.join(emptyHooks, name), "#!/bin/sh\nexit 0\n", { mode: 0o755 });

function repo(name, { files, commits, decisions, events }) {
  const dir = path.join(WORK, name);
  const git = (...a) => execFileSync("git", ["-C", dir, ...a], { env, encoding: "utf8" });
  const hashes = makeHistory(dir, { files, commits, seed: 5 });
  writeLog(dir, { hashes, files: Math.floor(files * 0.8), decisions, bases: 50, events, seed: 6 });
  git("add", ".decisions");
  git("commit", "-qm", "the log");
  // Every record stale at HEAD marked once, as the hooks would have: a clean state to commit on.
  execFileSync(process.execPath, [CLI, "stale", "--record", "-C", dir], { env, stdio: "ignore" });
  git("add", ".decisions");
  git("commit", "-qm", "marks");
  return { dir, git, files };
}

const cpuFile = path.join(noHooks, "cpu");
const RUSAGE = fileURLToPath(new URL("support/rusage.py", import.meta.url));
/** The CPU (user + system, ms) of the last `time` call's process and the children it waited for. */
let lastCpu = 0;
/** What the last `time` call's process wrote to stderr (the hooks' messages). */
let lastStderr = "";
const wallFile = path.join(noHooks, "wall");
/** The wall time (ms) of `cmd` alone, from its fork to its exit (python's own start left out). */
const time = (cmd, argv, { extraEnv = {} } = {}) => {
  const r = spawnSync("python3", [RUSAGE, cmd, ...argv], {
    env: { ...env, ...extraEnv, RUSAGE_OUT: cpuFile, RUSAGE_WALL_OUT: wallFile },
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")}: ${r.stderr}`);
  lastStderr = String(r.stderr);
  lastCpu = Number(readFileSync(cpuFile, "utf8"));
  return Number(readFileSync(wallFile, "utf8"));
};

/** Waits until no background refresh runs (post-commit's), so rounds do not overlap. */
function settle(dir) {
  const slot = path.join(dir, ".git/adrift/refresh.pid");
  for (let i = 0; i < 600 && existsSync(slot); i++) spawnSync("sleep", ["0.05"]);
  spawnSync("sleep", ["0.2"]);
}

let edits = 0;
/** Edits file `i` and commits it (`-a`), with or without the hooks; returns the commit's ms. */
function commitEdit(r, i, hooks) {
  writeFileSync(path.join(r.dir, filePath(i)), `// edit ${edits++}\n`);
  const dir = hooks === "empty" ? emptyHooks : noHooks;
  const argv = ["-C", r.dir, ...(hooks === true ? [] : ["-c", `core.hooksPath=${dir}`])];
  return time("git", [...argv, "commit", "-qam", `edit ${edits}`]);
}

/** The processes one quiet commit starts, by program. */
function processes(r, i) {
  writeFileSync(path.join(r.dir, filePath(i)), `// traced ${edits++}\n`);
  const trace = path.join(noHooks, "trace");
  spawnSync(
    "strace",
    [
      "-f",
      "-qq",
      "-e",
      "trace=execve",
      "-o",
      trace,
      "git",
      "-C",
      r.dir,
      "commit",
      "-qam",
      "traced",
    ],
    { env },
  );
  settle(r.dir);
  const programs = readFileSync(trace, "utf8")
    .split("\n")
    .map((l) => /execve\("([^"]+)"/.exec(l)?.[1])
    .filter(Boolean)
    .map((p) => path.basename(p));
  const counts = {};
  for (const p of programs) counts[p] = (counts[p] ?? 0) + 1;
  return counts;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;

/**
 * The floor of a marking commit's hooks: the installed hooks with adrift's node left out, and a
 * pre-commit that starts `node` on bench/support/marking-floor.mjs (the git work a marking
 * pre-commit cannot skip), in a folder of their own.
 */
function floorHooks(node, r) {
  const dir = mkdtempSync(path.join(tmpdir(), "adrift-floor-hooks-"));
  scratches.push(dir);
  const floor = fileURLToPath(new URL("support/marking-floor.mjs", import.meta.url));
  for (const name of ["pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"]) {
    const installed = readFileSync(path.join(r.dir, ".git/hooks", name), "utf8");
    const run =
      name === "pre-commit"
        ? `adrift_run() { NODE_EXTRA_CA_CERTS= ${JSON.stringify(node)} ${JSON.stringify(floor)} || true; }\nadrift_installed_run() {`
        : "adrift_run() { :; }\nadrift_installed_run() {";
    writeFileSync(path.join(dir, name), installed.replace(/^adrift_run\(\) \{$/m, run), {
      mode: 0o755,
    });
  }
  return dir;
}

/** The base build's hooks for `node`, in a folder of their own (core.hooksPath points there). */
const scratches = [];
function baseHooks(node) {
  const scratch = mkdtempSync(path.join(tmpdir(), "adrift-base-hooks-"));
  scratches.push(scratch);
  execFileSync("git", ["init", "-q", scratch], { env });
  execFileSync(node, [BASE_CLI, "hook", "install", "-C", scratch], { env, stdio: "ignore" });
  return path.join(scratch, ".git/hooks");
}

const small = repo("commit-small", { files: 60, commits: 30, decisions: 20, events: 200 });
const big = repo(`commit-${BIG.events}-${BIG.decisions}-${BIG.commits}`, BIG);
console.log(`load average at start: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
{
  // What the figures are measured on: the log, and the stored report the pre-commit reads.
  const lines = big.git("ls-files", "-z", ".decisions").split("\0").filter(Boolean);
  let events = 0;
  for (const f of lines)
    events += readFileSync(path.join(big.dir, f), "utf8").split("\n").length - 1;
  const report = readFileSync(path.join(big.dir, ".git/adrift/stale-report.json"), "utf8");
  const findings = JSON.parse(report).report.findings;
  console.log(
    `marking repository: ${BIG.commits + 2} commits, ${BIG.files} files, ${events} events, ${BIG.decisions} decisions; stored report ${(report.length / 1e6).toFixed(1)} MB, ${findings.length} findings (${findings.filter((f) => f.state === "stale").length} stale)`,
  );
}

for (const node of nodes) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  console.log(`\n== Node ${version}`);
  for (const r of [small, big])
    execFileSync(node, [CLI, "hook", "install", "-C", r.dir], { env, stdio: "ignore" });
  const quietFile = (r) => r.files - 1 - (edits % 7); // outside every scope (scopes cover the first 80%)
  const governed = (r) => {
    const cache = JSON.parse(
      readFileSync(path.join(r.dir, ".git/adrift/stale-cache.json"), "utf8"),
    );
    const paths = (x) => x.basis.touched_paths;
    return cache.records.find(
      (x) => !x.recorded && paths(x)[0].endsWith(".ts") && !paths(x)[0].includes("*"),
    ).basis.touched_paths[0];
  };
  const rows = { small: [], big: [], marking: [], base: [], floor: [] };
  const hooksOfBase = BASE_CLI ? baseHooks(node) : undefined;
  const hooksOfFloor = floorHooks(node, big);
  /** One marking commit in the 60k-event log (the decided file edited), undone after. */
  const markingCommit = (hooksDir) => {
    const file = governed(big);
    writeFileSync(path.join(big.dir, file), `// marking ${edits++}\n`);
    const without = time("git", [
      "-C",
      big.dir,
      "-c",
      `core.hooksPath=${noHooks}`,
      "commit",
      "-qam",
      "unmarked",
    ]);
    const withoutCpu = lastCpu;
    big.git("reset", "-q", "--soft", "HEAD~1");
    const hooks = hooksDir ? ["-c", `core.hooksPath=${hooksDir}`] : [];
    // BENCH_TRACE=1: git's trace of the marking commit (what its hooks ran), shown if it fails.
    const marking = time("git", ["-C", big.dir, ...hooks, "commit", "-qam", "marking"], {
      extraEnv: process.env.BENCH_TRACE ? { GIT_TRACE: "2" } : {},
    });
    const addedCpu = lastCpu - withoutCpu;
    const said = lastStderr;
    settle(big.dir);
    const carried = big.git("show", "--stat", "--format=", "HEAD").includes(".events.ndjson");
    big.git("rm", "-q", "--cached", "--ignore-unmatch", ".decisions/log/floor.events.ndjson");
    rmSync(path.join(big.dir, ".decisions/log/floor.events.ndjson"), { force: true });
    if (!carried) throw new Error(`the marking commit carried no mark; its hooks said:\n${said}`);
    big.git("reset", "-q", "--hard", "HEAD~1");
    execFileSync(node, [CLI, "stale", "-C", big.dir], { env, stdio: "ignore" });
    return { without, with: marking, addedCpu };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const floor = time(node, ["-e", "0"]);
    const floorCpu = lastCpu;
    for (const [name, r] of MARKING_ONLY
      ? []
      : [
          ["small", small],
          ["big", big],
        ]) {
      const without = commitEdit(r, quietFile(r), false);
      const empty = commitEdit(r, quietFile(r), "empty");
      settle(r.dir);
      const withHooks = commitEdit(r, quietFile(r), true);
      settle(r.dir);
      rows[name].push({
        floor,
        without,
        with: withHooks,
        ratio: withHooks / without,
        empty: empty / without,
      });
    }
    // A commit that marks one decision in the 60k-event log; with --base, that build's too,
    // the order alternating between rounds.
    const order = hooksOfBase
      ? round % 2
        ? ["base", "marking"]
        : ["marking", "base"]
      : ["marking"];
    for (const which of [...order, "floor"]) {
      const dirs = { base: hooksOfBase, floor: hooksOfFloor };
      const m = markingCommit(dirs[which]);
      rows[which].push({
        floor,
        floorCpu,
        ...m,
        ratio: (m.with - m.without) / floor,
        cpuRatio: m.addedCpu / floorCpu,
      });
    }
  }
  for (const [name, label] of [
    ["small", "quiet commit, small repository"],
    ["big", `quiet commit, ${BIG.events.toLocaleString("en")}-event log`],
  ]) {
    const xs = rows[name];
    if (xs.length === 0) continue;
    console.log(
      `${label.padEnd(44)} without hooks ${median(xs.map((x) => x.without)).toFixed(1)} ms, with ${median(xs.map((x) => x.with)).toFixed(1)} ms: ${median(xs.map((x) => x.ratio)).toFixed(2)}x (rounds ${range(xs.map((x) => x.ratio))}; goal <= 1.2x)`,
    );
  }
  for (const [name, label] of [
    ["marking", `marking commit, ${BIG.events.toLocaleString("en")}-event log`],
    ["base", "the same, base build's hooks"],
    ["floor", "the floor: node and the git work it must do"],
  ]) {
    const m = rows[name];
    if (m.length === 0) continue;
    console.log(
      `${label.padEnd(44)} added ${median(m.map((x) => x.with - x.without)).toFixed(0)} ms = ${median(m.map((x) => x.ratio)).toFixed(2)}x node -e 0 (${median(m.map((x) => x.floor)).toFixed(0)} ms; rounds ${m.map((x) => x.ratio.toFixed(2)).join(" ")}; goal <= 2.5x)`,
    );
    console.log(
      `${"  the same in CPU (user + system)".padEnd(44)} added ${median(m.map((x) => x.addedCpu)).toFixed(0)} ms = ${median(m.map((x) => x.cpuRatio)).toFixed(2)}x node -e 0's ${median(m.map((x) => x.floorCpu)).toFixed(0)} ms (rounds ${m.map((x) => x.cpuRatio.toFixed(2)).join(" ")})`,
    );
  }
  if (rows.base.length > 0)
    console.log(
      `${"added time, this build / base build".padEnd(44)} per round ${rows.marking.map((x, i) => ((x.with - x.without) / (rows.base[i].with - rows.base[i].without)).toFixed(2)).join(" ")}; load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    );
  if (MARKING_ONLY) continue;
  for (const [name, r] of [
    ["small", small],
    ["big", big],
  ])
    console.log(
      `processes of one quiet commit (${name}): ${JSON.stringify(processes(r, quietFile(r)))}`,
    );
}
rmSync(noHooks, { recursive: true, force: true });
rmSync(emptyHooks, { recursive: true, force: true });
for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
