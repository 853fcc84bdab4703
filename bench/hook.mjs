// The pre-commit hook on a repository with 50,000 events and 5,000 decisions, staging 20 files,
// against its floor: `node -e 0`. Run: node bench/hook.mjs
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI, filePath, gitEnv, makeHistory, median, WORK, writeLog } from "./synthetic.mjs";

const dir = path.join(WORK, "hook");
const hashes = makeHistory(dir, { files: 5_000, commits: 2_000, seed: 3 });
writeLog(dir, { hashes, files: 4_000, decisions: 5_000, bases: 500, events: 50_000, seed: 4 });
const env = gitEnv();
const git = (...args) => execFileSync("git", ["-C", dir, ...args], { env, encoding: "utf8" });
git("add", ".decisions");
git("commit", "-qm", "the log");
execFileSync(process.execPath, [CLI, "hook", "install", "-C", dir], { env });
const hook = path.join(dir, ".git/hooks/pre-commit");
const cache = path.join(dir, ".git/adrift/stale-cache.json");
const log = path.join(dir, ".decisions/log/bench.events.ndjson");
const original = readFileSync(log);
const mtime = statSync(log).mtime;

/** Stages 20 files: outside every decision's scope (`quiet`), or inside some (`marking`). */
function stage(first) {
  git("reset", "-q");
  for (let i = 0; i < 20; i++) {
    const file = path.join(dir, filePath(first + i));
    writeFileSync(file, `// edited ${i}\n`);
  }
  git("add", "src");
}
/** Puts the log back exactly (content and mtime), so the cache stays valid between runs. */
function restoreLog() {
  writeFileSync(log, original);
  utimesSync(log, mtime, mtime);
  git("reset", "-q", "--", ".decisions");
}
const run = (before, runs = 7) => median("sh", [hook], { cwd: dir, env, runs, before });

const floor = median(process.execPath, ["-e", "0"], { runs: 9 });
stage(4_980); // files 4,980..4,999: no decision covers them (decisions cover files 0..3,999)
run(() => undefined, 1); // fills the cache
const warm = run(() => undefined);
const cold = run(() => rmSync(cache, { force: true }));
stage(0);
restoreLog();
run(() => restoreLog(), 1);
const marking = run(() => restoreLog());
const row = (name, ms, goal) =>
  console.log(
    `${name.padEnd(46)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / floor).toFixed(2)}x${goal ? `  (goal <= ${goal}x: ${ms / floor <= goal ? "met" : "missed"})` : ""}`,
  );
row("floor: node -e 0", floor);
row("pre-commit, 20 files staged, cache warm", warm, 3);
row("pre-commit, 20 files staged, cache cold", cold, 6);
row("pre-commit, marking decisions, cache warm", marking);
