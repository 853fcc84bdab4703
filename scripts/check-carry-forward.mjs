// Checks, on a real repository's history, that a staleness report carried forward to a later
// HEAD is byte for byte what a run from nothing gives. It records decisions (kept untracked) on
// files, directories and globs of an old commit, then walks HEAD forward along the first-parent
// history by 1–4 commits at a time; at each step it runs `adrift stale --json` on the cache the
// step before left, then again with no cache, and compares.
//
// Run: node scripts/check-carry-forward.mjs <a clone you can spare> [commits, 260] [up to, HEAD]
// (it checks out commits with -f and leaves .decisions/ untracked in it). Exit 1 on a mismatch.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const [dir, count = "260", tip = "HEAD"] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/check-carry-forward.mjs <repository> [commits] [up to]");
  process.exit(2);
}
const env = { ...process.env, ADRIFT_PROFILE: "1" };
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
const git = (...args) => execFileSync("git", args, { cwd: dir, env, encoding: "utf8" });
const adrift = (...args) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env, encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) throw new Error(`adrift ${args.join(" ")}: ${r.stderr}`);
  return r;
};

/** A deterministic pseudo-random generator (mulberry32). */
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list, n) => [...list].sort(() => random() - 0.5).slice(0, n);

const walk = git("rev-list", "--first-parent", "--reverse", tip).trim().split("\n").slice(-count);
const state = path.join(dir, ".git/adrift");
git("checkout", "-q", "-f", "--detach", walk[0]);
rmSync(path.join(dir, ".decisions"), { recursive: true, force: true });
rmSync(state, { recursive: true, force: true });
adrift("init");
const files = git("ls-files")
  .trim()
  .split("\n")
  .filter((f) => !f.startsWith("."));
const dirs = [...new Set(files.filter((f) => f.includes("/")).map((f) => f.replace(/[^/]*$/, "")))];
const older = git("rev-list", "--first-parent", "HEAD").trim().split("\n").slice(1, 30);
let n = 0;
const decide = (scope, revision = "HEAD") =>
  adrift(
    "decision",
    "record",
    "--outcome",
    `d${n++} on ${scope}`,
    "--path",
    scope,
    "--revision",
    revision,
  );
for (const [i, file] of pick(files, 40).entries())
  decide(file, i % 7 === 3 ? older[i % older.length] : "HEAD");
for (const d of pick(dirs, 8)) decide(d);
for (const d of pick(dirs, 2)) decide(`${d}**/*`, older[older.length - 1]);
adrift("stale", "--json");

const counts = { steps: 0, carried: 0, whole: 0, mismatches: 0 };
for (let k = 0; k < walk.length - 1; ) {
  k = Math.min(walk.length - 1, k + 1 + Math.floor(random() * 4));
  git("checkout", "-q", "-f", "--detach", walk[k]);
  const carried = adrift("stale", "--json");
  if (carried.stderr.includes("previous report carried forward")) counts.carried++;
  else counts.whole++;
  // From nothing, then the carried cache put back for the next step.
  const saved = `${state}.saved`;
  cpSync(state, saved, { recursive: true });
  rmSync(state, { recursive: true });
  const whole = adrift("stale", "--json");
  rmSync(state, { recursive: true, force: true });
  cpSync(saved, state, { recursive: true });
  rmSync(saved, { recursive: true });
  counts.steps++;
  if (carried.stdout !== whole.stdout) {
    counts.mismatches++;
    console.error(
      `mismatch at ${walk[k]}: ${carried.stderr.split("\n").find((l) => l.includes("note"))}`,
    );
  }
}
console.log(
  `${counts.steps} steps over ${walk.length} first-parent commits: ${counts.carried} carried forward, ${counts.whole} read whole, ${counts.mismatches} mismatches (${n} decisions)`,
);
process.exit(counts.mismatches > 0 ? 1 : 0);
