// The fingerprint path (recording a decision over a wide scope) on a 50,000-file repository:
// the embedded adapter (isomorphic-git) against the git CLI adapter. Run: node bench/embedded.mjs
import path from "node:path";
import { gitEnv, makeHistory, ROOT, WORK } from "./synthetic.mjs";

const { openGit } = await import(path.join(ROOT, "dist/adapters/git/open.js"));
const { fingerprintFiles } = await import(path.join(ROOT, "dist/app/stale-engine.js"));

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
