// Speed of the agent hook path and of doctor, against their floors, in one run:
//   node bench/agents.mjs [decisions=5000]
// Floors: bare `node -e 0` start-up (the hook cannot be faster than a process start) and
// `git ls-files -z` (doctor lists the tracked files once).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { monotonicFactory } from "ulid";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const count = Number(process.argv[2] ?? 5000);
const dir = mkdtempSync(path.join(tmpdir(), "adrift-bench-agents-"));
const env = { ...process.env, NO_COLOR: "1", GIT_CONFIG_NOSYSTEM: "1" };
for (const name of Object.keys(env))
  if (/^(CLAUDE|CODEX|CURSOR|GEMINI|AI_AGENT$|AGENT$)/.test(name)) delete env[name];
const git = (...args) => execFileSync("git", args, { cwd: dir, env });

git("init", "-q", "-b", "main");
git("config", "user.email", "b@example.com");
git("config", "user.name", "Bench");
for (let i = 0; i < 200; i++) {
  mkdirSync(path.join(dir, `src/m${i % 20}`), { recursive: true });
  writeFileSync(path.join(dir, `src/m${i % 20}/f${i}.ts`), `export const v${i} = ${i};\n`);
}
git("add", ".");
git("-c", "commit.gpgsign=false", "commit", "-qm", "code");
const head = git("rev-parse", "HEAD").toString().trim();

// a log of `count` decisions, written as the writer would (one session, one file)
const ulid = monotonicFactory();
const actor = { kind: "human", name: "Bench", email: "b@example.com" };
const session = ulid();
const at = "2026-11-30T00:00:00.000Z";
const lines = [
  {
    id: session,
    type: "session_started",
    schema_version: 1,
    at,
    actor,
    session_id: session,
    data: { author: { name: "Bench", email: "b@example.com" }, branch: "main" },
  },
];
for (let i = 0; i < count; i++)
  lines.push({
    id: ulid(),
    type: "decision_recorded",
    schema_version: 1,
    at,
    actor,
    session_id: session,
    data: {
      card: {
        outcome: `decision ${i}`,
        trigger: "t",
        chosen_approach: "c",
        selection_rationale: "r",
        constraints: "",
        validation_plan: "",
      },
      considered: [],
      trivial: true,
      tags: [],
      findings: [],
      basis: {
        revision: head,
        touched_paths: [i % 3 === 0 ? `src/m${i % 20}/` : `src/m${i % 20}/f${i % 200}.ts`],
      },
    },
  });
// Proposals for the consent path: cards an agent wrote (dated ahead, so every agent session of
// the bench counts them as its own), one confirmed per round by the prompt hook.
const ROUNDS = 7;
for (let i = 0; i < ROUNDS; i++)
  lines.push({
    id: ulid(),
    type: "intent_card_recorded",
    schema_version: 1,
    at: "2099-01-01T00:00:00.000Z",
    actor: { kind: "agent", name: "claude-code", email: "b@example.com" },
    session_id: session,
    data: {
      card: {
        outcome: `proposal ${i}`,
        trigger: "t",
        chosen_approach: "c",
        selection_rationale: "r",
        constraints: "",
        validation_plan: "",
      },
      considered: [],
      trivial: true,
      tags: [],
    },
  });
mkdirSync(path.join(dir, ".decisions/log"), { recursive: true });
writeFileSync(
  path.join(dir, ".decisions/log/bench.events.ndjson"),
  `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
);

function time(label, program, args, input = "", runs = 7) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(program, args, { cwd: dir, env, input, encoding: "utf8" });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0 && !label.startsWith("doctor"))
      throw new Error(`${label}: ${result.stderr}`);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(runs / 2)];
}

const edit = JSON.stringify({
  session_id: "bench",
  cwd: dir,
  tool_input: { file_path: "src/m3/f3.ts" },
});
const floorNode = time("node -e 0", process.execPath, ["-e", "0"]);
const hookPre = time(
  "hook pre-edit",
  process.execPath,
  [CLI, "agent", "hook", "pre-edit", "--agent", "claude"],
  edit,
);
const hookStart = time(
  "hook session-start",
  process.execPath,
  [CLI, "agent", "hook", "session-start", "--agent", "claude"],
  '{"session_id":"b2"}',
);
// The consent path, each round in a new agent session: the stop hook shows the oldest proposal
// nobody confirmed, and the prompt hook reads "yes" and appends the person's intent_confirmed.
const stops = [];
const prompts = [];
for (let i = 0; i < ROUNDS; i++) {
  const input = JSON.stringify({ session_id: `consent-${i}`, cwd: dir });
  const reply = JSON.stringify({ session_id: `consent-${i}`, cwd: dir, prompt: "yes" });
  const run = (event, stdin) => {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [CLI, "agent", "hook", event, "--agent", "claude"], {
      cwd: dir,
      env,
      input: stdin,
      encoding: "utf8",
    });
    if (!result.stdout.includes(event === "stop" ? "Proposed intent card" : "confirmed"))
      throw new Error(`hook ${event}: ${result.stdout}${result.stderr}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  stops.push(run("stop", input));
  prompts.push(run("prompt", reply));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hookStop = median(stops);
const hookPrompt = median(prompts);
const floorLs = time("git ls-files -z", "git", ["ls-files", "-z"]);
const doctor = time("doctor", process.execPath, [CLI, "doctor", "--json"]);
rmSync(dir, { recursive: true, force: true });

const row = (label, ms, floor, floorLabel) =>
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / floor).toFixed(1).padStart(5)}× ${floorLabel}`,
  );
console.log(`log: ${count} decisions, 200 tracked files (median of 7 runs)`);
row("node -e 0 (floor)", floorNode, floorNode, "node start-up");
row("agent hook pre-edit --agent claude", hookPre, floorNode, "node start-up");
row("agent hook session-start", hookStart, floorNode, "node start-up");
row("agent hook stop (proposal block)", hookStop, floorNode, "node start-up");
row("agent hook prompt (yes: confirms)", hookPrompt, floorNode, "node start-up");
row("git ls-files -z (floor)", floorLs, floorLs, "git ls-files");
row("doctor --json", doctor, floorLs, "git ls-files");
