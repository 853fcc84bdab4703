// Benchmark: `adrift pr-comment` on a pull request changing 5,000 files in a repository with
// 10,000 decisions, against the floor `git diff --name-only -z base...head` + `node -e 0`.
// Warm: the derived state under .git/adrift (report index, stale digest, staleness cache) from
// the run before; cold: .git/adrift removed before each run (the log read, validated and folded,
// history read, staleness computed).
// Run: node bench/pr-comment.mjs   (builds nothing; run `npm run build` first)
// BASE_CHANGED=N: the base branch changed N of the PR's governed files before it forked, so the
// comment judges those records at the merge base (what a PR on a moving base branch meets).
// Before and after in one run: CLI_BEFORE=<path to an older build's dist/cli/main.js> also times
// that build, interleaved run by run with this one, on the same repositories (several builds:
// their paths separated by commas).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = path.join(ROOT, "dist/cli/main.js");
// CLI_BEFORE may name several builds, separated by commas: all are timed, interleaved.
const BEFORE = (process.env.CLI_BEFORE ?? "")
  .split(",")
  .filter(Boolean)
  .map((p) => path.resolve(p));
const WORK = path.join(ROOT, "bench/.work/pr-comment");
const DECISIONS = Number(process.env.DECISIONS ?? 10_000);
const FILES = Number(process.env.FILES ?? 10_000);
const CHANGED = Number(process.env.CHANGED ?? 5_000);
const RUNS = Number(process.env.RUNS ?? 5);
// Files the base branch changed after the decisions, before the PR forked (governed files the PR
// changes too): their records list commits of both, and the comment judges them at the merge base.
const BASE_CHANGED = Number(process.env.BASE_CHANGED ?? 0);

const env = {
  ...process.env,
  NO_COLOR: "1",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Bench",
  GIT_AUTHOR_EMAIL: "bench@example.com",
  GIT_COMMITTER_NAME: "Bench",
  GIT_COMMITTER_EMAIL: "bench@example.com",
};
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
const git = (dir, ...args) =>
  execFileSync("git", args, { cwd: dir, env, encoding: "utf8", maxBuffer: 1 << 30 });

const B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
function ulid(n) {
  let s = "";
  for (let i = 0; i < 16; i++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
  return `01JC000000${s}`;
}

/** A repository at `dir`: `files` files, `decisions` decisions, a branch changing `changed` files. */
function setUp(dir, { decisions, files, changed, baseChanged = 0 }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "commit.gpgsign", "false");
  for (let i = 0; i < files; i++) {
    const file = path.join(dir, `src/d${i % 100}/f${i}.ts`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `export const v${i} = ${i};\n`);
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "code");
  const revision = git(dir, "rev-parse", "HEAD").trim();
  const session = ulid(0);
  const actor = { kind: "human", name: "Bench", email: "bench@example.com" };
  const base = { schema_version: 1, at: "2026-01-01T00:00:00Z", actor, session_id: session };
  const lines = [
    JSON.stringify({
      ...base,
      id: session,
      type: "session_started",
      data: { author: { name: "Bench", email: "bench@example.com" } },
    }),
  ];
  for (let i = 1; i <= decisions; i++) {
    const scope =
      i % 100 === 0
        ? `src/d${i % 97}/**/*.ts`
        : i % 10 === 0
          ? `src/d${i % 100}/`
          : `src/d${i % 100}/f${i % files}.ts`;
    lines.push(
      JSON.stringify({
        ...base,
        id: ulid(i),
        type: "decision_recorded",
        data: {
          card: {
            outcome: `Decision ${i} about ${scope}`,
            trigger: "bench",
            chosen_approach: "a",
            selection_rationale: "b",
            constraints: "",
            validation_plan: "",
          },
          considered: [{ approach: "other", rejected_because: "slower" }],
          trivial: false,
          tags: [],
          findings: [],
          basis: { revision, touched_paths: [scope] },
        },
      }),
    );
  }
  mkdirSync(path.join(dir, ".decisions/log"), { recursive: true });
  writeFileSync(path.join(dir, ".decisions/log/bench.events.ndjson"), `${lines.join("\n")}\n`);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "decisions");
  if (baseChanged > 0) {
    for (let j = 0; j < baseChanged; j++) {
      const i = 2 * j;
      writeFileSync(path.join(dir, `src/d${i % 100}/f${i}.ts`), `export const base${i} = ${i};\n`);
    }
    git(dir, "commit", "-q", "-am", "the base branch before the fork");
  }
  git(dir, "checkout", "-q", "-b", "feature");
  for (let i = 0; i < changed; i++) {
    const d = i % 2 === 0 ? `src/d${i % 100}/f${i}.ts` : `lib/new${i}.ts`;
    mkdirSync(path.dirname(path.join(dir, d)), { recursive: true });
    writeFileSync(path.join(dir, d), `export const changed${i} = ${i};\n`);
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "the pull request");
}

