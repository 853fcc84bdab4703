// The fingerprint path (recording a decision over a wide scope) on a 50,000-file repository:
// the embedded adapter (isomorphic-git) against the git CLI adapter. Run: node bench/embedded.mjs
import path from "node:path";
import { gitEnv, makeHistory, ROOT, WORK } from "./synthetic.mjs";

const { openGit } = await import(path.join(ROOT, "dist/adapters/git/open.js"));
const { fingerprintFiles } = await import(path.join(ROOT, "dist/app/staleness/engine.js"));

const dir = path.join(WORK, "embedded");
makeHistory(dir, { files: 50_000, commits: 2 });
const scopes = ["src/mod1/", "src/mod250/**/*.ts", "src/mod499/sub9/file9.ts"];

async function time(kind, work, runs = 5) {
  const env = { ...gitEnv(), ...(kind === "embedded" ? { ADRIFT_GIT: "embedded" } : {}) };
  const times = [];
  let matched = 0;
  for (let i = 0; i < runs; i++) {
    const git = await openGit(dir, env); // a fresh adapter each run: no warm object cache
    const t0 = performance.now();
    const head = await git.resolveRevision("HEAD");
    matched = await work(git, head);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(runs / 2)], matched };
}

const cases = [
  [
    "fingerprint a scope (decision record)",
    async (git, head) => (await fingerprintFiles(git, head, scopes)).matched,
  ],
  [
    "list the whole tree (fingerprint fallback)",
    async (git, head) => (await git.listFiles(head)).length,
  ],
];
console.log("50,000 files in one commit");
for (const [name, work] of cases) {
  const cli = await time("cli", work);
  const embedded = await time("embedded", work);
  if (cli.matched !== embedded.matched)
    throw new Error(`${name}: adapters disagree (${cli.matched} vs ${embedded.matched})`);
  console.log(`${name} (${cli.matched} files)`);
  console.log(`  git CLI adapter   ${cli.ms.toFixed(0).padStart(6)} ms  1.00x`);
  console.log(
    `  embedded adapter  ${embedded.ms.toFixed(0).padStart(6)} ms  ${(embedded.ms / cli.ms).toFixed(2)}x  (goal <= 10x: ${embedded.ms / cli.ms <= 10 ? "met" : "missed"})`,
  );
}

// `adrift stale --json` (cache cold) on a history with renames, both adapters, node's start-up
// as the floor, interleaved run by run. With ADRIFT_BENCH_BASE=<a checkout built with npm run
// build>, that build's embedded adapter runs too (before/after in one run).
const { spawnSync } = await import("node:child_process");
const { rmSync } = await import("node:fs");
const { renamesHistory } = await import("./support/renames-history.mjs");
const { writeLog } = await import("./synthetic.mjs");
const staleDir = path.join(WORK, "embedded-renames");
const { hashes, files } = renamesHistory(staleDir, { files: 1_000, commits: 1_000 });
writeLog(staleDir, { hashes, files, decisions: 300, bases: 50 });
const base = process.env.ADRIFT_BENCH_BASE;
const variants = [
  ["node -e 0 (floor)", ["-e", "0"], {}],
  ["git CLI adapter", [path.join(ROOT, "dist/cli/main.js"), "stale", "--json"], {}],
  [
    "embedded adapter",
    [path.join(ROOT, "dist/cli/main.js"), "stale", "--json"],
    { ADRIFT_GIT: "embedded" },
  ],
  ...(base
    ? [
        [
          "embedded adapter, ADRIFT_BENCH_BASE",
          [path.join(path.resolve(base), "dist/cli/main.js"), "stale", "--json"],
          { ADRIFT_GIT: "embedded" },
        ],
      ]
    : []),
];
const runs = 5;
const times = variants.map(() => []);
for (let i = 0; i < runs; i++)
  variants.forEach(([name, args, extra], v) => {
    rmSync(path.join(staleDir, ".git/adrift"), { recursive: true, force: true });
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, {
      cwd: staleDir,
      env: { ...gitEnv(), ...extra },
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
    times[v].push(Number(process.hrtime.bigint() - t0) / 1e6);
  });
const medianOf = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const floor = medianOf(times[0]);
const cliMs = medianOf(times[1]);
console.log(
  `\nstale --json, cache cold: ${hashes.length} commits over ${files} files (a rename with an edit in every fourth), 300 decisions`,
);
variants.forEach(([name], v) => {
  const ms = medianOf(times[v]);
  console.log(
    `  ${name.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / floor).toFixed(2)}x node  ${(ms / cliMs).toFixed(2)}x git CLI adapter`,
  );
});
