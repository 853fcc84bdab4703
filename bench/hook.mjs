// The pre-commit hook on a repository with 50,000 events and 5,000 decisions, staging 20 files,
// against its floor: `node -e 0`. Run: node bench/hook.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
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
const saved = ["stale-cache.json", "stale-report.json"].map((f) =>
  path.join(dir, ".git/adrift", f),
);
/** Puts the log back exactly (content and mtime) and the cache as it was, so every run starts warm. */
function restoreLog(withCache = true) {
  writeFileSync(log, original);
  utimesSync(log, mtime, mtime);
  git("reset", "-q", "--", ".decisions");
  if (withCache) for (const f of saved) copyFileSync(`${f}.saved`, f);
}
const run = (before, runs = 7) => median("sh", [hook], { cwd: dir, env, runs, before });

const floor = median(process.execPath, ["-e", "0"], { runs: 9 });
stage(4_980); // files 4,980..4,999: no decision covers them (decisions cover files 0..3,999)
run(() => undefined, 1); // fills the cache
const warm = run(() => undefined);
// Cold: the staleness cache and the stored report gone (the clone's own state.json stays).
const cold = run(() => {
  for (const f of saved) rmSync(f, { force: true });
});
stage(0);
restoreLog(false);
execFileSync(process.execPath, [CLI, "stale", "-C", dir], { env, stdio: "ignore" }); // warm cache
for (const f of saved) copyFileSync(f, `${f}.saved`);
const marking = run(() => restoreLog());

/** The steady state: right after a real `git commit` (its post-commit hook refreshes the cache). */
restoreLog(false);
const afterCommit = [];
const edit = (tag) => {
  for (let i = 0; i < 20; i++)
    writeFileSync(path.join(dir, filePath(4_980 + i)), `// ${tag}.${i}\n`);
  git("add", "src");
};
git("reset", "-q");
edit("first");
for (let round = 0; round < 5; round++) {
  const commit = spawnSync("git", ["-C", dir, "commit", "-q", "-m", `round ${round}`], { env });
  if (commit.status !== 0) throw new Error(`commit failed: ${commit.stderr}`);
  const head = git("rev-parse", "HEAD").trim();
  for (let waited = 0; waited < 20_000; waited += 50) {
    const cached = (() => {
      try {
        return JSON.parse(readFileSync(cache, "utf8")).head;
      } catch {
        return undefined;
      }
    })();
    if (cached === head) break;
    spawnSync("sleep", ["0.05"]);
  }
  edit(`round ${round}`);
  afterCommit.push(median("sh", [hook], { cwd: dir, env, runs: 1 }));
}
afterCommit.sort((a, b) => a - b);
const row = (name, ms, goal) =>
  console.log(
    `${name.padEnd(46)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / floor).toFixed(2)}x${goal ? `  (goal <= ${goal}x: ${ms / floor <= goal ? "met" : "missed"})` : ""}`,
  );
row("floor: node -e 0", floor);
row("pre-commit, 20 files staged, cache warm", warm, 3);
row("pre-commit, 20 files staged, cache cold", cold, 6);
row("pre-commit, marking decisions, cache warm", marking);
row("pre-commit after a real commit (post-commit refreshed)", afterCommit[2], 3);
