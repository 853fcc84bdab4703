// `adrift site build` on a synthetic repository: 10,000 decisions over 2,000 files and 2,000
// commits, and 300 ADRs (~3 KB of Markdown each, every one holding a slice of the decisions).
// Measures a first build (cold: no cache under .git/adrift), a full build into a new folder with
// the caches warm, and a rebuild after one new decision is appended to the log (the same folder:
// only the changed pages are written), each the median of N; prints the site's size and pages,
// and the same at a tenth of the records and ADRs to show the build grows linearly.
// Run after `npm run build`: node bench/site.mjs [records, 10000] [adrs, 300] [runs, 3]
// (ADRIFT_BENCH_CLI=<a copy of dist>/cli/main.js measures that build, so a rebuild of dist/
// during a long run does not pull the files from under it).
//
// Paired with another build: node bench/site.mjs 10000 300 5 --vs <other dist>/cli/main.js
// builds the same repository copied twice, one copy per build, and runs them in turn (full
// build A, full build B, one decision appended to both logs, rebuild A, rebuild B): each run's
// ratio A/B is taken pair by pair, so a machine whose speed drifts moves both sides.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI, gitEnv, makeHistory, WORK, writeLog } from "./synthetic.mjs";

const args = process.argv.slice(2);
const vsAt = args.indexOf("--vs");
const vs = vsAt >= 0 ? path.resolve(args[vsAt + 1]) : undefined;
if (vsAt >= 0) args.splice(vsAt, 2);
const cli = process.env.ADRIFT_BENCH_CLI ?? CLI;
const records = Number(args[0] ?? 10_000);
const adrs = Number(args[1] ?? 300);
const runs = Number(args[2] ?? 3);
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

// The build's own CPU time (user + system, git's processes not counted), written at its exit.
const CPU_HOOK = path.join(WORK, "site-cpu-hook.cjs");
const CPU_OUT = path.join(WORK, "site-cpu.txt");

function build(dir, out, using = cli) {
  mkdirSync(WORK, { recursive: true });
  writeFileSync(
    CPU_HOOK,
    'process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(process.env.ADRIFT_BENCH_CPU, (u.user + u.system) / 1000 + " " + u.user / 1000); });\n',
  );
  const t0 = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    ["--require", CPU_HOOK, using, "site", "build", "--out", out, "--json"],
    {
      cwd: dir,
      env: { ...gitEnv(), ADRIFT_BENCH_CPU: CPU_OUT },
      maxBuffer: 1 << 26,
    },
  );
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`site build exited ${r.status}: ${r.stderr}`);
  const [cpu, user] = readFileSync(CPU_OUT, "utf8").split(" ").map(Number);
  return { ms, cpu, user, ...JSON.parse(r.stdout) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Appends run `i`'s new decision (based on HEAD, so fresh) as `decision record` would. */
function appendDecision(log, head, i) {
  const line = JSON.parse(
    readFileSync(log, "utf8")
      .split("\n")
      .find((l) => l.includes('"decision_recorded"')),
  );
  const id = `01${"Z".repeat(20)}${String(1000 + i).padStart(4, "0")}`;
  const basis = { revision: head, touched_paths: line.data.basis.touched_paths };
  const data = { ...line.data, basis, card: { ...line.data.card, outcome: `New decision ${i}` } };
  appendFileSync(log, `${JSON.stringify({ ...line, id, at: "2026-12-06T00:00:00.000Z", data })}\n`);
}

/** This build (A) against `vs` (B), each on its own copy of the repository, run by run. */
function measurePaired(n, adrCount) {
  const dirA = path.join(WORK, `site-${n}-a`);
  const dirB = path.join(WORK, `site-${n}-b`);
  setUp(dirA, n, adrCount);
  rmSync(dirB, { recursive: true, force: true });
  cpSync(dirA, dirB, { recursive: true });
  const head = execFileSync("git", ["-C", dirA, "rev-parse", "HEAD"], { env: gitEnv() })
    .toString()
    .trim();
  // The first builds fill the caches under .git/adrift (what `full build` finds warm).
  const coldA = build(dirA, "out-cold");
  const coldB = build(dirB, "out-cold", vs);
  const rows = [];
  for (let i = 0; i < runs; i++) {
    const out = `out-${i}`;
    for (const dir of [dirA, dirB]) rmSync(path.join(dir, out), { recursive: true, force: true });
    const fullA = build(dirA, out);
    const fullB = build(dirB, out, vs);
    for (const dir of [dirA, dirB])
      appendDecision(path.join(dir, ".decisions/log/bench.events.ndjson"), head, i);
    const rebuildA = build(dirA, out);
    const rebuildB = build(dirB, out, vs);
    rows.push({ fullA, fullB, rebuildA, rebuildB });
    // Each round's 84 MB go before the next: folders left to pile up make the kernel throttle
    // the next full build's writes (seconds of system time that are not adrift's).
    for (const dir of [dirA, dirB]) rmSync(path.join(dir, out), { recursive: true, force: true });
  }
  const pick = (k, f) => median(rows.map((r) => f(r[k])));
  const ratio = (a, b, k = "cpu") => median(rows.map((r) => r[a][k] / r[b][k]));
  console.log(
    `${n} records, ${adrCount} ADRs, A ${cli}\n  B ${vs}\n` +
      `  first build (cold caches) CPU: A ${Math.round(coldA.cpu)} ms, B ${Math.round(coldB.cpu)} ms; ${coldA.pages} pages, ${(coldA.bytes / 1e6).toFixed(1)} MB\n` +
      `  full build CPU: A ${Math.round(pick("fullA", (x) => x.cpu))} ms, B ${Math.round(pick("fullB", (x) => x.cpu))} ms, A/B ${ratio("fullA", "fullB").toFixed(2)}\n` +
      `  rebuild CPU:    A ${Math.round(pick("rebuildA", (x) => x.cpu))} ms (${rows.at(-1).rebuildA.written} pages written), B ${Math.round(pick("rebuildB", (x) => x.cpu))} ms (${rows.at(-1).rebuildB.written} written), A/B ${ratio("rebuildA", "rebuildB").toFixed(2)}\n` +
      `  rebuild / full build (CPU, pair by pair): A ${ratio("rebuildA", "fullA").toFixed(2)}, B ${ratio("rebuildB", "fullB").toFixed(2)}\n` +
      // A full build writes tens of megabytes in thousands of files: its system time follows
      // the file system's state more than adrift's work; user time does not.
      `  user CPU: full A ${Math.round(pick("fullA", (x) => x.user))} ms, B ${Math.round(pick("fullB", (x) => x.user))} ms; rebuild A ${Math.round(pick("rebuildA", (x) => x.user))} ms, B ${Math.round(pick("rebuildB", (x) => x.user))} ms; rebuild / full build A ${ratio("rebuildA", "fullA", "user").toFixed(2)}, B ${ratio("rebuildB", "fullB", "user").toFixed(2)}\n` +
      `  runs A rebuild: ${rows.map((r) => Math.round(r.rebuildA.cpu)).join(", ")} ms; B: ${rows.map((r) => Math.round(r.rebuildB.cpu)).join(", ")} ms`,
  );
}

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
    full.push(build(dir, out));
    // One new decision as `decision record` appends it; then the same folder is rebuilt.
    appendDecision(log, head, i);
    last = build(dir, out);
    rebuild.push(last);
    rmSync(out, { recursive: true, force: true });
  }
  const pick = (xs, k) => median(xs.map((x) => x[k]));
  return {
    n,
    adrCount,
    cold,
    full: pick(full, "ms"),
    fullCpu: pick(full, "cpu"),
    fullUser: pick(full, "user"),
    rebuild: pick(rebuild, "ms"),
    rebuildCpu: pick(rebuild, "cpu"),
    rebuildUser: pick(rebuild, "user"),
    last,
  };
}

