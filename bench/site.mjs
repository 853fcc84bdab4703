// `adrift site build` on a synthetic repository: 10,000 decisions over 2,000 files and 2,000
// commits, and 300 ADRs (~3 KB of Markdown each, every one holding a slice of the decisions).
// Measures a first build (cold: no cache under .git/adrift), a full build into a new folder with
// the caches warm, and a rebuild after one new decision is appended to the log (the same folder:
// only the changed pages are written), each the median of N; prints the site's size and pages,
// and the same at a tenth of the records and ADRs to show the build grows linearly.
// Run after `npm run build`: node bench/site.mjs [records, 10000] [adrs, 300] [runs, 3]
// (ADRIFT_BENCH_CLI=<a copy of dist>/cli/main.js measures that build, so a rebuild of dist/
// during a long run does not pull the files from under it).
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI, gitEnv, makeHistory, WORK, writeLog } from "./synthetic.mjs";

const cli = process.env.ADRIFT_BENCH_CLI ?? CLI;
const records = Number(process.argv[2] ?? 10_000);
const adrs = Number(process.argv[3] ?? 300);
const runs = Number(process.argv[4] ?? 3);
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const pad = (n) => String(n).padStart(4, "0");

function adrText(i, ids) {
  const para = `The worker ${i} keeps its lease while readers see the last committed state, so rollbacks stay cheap and each request owns its queue.`;
  return [
    "---",
    `title: Decision ${i} keeps area ${i % 17} consistent`,
    "status: accepted",
    `date: 2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`,
    `records: [${ids.join(", ")}]`,
    ...(i > 1 && i % 9 === 0 ? [`supersedes: ["${pad(i - 1)}-decision-${i - 1}"]`] : []),
    "---",
    "",
    `# Decision ${i} keeps area ${i % 17} consistent`,
    "",
    "## Context and Problem Statement",
    "",
    `${para} ${para}`,
    "",
    "## Considered Options",
    "",
    "- a queue per worker",
    "- one shared queue",
    "",
    "## Decision Outcome",
    "",
    `${para}`,
    "",
    "| option | cost |",
    "| --- | --- |",
    "| per worker | low |",
    "| shared | high |",
    "",
  ].join("\n");
}

function setUp(dir, n, adrCount) {
  const env = gitEnv();
  const hashes = makeHistory(dir, { files: 2_000, commits: 2_000 });
  writeLog(dir, { hashes, files: 2_000, decisions: n, bases: 40 });
  const ids = readFileSync(path.join(dir, ".decisions/log/bench.events.ndjson"), "utf8")
    .split("\n")
    .filter((l) => l.includes('"decision_recorded"'))
    .map((l) => JSON.parse(l).id);
  const folder = path.join(dir, "docs/adr");
  mkdirSync(folder, { recursive: true });
  const per = Math.max(1, Math.floor(ids.length / adrCount / 2));
  for (let i = 1; i <= adrCount; i++)
    writeFileSync(
      path.join(folder, `${pad(i)}-decision-${i}.md`),
      adrText(i, ids.slice((i - 1) * per, i * per)),
    );
  execFileSync("git", ["-C", dir, "add", "-A"], { env });
  execFileSync("git", ["-C", dir, "commit", "-q", "-m", "log and ADRs"], { env });
}

function build(dir, out) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, "site", "build", "--out", out, "--json"], {
    cwd: dir,
    env: gitEnv(),
    maxBuffer: 1 << 26,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`site build exited ${r.status}: ${r.stderr}`);
  return { ms, ...JSON.parse(r.stdout) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(n, adrCount) {
  const dir = path.join(WORK, `site-${n}`);
  setUp(dir, n, adrCount);
  const log = path.join(dir, ".decisions/log/bench.events.ndjson");
  const head = execFileSync("git", ["-C", dir, "rev-parse", "HEAD"], { env: gitEnv() })
    .toString()
    .trim();
  const cold = build(dir, path.join(dir, "out-cold"));
  const full = [];
  const rebuild = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const out = path.join(dir, `out-${i}`);
    rmSync(out, { recursive: true, force: true });
    full.push(build(dir, out).ms);
    // One new decision, as `decision record` appends it; then the same folder is rebuilt.
    const line = JSON.parse(
      readFileSync(log, "utf8")
        .split("\n")
        .find((l) => l.includes('"decision_recorded"')),
    );
    const id = `01${"Z".repeat(20)}${String(1000 + i).padStart(4, "0")}`;
    appendFileSync(
      log,
      `${JSON.stringify({ ...line, id, at: "2026-12-06T00:00:00.000Z", data: { ...line.data, card: { ...line.data.card, outcome: `New decision ${i}` } } })}\n`,
    );
    last = build(dir, out);
    rebuild.push(last.ms);
  }
  return { n, adrCount, cold, full: median(full), rebuild: median(rebuild), last };
}

console.log(`site build, load ${loadavg()}, node ${process.version}, runs ${runs}`);
const rows = [measure(Math.round(records / 10), Math.round(adrs / 10)), measure(records, adrs)];
for (const r of rows) {
  console.log(
    `${r.n} records, ${r.adrCount} ADRs: first build (cold) ${Math.round(r.cold.ms)} ms; full build ${Math.round(r.full)} ms (${(r.full / r.n).toFixed(2)} ms a record), ${r.cold.pages} pages, ${(r.cold.bytes / 1e6).toFixed(1)} MB; rebuild after one new decision ${Math.round(r.rebuild)} ms = ${(r.rebuild / r.full).toFixed(2)}× the full build, ${r.last.written} pages written`,
  );
}
const [small, big] = rows;
console.log(
  `growth: ${(big.n / small.n).toFixed(0)}× the records -> ${(big.full / small.full).toFixed(1)}× the time (linear: ${(big.n / small.n).toFixed(0)}×)`,
);
console.log(`load after: ${loadavg()}`);