function time(dir, cmd, args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: dir, env, maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median floor, warm and cold times of `pr-comment` in `dir` for `cli`, interleaved run by run. */
function measure(dir, clis = [CLI]) {
  const comment = (cli) => time(dir, process.execPath, [cli, "pr-comment", "--base", "main"]);
  const cold = (cli) => {
    rmSync(path.join(dir, ".git/adrift"), { recursive: true, force: true });
    return comment(cli);
  };
  // A CI run on a fresh checkout with .git/adrift restored from a cache: the same contents,
  // with new mtimes and inodes, for the log files and for every file under .git/adrift.
  const rewrite = (file) => {
    const bytes = readFileSync(file);
    rmSync(file);
    writeFileSync(file, bytes);
  };
  const state = path.join(dir, ".git/adrift");
  const restored = (cli) => {
    rewrite(path.join(dir, ".decisions/log/bench.events.ndjson"));
    for (const name of readdirSync(state)) rewrite(path.join(state, name));
    return comment(cli);
  };
  const floor = [];
  const runs = clis.map(() => ({ warm: [], cold: [], restored: [] }));
  for (let i = 0; i < RUNS; i++) {
    floor.push(
      time(dir, "git", ["diff", "--name-only", "-z", "main...feature"]) +
        time(dir, process.execPath, ["-e", "0"]),
    );
    clis.forEach((cli, k) => {
      // Each build starts from its own derived state: the other's may differ in shape.
      cold(cli);
      comment(cli); // warm the caches and the OS
      runs[k].warm.push(comment(cli));
      runs[k].restored.push(restored(cli));
      runs[k].cold.push(cold(cli));
    });
  }
  return {
    floor: median(floor),
    rounds: runs,
    builds: runs.map((r) => ({
      warm: median(r.warm),
      cold: median(r.cold),
      restored: median(r.restored),
    })),
  };
}

const clis = [CLI, ...BEFORE];
const names = ["this build", ...BEFORE.map((p) => `before (${p})`)];
setUp(WORK, { decisions: DECISIONS, files: FILES, changed: CHANGED, baseChanged: BASE_CHANGED });
const big = measure(WORK, clis);
const f = big.floor;
console.log(
  `pr-comment: ${DECISIONS} decisions, ${CHANGED} changed files (${FILES} in the tree), ${BASE_CHANGED} of them changed on the base branch before the fork, median of ${RUNS}`,
);
console.log(`  floor (git diff --name-only -z + node -e 0): ${f.toFixed(0)} ms`);
big.builds.forEach(({ warm: w, cold: c, restored: r }, k) => {
  console.log(`  ${names[k]}:`);
  console.log(`    adrift pr-comment --base main, warm:        ${w.toFixed(0)} ms`);
  console.log(`    adrift pr-comment --base main, cold:        ${c.toFixed(0)} ms`);
  console.log(
    `    the same, fresh checkout with .git/adrift restored (CI cache): ${r.toFixed(0)} ms (${(r / f).toFixed(2)}x)`,
  );
  console.log(`    ratio: ${(w / f).toFixed(2)}x warm (goal <= 2x), ${(c / f).toFixed(2)}x cold`);
});
/** Per round (interleaved), each build's warm time over this build's: the noise a median hides. */
function perRound(label, m) {
  for (let k = 1; k < clis.length; k++) {
    const ratios = m.rounds[0].warm.map((w, i) => (w / m.rounds[k].warm[i]).toFixed(2));
    console.log(`  ${label}, warm, this build / ${names[k]}, per round: ${ratios.join(" ")}`);
  }
}
perRound("big", big);
// The same command where there is next to nothing to do: what starting adrift costs on its own.
const small = path.join(ROOT, "bench/.work/pr-comment-small");
setUp(small, { decisions: 10, files: 10, changed: 2 });
const s = measure(small, clis);
s.builds.forEach(({ warm }, k) => {
  console.log(
    `  ${names[k]}, on 10 decisions and 2 changed files: floor ${s.floor.toFixed(0)} ms, warm ${warm.toFixed(0)} ms (${(warm / s.floor).toFixed(2)}x): the cost of starting adrift alone`,
  );
});
perRound("small", s);
console.log(`  load average at the end: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
