// Backlog at scale: `question list` and `coverage` on a large log, against the floor
// (node reading the same files and JSON.parse-ing every line). Run: node bench/backlog.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const SIZE = Number(process.env.BENCH_EVENTS ?? 20_000);
const dir = mkdtempSync(path.join(tmpdir(), "adrift-bench-backlog-"));
const env = { ...process.env, NO_COLOR: "1", GIT_CONFIG_NOSYSTEM: "1" };
for (const name of Object.keys(env))
  if (/^(CLAUDE|CODEX|CURSOR|GEMINI|AIDER|ADRIFT_)/.test(name)) delete env[name];
const git = (...args) => execFileSync("git", args, { cwd: dir, env });
git("init", "-q", "-b", "main");
git("config", "user.email", "ana@example.com");
git("config", "user.name", "Ana");
git("commit", "-q", "--allow-empty", "-m", "init");

const B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let n = 0;
const nextId = () => {
  let out = "";
  for (let rest = ++n, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) out = B32[rest % 32] + out;
  return `01J${out}${"0".repeat(13)}`;
};
const session = nextId();
const actor = { kind: "human", name: "Ana", email: "ana@example.com" };
const lines = [];
const emit = (type, data, id = nextId()) => {
  lines.push(
    JSON.stringify({
      id,
      type,
      schema_version: 1,
      at: "2026-01-01T00:00:00.000Z",
      actor,
      session_id: session,
      data,
    }),
  );
  return id;
};
emit("session_started", { author: { name: "Ana", email: "ana@example.com" } }, session);
const rules = Array.from({ length: 200 }, (_, i) =>
  emit("business_rule_recorded", { key: `RN-${i}`, title: `rule ${i}`, text: "t" }),
);
const epic = emit("epic_created", { title: "epic" });
while (lines.length < SIZE) {
  const story = emit("story_created", {
    epic_id: epic,
    title: "story",
    functional_requirements: ["rf"],
    definition_of_done: ["dod"],
    definition_of_ready: ["dor"],
    business_rule_ids: [rules[lines.length % 150]],
  });
  emit("story_transitioned", { story_id: story, from: "draft", to: "ready" });
  const task = emit("task_created", { story_id: story, title: "task" });
  emit("task_transitioned", { task_id: task, from: "todo", to: "in_progress" });
  const question = emit("open_question_declared", {
    question: "why?",
    affects: { rules: [], stories: [story], tasks: [task] },
    author: { name: "qa" },
  });
  if (lines.length % 2 === 0) {
    const decision = emit("decision_recorded", {
      card: { trigger: "why?", outcome: "because" },
      basis: { revision: "", touched_paths: [] },
      question_id: question,
    });
    emit("open_question_answered", {
      question_id: question,
      answer: "because",
      accepted_suggestion: false,
      decision_id: decision,
      answered_by: { name: "Ana", email: "ana@example.com" },
    });
  }
}
mkdirSync(path.join(dir, ".decisions/log"), { recursive: true });
writeFileSync(path.join(dir, ".decisions/log/bench.events.ndjson"), `${lines.join("\n")}\n`);

const FLOOR = `const fs=require("node:fs");const d=".decisions/log";let n=0;for(const f of fs.readdirSync(d))for(const l of fs.readFileSync(d+"/"+f,"utf8").split("\\n"))if(l)JSON.parse(l),n++;console.log(n)`;
function time(args) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, {
      cwd: dir,
      env,
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr);
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return runs.sort((a, b) => a - b)[2];
}
const floor = time(["-e", FLOOR]);
console.log(`backlog bench: ${lines.length} events (median of 5 runs)`);
console.log(`  floor (node + JSON.parse every line)  ${floor.toFixed(0)} ms`);
for (const args of [
  ["list", "--json"],
  ["question", "list", "--json"],
  ["coverage", "--json"],
  ["task", "list", "--json"],
]) {
  const ms = time([CLI, ...args]);
  console.log(
    `  adrift ${args.join(" ").padEnd(28)} ${ms.toFixed(0)} ms  (${(ms / floor).toFixed(2)}× floor)`,
  );
}
if (process.env.BENCH_KEEP) console.log(dir);
else rmSync(dir, { recursive: true, force: true });
