// adrift stale on 20,000 commits over 5,000 files with 10,000 decisions over 2,000 basis
// revisions, against its floor: git log --name-only over the same range. Run: node bench/staleness.mjs
import { execFileSync } from "node:child_process";
import { appendFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI, filePath, gitEnv, makeHistory, median, ROOT, WORK, writeLog } from "./synthetic.mjs";

const dir = path.join(WORK, "staleness");
const t0 = Date.now();
const hashes = makeHistory(dir, { files: 5_000, commits: 20_000 });
const { oldest } = writeLog(dir, { hashes, files: 5_000, decisions: 10_000, bases: 2_000 });
console.log(
  `generated in ${((Date.now() - t0) / 1000).toFixed(1)} s: 20,000 commits, 5,000 files, 10,000 decisions over 2,000 revisions`,
);
// Cold: no derived state at all (the whole cache directory goes).
const cache = path.join(dir, ".git/adrift");
const floor = median("git", ["log", "--name-only", "-z", "--format=%H", `${oldest}..HEAD`], {
  cwd: dir,
});
// The floor of any node program reading that output: start node, run adrift's git log, drain it.
const drain = median(process.execPath, [path.join(ROOT, "bench/support/drain.mjs"), oldest], {
  cwd: dir,
});
// The floor of any node program that reads adrift's inputs and prints its output: git's output
// drained, every log line JSON.parsed, and adrift's own report (computed here once) printed.
const reportFile = path.join(WORK, "staleness-report.json");
rmSync(cache, { recursive: true, force: true });
writeFileSync(
  reportFile,
  execFileSync(process.execPath, [CLI, "stale", "--json"], {
    cwd: dir,
    env: gitEnv(),
    maxBuffer: 1 << 30,
  }),
);
const io = median(
  process.execPath,
  [path.join(ROOT, "bench/support/io-floor.mjs"), oldest, reportFile],
  { cwd: dir },
);
const cold = median(process.execPath, [CLI, "stale", "--json"], {
  cwd: dir,
  before: () => rmSync(cache, { recursive: true, force: true }),
});
const warm = median(process.execPath, [CLI, "stale", "--json"], { cwd: dir });
// After one new commit: the cache holds the report at the commit before (each run leaves it).
let edits = 0;
const afterCommit = median(process.execPath, [CLI, "stale", "--json"], {
  cwd: dir,
  before: () => {
    const file = filePath((edits++ * 997) % 5_000);
    appendFileSync(path.join(dir, file), `// edit ${edits}\n`);
    execFileSync("git", ["commit", "-q", "-a", "-m", `edit ${edits}`], { cwd: dir, env: gitEnv() });
  },
});
const row = (name, ms) =>
  console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / floor).toFixed(2)}x`);
row("floor: git log --name-only -z <oldest>..HEAD", floor);
row("node draining adrift's git log (no parsing)", drain);
row("node: inputs read, output printed, no work", io);
row("adrift stale --json (cache cold)", cold);
row("adrift stale --json (cache warm)", warm);
row("adrift stale --json (one new commit since)", afterCommit);
console.log(
  `goal: <= 1.5x the floor (cold: ${cold / floor <= 1.5 ? "met" : "missed"}, warm: ${warm / floor <= 1.5 ? "met" : "missed"})`,
);
