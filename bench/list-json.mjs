// `adrift list --json > /dev/null` on a generated log of 1,000,000 events (the log of
// bench/load.mjs, in a git repository), against its floor: a node program that reads every log
// file and JSON.parses every line. Interleaved rounds; time and peak RSS of each child process.
// Then the peak RSS of `export` (the biggest session) and of `report correspondence` in each
// format against the log's size; `--base <dist/cli/main.js>` measures an older build beside it.
//   node bench/list-json.mjs [--events N] [--files N] [--runs N] [--base FILE] [--only-docs | --no-docs]
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateLog } from "./support/generate-log.mjs";
import { CLI, gitEnv } from "./synthetic.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const events = flag("--events", 1_000_000);
const files = flag("--files", 1_000);
const runs = flag("--runs", 3);
const baseAt = args.indexOf("--base");
const BASE = baseAt >= 0 ? path.resolve(args[baseAt + 1]) : undefined;
const onlyDocs = args.includes("--only-docs");
const noDocs = args.includes("--no-docs");
const root = path.join(here, ".work", `list-${events}-${files}`);
const logDir = path.join(root, ".decisions", "log");
const env = gitEnv();
if (!existsSync(path.join(root, "done"))) {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  process.stderr.write(`generating ${events} events in ${files} files under ${root} …\n`);
  generateLog(logDir, events, files);
  execFileSync("git", ["init", "-q", root], { env });
  execFileSync("touch", [path.join(root, "done")]);
}
// The report needs a commit to stand on (the log itself stays untracked: adrift reads it as is).
if (spawnSync("git", ["rev-parse", "-q", "--verify", "HEAD"], { cwd: root, env }).status !== 0)
  execFileSync("git", ["commit", "-q", "--allow-empty", "-m", "bench"], { cwd: root, env });
const bytes = readdirSync(logDir).reduce((n, f) => n + statSync(path.join(logDir, f)).size, 0);

const FLOOR = `
const fs = require("node:fs"), path = require("node:path");
const dir = ${JSON.stringify(logDir)};
const parsed = [];
for (const f of fs.readdirSync(dir).sort())
  for (const line of fs.readFileSync(path.join(dir, f), "utf8").split("\\n"))
    if (line) parsed.push(JSON.parse(line));
`;

/** Runs one child with stdout to /dev/null; its wall time and peak RSS (GNU time's %M). */
function measure(argv) {
  const out = openSync("/dev/null", "w");
  const t0 = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%M", ...argv], {
    cwd: root,
    env,
    stdio: ["ignore", out, "pipe"],
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0)
    throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const kb = Number(r.stderr.trim().split("\n").at(-1));
  return { ms, rss: kb * 1024 };
}

// Warm: the validated-files cache filled, as after any earlier adrift command in this clone.
measure([process.execPath, CLI, "list", "--json"]);
const rounds = [];
for (let i = 0; i < (onlyDocs ? 0 : runs); i++) {
  const floor = measure([process.execPath, "-e", FLOOR]);
  const list = measure([process.execPath, CLI, "list", "--json"]);
  const base = BASE ? measure([process.execPath, BASE, "list", "--json"]) : undefined;
  rounds.push({ floor, list, base, ratio: list.ms / floor.ms });
}
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [i, r] of rounds.entries())
  console.log(
    `round ${i + 1}: floor ${r.floor.ms.toFixed(0)} ms (${mb(r.floor.rss)}), list --json ${r.list.ms.toFixed(0)} ms (${mb(r.list.rss)}): ${r.ratio.toFixed(2)}x${r.base ? `; base build ${r.base.ms.toFixed(0)} ms (${mb(r.base.rss)})` : ""}`,
  );
const peak = Math.max(...rounds.map((r) => r.list.rss));
if (!onlyDocs)
  console.log(
    `list --json on ${events} events (${mb(bytes)}): ${median(rounds.map((r) => r.ratio)).toFixed(2)}x the floor warm (goal <= 1.6x); peak RSS ${mb(peak)} = ${(peak / bytes).toFixed(2)}x the log (goal <= 3x); node ${process.version}, load ${readFileSyncSafe("/proc/loadavg")}`,
  );

// export and report: one run each per build (peak RSS is what they are measured on here).
const firstFile = readdirSync(logDir).sort()[0];
const session = JSON.parse(readFileSync(path.join(logDir, firstFile), "utf8").split("\n")[0]).id;
const docs = [
  ["export --session", ["export", "--session", session]],
  ["export --session --json", ["export", "--session", session, "--json"]],
  ["report md", ["report", "correspondence", "--format", "md"]],
  ["report html", ["report", "correspondence", "--format", "html"]],
  ["report json", ["report", "correspondence", "--format", "json"]],
];
for (const [name, argv] of noDocs ? [] : docs) {
  const builds = BASE
    ? [
        ["this", CLI],
        ["base", BASE],
      ]
    : [["this", CLI]];
  const line = builds.map(([label, cli]) => {
    const r = measure([process.execPath, cli, ...argv]);
    return `${label} ${(r.ms / 1000).toFixed(1)} s, peak RSS ${mb(r.rss)} = ${(r.rss / bytes).toFixed(2)}x the log`;
  });
  console.log(`${name}: ${line.join("; ")}`);
}
console.log(
  `(${events} events, log ${mb(bytes)}; node ${process.version}, load ${readFileSyncSafe("/proc/loadavg")})`,
);

function readFileSyncSafe(file) {
  try {
    return execFileSync("cat", [file], { encoding: "utf8" }).trim();
  } catch {
    return "?";
  }
}
