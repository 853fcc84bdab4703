#!/usr/bin/env node
// The trust checks against their floors, interleaved in one run (median of N each):
// - `validate --against <base>` on a pull request that appends 200 answers in a new file, against
//   `validate` alone (what --against adds: the base's files read from git, blame of the files
//   with answers) and `node -e 0`;
// - `list` on a log where two different lines share an id (git blame and ancestry are asked)
//   against the same log without them (nothing asked).
// The log: 20,000 events in 200 files, committed. With --compare <dist/cli/main.js of another
// build>, that build's validate runs in the same loop. Run: node bench/trust.mjs [--runs N]
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { generateLog } from "./support/generate-log.mjs";
import { CLI, gitEnv, WORK } from "./synthetic.mjs";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 9;
const compare = args.includes("--compare") ? args[args.indexOf("--compare") + 1] : undefined;
const env = { ...gitEnv(), NO_COLOR: "1" };
const git = (dir, ...a) => execFileSync("git", ["-C", dir, ...a], { env, encoding: "utf8" });
const as = (email) => ({
  ...env,
  GIT_AUTHOR_NAME: "Ana Souza",
  GIT_AUTHOR_EMAIL: email,
  GIT_COMMITTER_NAME: "Ana Souza",
  GIT_COMMITTER_EMAIL: email,
});

/** A repository with the generated log committed as `base`; returns its HEAD. */
function baseRepo(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, ".decisions/log"), { recursive: true });
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.name", "Ana Souza");
  git(dir, "config", "user.email", "dev0@example.com");
  generateLog(path.join(dir, ".decisions/log"), 20_000, 200);
  git(dir, "add", "-A");
  execFileSync("git", ["-C", dir, "commit", "-qm", "base"], { env: as("dev0@example.com") });
  return git(dir, "rev-parse", "HEAD").trim();
}

/** 200 questions of dev0's session, answered by dev0, appended in one new file and committed. */
function appendAnswers(dir) {
  const logDir = path.join(dir, ".decisions/log");
  const first = readdirSync(logDir).sort()[0];
  const session = JSON.parse(readFileSync(path.join(logDir, first), "utf8").split("\n")[0]);
  const actor = session.actor;
  const lines = [];
  let n = 0;
  const id = () => `01KZ${String(n++).padStart(22, "0")}`;
  for (let i = 0; i < 200; i++) {
    const envelope = {
      schema_version: 1,
      at: "2026-06-01T00:00:00.000Z",
      actor,
      session_id: session.id,
    };
    const question = id();
    const decision = id();
    lines.push(
      JSON.stringify({
        ...envelope,
        id: question,
        type: "open_question_declared",
        data: { question: `Q${i}?`, affects: { rules: [], stories: [], tasks: [] }, author: actor },
      }),
    );
    lines.push(
      JSON.stringify({
        ...envelope,
        id: decision,
        type: "decision_recorded",
        data: {
          card: { outcome: `A${i}`, trigger: `Q${i}?` },
          trivial: true,
          basis: { revision: "", touched_paths: [] },
          question_id: question,
        },
      }),
    );
    lines.push(
      JSON.stringify({
        ...envelope,
        id: id(),
        type: "open_question_answered",
        data: {
          question_id: question,
          answer: `A${i}`,
          accepted_suggestion: false,
          decision_id: decision,
          answered_by: { name: actor.name, email: actor.email },
        },
      }),
    );
  }
  writeFileSync(path.join(logDir, "answers.events.ndjson"), `${lines.join("\n")}\n`);
  git(dir, "add", "-A");
  execFileSync("git", ["-C", dir, "commit", "-qm", "answers"], { env: as(actor.email) });
}

/** A different line with the id of an existing session, in a new file, committed. */
function addConflict(dir) {
  const logDir = path.join(dir, ".decisions/log");
  const first = readdirSync(logDir).sort()[0];
  const session = JSON.parse(readFileSync(path.join(logDir, first), "utf8").split("\n")[0]);
  const forged = {
    ...session,
    data: { ...session.data, author: { name: "Bia", email: "bia@example.com" } },
  };
  writeFileSync(path.join(logDir, "zz-forged.events.ndjson"), `${JSON.stringify(forged)}\n`);
  git(dir, "add", "-A");
  execFileSync("git", ["-C", dir, "commit", "-qm", "forged"], { env: as("bia@example.com") });
}

const pr = path.join(WORK, "trust-pr");
const clean = path.join(WORK, "trust-clean");
const conflicted = path.join(WORK, "trust-conflict");
if (!existsSync(path.join(WORK, "trust-done"))) {
  mkdirSync(WORK, { recursive: true });
  const base = baseRepo(pr);
  git(pr, "tag", "base", base);
  rmSync(clean, { recursive: true, force: true });
  cpSync(pr, clean, { recursive: true });
  appendAnswers(pr);
  rmSync(conflicted, { recursive: true, force: true });
  cpSync(clean, conflicted, { recursive: true });
  addConflict(conflicted);
  writeFileSync(path.join(WORK, "trust-done"), "");
}

const kinds = {
  "node -e 0": [process.execPath, ["-e", "0"]],
  validate: [process.execPath, [CLI, "validate", "-C", pr]],
  "validate --against": [process.execPath, [CLI, "validate", "--against", "base", "-C", pr]],
  "list (no duplicate id)": [process.execPath, [CLI, "list", "--json", "-C", clean]],
  "list (one duplicate id)": [process.execPath, [CLI, "list", "--json", "-C", conflicted]],
  stale: [process.execPath, [CLI, "stale", "--json", "-C", clean]],
  ...(compare
    ? {
        "validate, other build": [process.execPath, [compare, "validate", "-C", pr]],
        "validate --against, other": [
          process.execPath,
          [compare, "validate", "--against", "base", "-C", pr],
        ],
        "list, other build": [process.execPath, [compare, "list", "--json", "-C", clean]],
        "stale, other build": [process.execPath, [compare, "stale", "--json", "-C", clean]],
      }
    : {}),
};
const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
for (const [, [cmd, a]] of Object.entries(kinds)) spawnSync(cmd, a, { env }); // warm caches
for (let r = 0; r < runs; r++)
  for (const [kind, [cmd, a]] of Object.entries(kinds)) {
    const t0 = process.hrtime.bigint();
    const result = spawnSync(cmd, a, {
      env,
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 1 << 30,
    });
    times[kind].push(Number(process.hrtime.bigint() - t0) / 1e6);
    // validate exits 2 on the conflicted log only; here every run must succeed
    if (result.status !== 0) throw new Error(`${kind} exited ${result.status}: ${result.stderr}`);
  }
const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const floor = m["node -e 0"];
const row = (kind, against) =>
  `${kind.padEnd(26)} ${m[kind].toFixed(0).padStart(6)} ms  ${(m[kind] / floor).toFixed(2)}× node -e 0${against ? `  ${(m[kind] / m[against]).toFixed(2)}× ${against}` : ""}`;
console.log(
  `log: 20,000 events in 200 files (+600 lines of answers in the PR); median of ${runs}, interleaved; node ${process.version}`,
);
console.log(row("node -e 0"));
console.log(row("validate"));
console.log(row("validate --against", "validate"));
console.log(row("list (no duplicate id)"));
console.log(row("list (one duplicate id)", "list (no duplicate id)"));
console.log(row("stale"));
if (compare) {
  console.log(`other build: ${compare}`);
  console.log(row("validate, other build", "validate"));
  console.log(row("validate --against, other", "validate --against"));
  console.log(row("list, other build", "list (no duplicate id)"));
  console.log(row("stale, other build", "stale"));
}
