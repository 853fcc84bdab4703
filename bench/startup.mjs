// Start-up of the CLI against `node -e 0`, interleaved rounds, on Node 20 (the one running this)
// and Node 24 (given, or at the usual path), with the compile cache and without it
// (NODE_DISABLE_COMPILE_CACHE=1): Node 24's own, and on Node 20 adrift's of its bundle. Commands: `--version` (commander and the
// program), a workline-trailer hook (`hook run commit-msg`, what a commit pays while a workline
// is active), `stale --json` on a small repository (warm cache) and `list --json` on an empty log
// (`git init` + `adrift init`). Wall time and CPU (user + system, bench/support/rusage.py), the
// CA bundle unset (NODE_EXTRA_CA_CERTS); with --base <dir> (another build: a worktree with its
// dist/ built) the same commands of that build in the same rounds. Each build runs as `adrift`
// does: its package's binary.
// Run: node bench/startup.mjs [--node24 /path/to/node] [--rounds 15] [--base <dir>]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLI, gitEnv } from "./synthetic.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const ROUNDS = Number(option("--rounds", "15"));
const NODE24 = option("--node24", "/work/node24/node_modules/node/bin/node");
const BASE = option("--base", undefined);
/** What `adrift` runs in a build: its package's binary (dist/cli/main.js in older builds). */
const binOf = (root) =>
  path.resolve(root, JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).bin.adrift);
const BIN = binOf(fileURLToPath(new URL("..", import.meta.url)));
const BASE_CLI = BASE && binOf(BASE);
const env = { ...gitEnv(), NODE_EXTRA_CA_CERTS: "" };
const dir = mkdtempSync(path.join(tmpdir(), "adrift-startup-"));
const git = (...a) => execFileSync("git", ["-C", dir, ...a], { env });
git("init", "-q");
git("config", "user.email", "b@example.com");
git("config", "user.name", "Bench");
writeFileSync(path.join(dir, "a.ts"), "a\n");
git("add", "-A");
git("commit", "-qm", "a");
execFileSync(
  process.execPath,
  [CLI, "decision", "record", "--outcome", "o", "--trivial", "--path", "a.ts", "-C", dir],
  { env },
);
execFileSync(process.execPath, [CLI, "workline", "open", "w", "-C", dir], { env });
const message = path.join(dir, "MSG");
writeFileSync(message, "subject\n");

// An empty log: what every command that reads it pays before any record.
const empty = mkdtempSync(path.join(tmpdir(), "adrift-startup-empty-"));
execFileSync("git", ["init", "-q", empty], { env });
execFileSync(process.execPath, [CLI, "init", "-C", empty], { env, stdio: "ignore" });

/** Each command: its arguments and the repository it runs in. */
const commands = {
  "--version": [["--version"], dir],
  "hook run commit-msg": [["hook", "run", "commit-msg", message], dir],
  "stale --json": [["stale", "--json"], dir],
  "list --json, empty log": [["list", "--json"], empty],
};
const builds = { "": BIN, ...(BASE_CLI ? { "base build, ": BASE_CLI } : {}) };

const RUSAGE = fileURLToPath(new URL("support/rusage.py", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "adrift-startup-rusage-"));
const cpuFile = path.join(scratch, "cpu");
const wallFile = path.join(scratch, "wall");
/** Wall and CPU time (ms) of one run, from its fork (python's own start left out). */
function time(node, argv, cwd = dir, extra = {}) {
  const r = spawnSync("python3", [RUSAGE, node, ...argv], {
    cwd,
    env: { ...env, ...extra, RUSAGE_OUT: cpuFile, RUSAGE_WALL_OUT: wallFile },
    stdio: "ignore",
  });
  if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}`);
  return {
    wall: Number(readFileSync(wallFile, "utf8")),
    cpu: Number(readFileSync(cpuFile, "utf8")),
  };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`load average: ${execFileSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).trim()}`);
for (const node of [process.execPath, ...(existsSync(NODE24) ? [NODE24] : [])]) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  const modes = ["cache", "no cache"];
  const ratios = {};
  const floors = [];
  for (const cli of Object.values(builds))
    for (const [argv, cwd] of Object.values(commands)) time(node, [cli, ...argv], cwd); // fills the cache
  for (let round = 0; round < ROUNDS; round++) {
    const floor = time(node, ["-e", "0"]);
    floors.push(floor);
    for (const [build, cli] of Object.entries(builds))
      for (const [name, [argv, cwd]] of Object.entries(commands))
        for (const mode of modes) {
          const extra = mode === "no cache" ? { NODE_DISABLE_COMPILE_CACHE: "1" } : {};
          const key = `${build}${name} (${mode})`;
          const t = time(node, [cli, ...argv], cwd, extra);
          const ratio = { wallRatio: t.wall / floor.wall, cpuRatio: t.cpu / floor.cpu, ...t };
          ratios[key] = [...(ratios[key] ?? []), ratio];
        }
  }
  const floorWall = median(floors.map((f) => f.wall));
  const floorCpu = median(floors.map((f) => f.cpu));
  console.log(
    `\n== Node ${version}: node -e 0 median ${floorWall.toFixed(0)} ms wall, ${floorCpu.toFixed(0)} ms CPU`,
  );
  for (const [name, xs] of Object.entries(ratios))
    console.log(
      `${name.padEnd(48)} wall ${median(xs.map((x) => x.wallRatio)).toFixed(2)}x (${median(xs.map((x) => x.wall)).toFixed(0)} ms)  CPU ${median(xs.map((x) => x.cpuRatio)).toFixed(2)}x (${median(xs.map((x) => x.cpu)).toFixed(0)} ms)`,
    );
}