console.log(`site build, load ${loadavg()}, node ${process.version}, runs ${runs}`);
if (vs) {
  measurePaired(records, adrs);
  console.log(`load after: ${loadavg()}`);
  process.exit(0);
}
const rows = [measure(Math.round(records / 10), Math.round(adrs / 10)), measure(records, adrs)];
for (const r of rows) {
  console.log(
    `${r.n} records, ${r.adrCount} ADRs: ${r.cold.pages} pages, ${(r.cold.bytes / 1e6).toFixed(1)} MB\n` +
      `  first build (cold caches): ${Math.round(r.cold.ms)} ms wall, ${Math.round(r.cold.cpu)} ms CPU\n` +
      `  full build (new folder):   ${Math.round(r.full)} ms wall, ${Math.round(r.fullCpu)} ms CPU (${(r.fullCpu / r.n).toFixed(2)} ms CPU a record)\n` +
      `  rebuild, one new decision: ${Math.round(r.rebuild)} ms wall, ${Math.round(r.rebuildCpu)} ms CPU, ${r.last.written} pages written: ` +
      `${(r.rebuild / r.full).toFixed(2)}× the full build's wall, ${(r.rebuildCpu / r.fullCpu).toFixed(2)}× its CPU; ${(r.rebuildCpu / r.cold.cpu).toFixed(2)}× the cold build's CPU\n` +
      `  user CPU (the steady figure: a full build's system time follows the file system): full build ${Math.round(r.fullUser)} ms, rebuild ${Math.round(r.rebuildUser)} ms, ${(r.rebuildUser / r.fullUser).toFixed(2)}×`,
  );
}
const [small, big] = rows;
console.log(
  `growth: ${(big.n / small.n).toFixed(0)}× the records -> ${(big.full / small.full).toFixed(1)}× the wall, ${(big.fullCpu / small.fullCpu).toFixed(1)}× the CPU, ${(big.fullUser / small.fullUser).toFixed(1)}× the user CPU of a full build`,
);
console.log(`load after: ${loadavg()}`);
