// Synthetic repositories for the benchmarks, generated with git fast-import (seconds, not minutes).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { monotonicFactory } from "ulid";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CLI = path.join(ROOT, "dist/cli/main.js");
export const WORK = path.join(ROOT, "bench/.work");

/** A deterministic pseudo-random generator (mulberry32). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The environment for git in the benchmarks: fixed identity, no hooks' variables. */
export function gitEnv() {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1" };
  for (const k of ["GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE"]) delete env[k];
  return env;
}

/** `path/to/fileN.ts` for N in [0, files): spread over directories 10 wide. */
export function filePath(i) {
  return `src/mod${Math.floor(i / 100)}/sub${Math.floor(i / 10) % 10}/file${i % 10}.ts`;
}

/**
 * Creates `dir` as a repository with `commits` commits over `files` files (each commit edits
 * 1–3 files; the first adds them all). Returns the commit ids, oldest first.
 */
export function makeHistory(dir, { files, commits, seed = 1 }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env = gitEnv();
  execFileSync("git", ["init", "-q", "-b", "main", dir], { env });
  for (const [k, v] of [
    ["user.name", "Bench"],
    ["user.email", "bench@example.com"],
    ["commit.gpgsign", "false"],
  ])
    execFileSync("git", ["-C", dir, "config", k, v], { env });
  const rnd = random(seed);
  const chunks = [];
  let size = 0;
  const push = (s) => {
    chunks.push(s);
    size += s.length;
  };
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  for (let c = 1; c <= commits; c++) {
    const when = 1_700_000_000 + c * 60;
    push(`commit refs/heads/main\nmark :${c}\ncommitter Bench <bench@example.com> ${when} +0000\n`);
    push(data(`change ${c}`));
    if (c > 1) push(`from :${c - 1}\n`);
    if (c === 1)
      for (let f = 0; f < files; f++)
        push(`M 100644 inline ${filePath(f)}\n${data(`// file ${f}\n`)}`);
    else {
      const n = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < n; k++) {
        const f = Math.floor(rnd() * files);
        push(`M 100644 inline ${filePath(f)}\n${data(`// file ${f} v${c}.${k}\n`)}`);
      }
    }
  }
  const marks = path.join(dir, ".git/bench-marks");
  const result = spawnSync(
    "git",
    ["-C", dir, "fast-import", "--quiet", `--export-marks=${marks}`],
    {
      input: chunks.join(""),
      env,
      maxBuffer: 1 << 30,
    },
  );
  if (result.status !== 0) throw new Error(`fast-import failed: ${result.stderr}`);
  execFileSync("git", ["-C", dir, "reset", "-q", "--hard", "main"], { env });
  const hashes = new Array(commits);
  for (const line of readFileSync(marks, "utf8").trim().split("\n")) {
    const [mark, sha] = line.split(" ");
    hashes[Number(mark.slice(1)) - 1] = sha;
  }
  void size;
  return hashes;
}

/**
 * Writes a log of `decisions` decisions over `bases` distinct basis revisions (plus filler
 * events up to `events`), as adrift itself would have written them.
 */
export function writeLog(dir, { hashes, files, decisions, bases, events = 0, seed = 2 }) {
  const rnd = random(seed);
  const ulid = monotonicFactory(() => rnd());
  const start = Date.parse("2026-01-01T00:00:00Z");
  const actor = { kind: "human", name: "Bench", email: "bench@example.com" };
  const lines = [];
  let t = start;
  const stamp = () => {
    t += 1000;
    return { id: ulid(t), at: new Date(t).toISOString() };
  };
  const session = stamp();
  lines.push({
    ...session,
    type: "session_started",
    schema_version: 1,
    actor,
    session_id: session.id,
    data: { author: { name: "Bench", email: "bench@example.com" }, branch: "main" },
  });
  const basisCommits = [];
  for (let b = 0; b < bases; b++)
    basisCommits.push(hashes[Math.floor((b / bases) * (hashes.length - 1))]);
  const ids = [];
  for (let d = 0; d < decisions; d++) {
    const revision = basisCommits[Math.floor(rnd() * bases)];
    const f = Math.floor(rnd() * files);
    const kind = rnd();
    const touched =
      kind < 0.7
        ? [filePath(f), filePath((f + 1) % files)]
        : kind < 0.9
          ? [`${path.posix.dirname(filePath(f))}/`]
          : [`src/mod${Math.floor(f / 100)}/**/*.ts`];
    const fingerprints = Object.fromEntries(
      touched.filter((p) => p.endsWith(".ts") && !p.includes("*")).map((p) => [p, "0".repeat(40)]),
    );
    const e = stamp();
    ids.push(e.id);
    lines.push({
      ...e,
      type: "decision_recorded",
      schema_version: 1,
      actor,
      session_id: session.id,
      data: {
        card: {
          outcome: `Decision ${d} keeps module ${f} consistent`,
          trigger: "bench",
          chosen_approach: "a",
          selection_rationale: "because",
          constraints: "",
          validation_plan: "",
        },
        considered: [{ approach: "b", rejected_because: "slower" }],
        trivial: false,
        tags: [],
        findings: [],
        basis: { revision, touched_paths: touched, fingerprints },
      },
    });
  }
  while (lines.length < events) {
    const e = stamp();
    lines.push({
      ...e,
      type: "intent_card_amended",
      schema_version: 1,
      actor,
      session_id: session.id,
      data: {
        target_id: ids[Math.floor(rnd() * ids.length)],
        changes: { constraints: `note ${lines.length}` },
      },
    });
  }
  const logDir = path.join(dir, ".decisions/log");
  mkdirSync(logDir, { recursive: true });
  writeFileSync(
    path.join(logDir, "bench.events.ndjson"),
    `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
  );
  return { oldest: basisCommits[0] };
}

/** Runs `cmd args` `runs` times and returns the median wall time in ms (after `before`, untimed). */
export function median(cmd, args, { cwd, runs = 5, before, env = gitEnv() } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd, args, {
      cwd,
      env,
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 1 << 30,
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
