// Two builds of adrift on the same work, interleaved run by run: `adrift stale` on 20,000 commits
// and 10,000 decisions (as bench/staleness.mjs) and the pre-commit hook on 50,000 events (as
// bench/hook.mjs), each against its floor measured in the same run. Each build gets its own copy
// of each repository (their caches may differ in version), so warm stays warm.
// Run: node bench/compare-builds.mjs <other dist/ directory> [runs, 7]
// (e.g. the build of an older commit: git worktree add /tmp/old <commit> && cd /tmp/old &&
// npm ci && npm run build; or a copy of dist/ kept under bench/.work/ before a change).

import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI, filePath, gitEnv, makeHistory, WORK, writeLog } from "./synthetic.mjs";

const [otherDist, runsArg = "7"] = process.argv.slice(2);
if (!otherDist || !existsSync(path.join(otherDist, "cli/main.js"))) {
  console.error("usage: node bench/compare-builds.mjs <other dist/ directory> [runs]");
  process.exit(2);
}
const runs = Number(runsArg);
const builds = { other: path.resolve(otherDist, "cli/main.js"), this: CLI };
const env = gitEnv();
const git = (dir, ...args) => execFileSync("git", ["-C", dir, ...args], { env, encoding: "utf8" });

/** Wall time of one run in ms (throws on failure). */
function time(cmd, args, cwd, extraEnv = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 1 << 30,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr}`);
  return ms;
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `scenario` for each build and the floor, interleaved, `runs` times; prints medians. */
function compare(name, floorName, floor, scenario) {
  const t = { floor: [], other: [], this: [] };
  for (let i = 0; i < runs; i++) {
    t.floor.push(floor());
    const order = i % 2 === 0 ? ["other", "this"] : ["this", "other"];
    for (const b of order) t[b].push(scenario(b));
  }
  const f = med(t.floor);
  const o = med(t.other);
  const n = med(t.this);
  console.log(
    `${name.padEnd(44)} floor (${floorName}) ${f.toFixed(0).padStart(5)} ms | other ${o.toFixed(0).padStart(5)} ms ${(o / f).toFixed(2)}x | this ${n.toFixed(0).padStart(5)} ms ${(n / f).toFixed(2)}x | this/other ${(n / o).toFixed(2)}`,
  );
}

// --- adrift stale on 20,000 commits, 10,000 decisions (bench/staleness.mjs's repository)
const base = path.join(WORK, "compare-stale");
const hashes = makeHistory(base, { files: 5_000, commits: 20_000 });
const { oldest } = writeLog(base, { hashes, files: 5_000, decisions: 10_000, bases: 2_000 });
const stale = {};
for (const b of Object.keys(builds)) {
  stale[b] = `${base}-${b}`;
  rmSync(stale[b], { recursive: true, force: true });
  cpSync(base, stale[b], { recursive: true });
}
const gitFloor = () =>
  time("git", ["log", "--name-only", "-z", "--format=%H", `${oldest}..HEAD`], base);
const staleRun = (b) => time(process.execPath, [builds[b], "stale", "--json"], stale[b]);
console.log(
  `load average at the start: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
);
compare("stale --json, cache cold", "git log", gitFloor, (b) => {
  rmSync(path.join(stale[b], ".git/adrift"), { recursive: true, force: true });
  return staleRun(b);
});
for (const b of Object.keys(builds)) staleRun(b);
compare("stale --json, cache warm", "git log", gitFloor, staleRun);
let edits = 0;
compare("stale --json, one new commit since", "git log", gitFloor, (b) => {
  const file = filePath((edits++ * 997) % 5_000);
  writeFileSync(path.join(stale[b], file), `// edit ${edits}\n`);
  git(stale[b], "commit", "-q", "-a", "-m", `edit ${edits}`);
  return staleRun(b);
});

// --- the pre-commit hook on 50,000 events, 5,000 decisions (bench/hook.mjs's repository)
const hookBase = path.join(WORK, "compare-hook");
const hookHashes = makeHistory(hookBase, { files: 5_000, commits: 2_000, seed: 3 });
writeLog(hookBase, {
  hashes: hookHashes,
  files: 4_000,
  decisions: 5_000,
  bases: 500,
  events: 50_000,
  seed: 4,
});
git(hookBase, "add", ".decisions");
git(hookBase, "commit", "-qm", "the log");
const hook = {};
for (const b of Object.keys(builds)) {
  hook[b] = `${hookBase}-${b}`;
  rmSync(hook[b], { recursive: true, force: true });
  cpSync(hookBase, hook[b], { recursive: true });
}
const log = ".decisions/log/bench.events.ndjson";
const stage = (dir, first) => {
  git(dir, "reset", "-q");
  for (let i = 0; i < 20; i++)
    writeFileSync(path.join(dir, filePath(first + i)), `// edited ${i}\n`);
  git(dir, "add", "src");
};
const preCommit = (b) => time(process.execPath, [builds[b], "hook", "run", "pre-commit"], hook[b]);
const nodeFloor = () => time(process.execPath, ["-e", "0"], hookBase);
const caches = ["stale-cache.json", "stale-report.json"];
for (const b of Object.keys(builds)) {
  stage(hook[b], 4_980); // no decision covers files 4,980..4,999
  preCommit(b); // fills the cache
}
compare("pre-commit, 20 files staged, cache warm", "node -e 0", nodeFloor, preCommit);
compare("pre-commit, 20 files staged, cache cold", "node -e 0", nodeFloor, (b) => {
  for (const f of caches) rmSync(path.join(hook[b], ".git/adrift", f), { force: true });
  return preCommit(b);
});
// Marking: files 0..19 are under decisions; the log and the cache are put back before each run.
const saved = {};
for (const b of Object.keys(builds)) {
  stage(hook[b], 0);
  execFileSync(process.execPath, [builds[b], "stale"], { cwd: hook[b], env, stdio: "ignore" });
  saved[b] = {
    log: readFileSync(path.join(hook[b], log)),
    caches: caches.map((f) => readFileSync(path.join(hook[b], ".git/adrift", f))),
  };
}
compare("pre-commit that marks decisions", "node -e 0", nodeFloor, (b) => {
  writeFileSync(path.join(hook[b], log), saved[b].log);
  git(hook[b], "reset", "-q", "--", ".decisions");
  rmSync(path.join(hook[b], ".git/adrift/pending-marks.json"), { force: true });
  for (const [i, f] of caches.entries())
    writeFileSync(path.join(hook[b], ".git/adrift", f), saved[b].caches[i]);
  return preCommit(b);
});
console.log(
  `load average at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
);
