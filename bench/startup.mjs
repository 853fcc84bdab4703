// Start-up of the CLI against `node -e 0`, interleaved rounds, on Node 20 (the one running this)
// and Node 24 (given, or at the usual path), with Node's compile cache and without it
// (NODE_DISABLE_COMPILE_CACHE=1; Node 20 has none). Commands: `--version` (commander and the
// program), a workline-trailer hook (`hook run commit-msg`, what a commit pays while a workline
// is active) and `stale --json` on a small repository (warm cache).
// Run: node bench/startup.mjs [--node24 /path/to/node] [--rounds 15]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLI, gitEnv } from "./synthetic.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const ROUNDS = Number(option("--rounds", "15"));
const NODE24 = option("--node24", "/work/node24/node_modules/node/bin/node");
const env = gitEnv();
const dir = mkdtempSync(path.join(tmpdir(), "adrift-startup-"));
const git = (...a) => execFileSync("git", ["-C", dir, ...a], { env });
git("init", "-q");
git("config", "user.email", "b@example.com");
git("config", "user.name", "Bench");
writeFileSync(path.join(dir, "a.ts"), "a\n");
git("add", "-A");
git("commit", "-qm", "a");
execFileSync(
  process.execPath,
  [CLI, "decision", "record", "--outcome", "o", "--trivial", "--path", "a.ts", "-C", dir],
  { env },
);
execFileSync(process.execPath, [CLI, "workline", "open", "w", "-C", dir], { env });
const message = path.join(dir, "MSG");
writeFileSync(message, "subject\n");

const commands = {
  "--version": ["--version"],
  "hook run commit-msg": ["hook", "run", "commit-msg", message],
  "stale --json": ["stale", "--json"],
};

function time(node, argv, extra = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(node, argv, { cwd: dir, env: { ...env, ...extra }, stdio: "ignore" });
  if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`load average: ${execFileSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).trim()}`);
for (const node of [process.execPath, ...(existsSync(NODE24) ? [NODE24] : [])]) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  const modes = version.startsWith("v20") ? ["none"] : ["cache", "no cache"];
  const ratios = {};
  const floors = [];
  for (const argv of Object.values(commands)) time(node, [CLI, ...argv]); // fills the cache
  for (let round = 0; round < ROUNDS; round++) {
    const floor = time(node, ["-e", "0"]);
    floors.push(floor);
    for (const [name, argv] of Object.entries(commands))
      for (const mode of modes) {
        const extra = mode === "no cache" ? { NODE_DISABLE_COMPILE_CACHE: "1" } : {};
        const key = `${name} (${mode})`;
        ratios[key] = [...(ratios[key] ?? []), time(node, [CLI, ...argv], extra) / floor];
      }
  }
  console.log(`\n== Node ${version}: node -e 0 median ${median(floors).toFixed(0)} ms`);
  for (const [name, xs] of Object.entries(ratios))
    console.log(
      `${name.padEnd(34)} ${median(xs).toFixed(2)}x node -e 0 (${(median(xs) * median(floors)).toFixed(0)} ms)`,
    );
}
