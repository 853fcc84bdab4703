// Speed of `adrift mcp`, against its floors, in one run:
//   1. start-up: spawn → initialize answered, against a bare node process answering the same line
//      and a minimal server on the SDK alone (the SDK's own load time is most of it);
//   2. a read tool (list_records) on a log of N events over one warm connection, against
//      spawning `adrift list --json` per call (what an agent without MCP would do).
// Usage: npm run build && node bench/mcp.mjs [events=2000] [rounds=20]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const events = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 20);
const env = { ...process.env, NO_COLOR: "1", GIT_CONFIG_NOSYSTEM: "1" };
for (const name of Object.keys(env))
  if (/^(CLAUDE|CODEX|CURSOR|GIT_DIR|GIT_INDEX)/.test(name)) delete env[name];

const dir = mkdtempSync(path.join(tmpdir(), "adrift-bench-mcp-"));
const git = (...args) => spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
git("init", "-q", "-b", "main");
git("config", "user.name", "Bench");
git("config", "user.email", "bench@example.com");
git("commit", "-q", "--allow-empty", "-m", "initial");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n) => `${n.toFixed(1)} ms`;

const INIT = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "bench", version: "0" },
  },
})}\n`;

function timeFirstReply(args) {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd: dir, env });
    child.stdout.once("data", () => {
      const elapsed = performance.now() - start;
      child.kill();
      resolve(elapsed);
    });
    child.stdin.write(INIT);
  });
}

const ECHO = `process.stdin.once("data", () => process.stdout.write('{"jsonrpc":"2.0","id":1,"result":{}}\\n'))`;
const SDK = (file) =>
  JSON.stringify(import.meta.resolve(`@modelcontextprotocol/sdk/server/${file}`));
const SDK_ONLY = `const { Server } = await import(${SDK("index.js")});
const { StdioServerTransport } = await import(${SDK("stdio.js")});
await new Server({ name: "floor", version: "0" }, { capabilities: { tools: {} } }).connect(new StdioServerTransport());`;
const startAdrift = [];
const startFloor = [];
const startSdk = [];
for (let i = 0; i < rounds; i++) {
  startAdrift.push(await timeFirstReply([CLI, "mcp"]));
  startFloor.push(await timeFirstReply(["-e", ECHO]));
  startSdk.push(await timeFirstReply(["--input-type=module", "-e", SDK_ONLY]));
}

// Fill the log through the server itself (one client, one session).
const client = new Client({ name: "bench", version: "0" });
await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp"], cwd: dir, env }),
);
const fillStart = performance.now();
for (let i = 0; i < events; i++)
  await client.callTool({
    name: "record_intent_card",
    arguments: {
      card: { outcome: `outcome ${i}`, trigger: "bench" },
      trivial: true,
      tags: [`t${i % 7}`],
    },
  });
const perWrite = (performance.now() - fillStart) / events;

const viaMcp = [];
const viaCli = [];
for (let i = 0; i < rounds; i++) {
  let start = performance.now();
  await client.callTool({ name: "list_records", arguments: { tag: "t3" } });
  viaMcp.push(performance.now() - start);
  start = performance.now();
  spawnSync(process.execPath, [CLI, "list", "--tag", "t3", "--json"], { cwd: dir, env });
  viaCli.push(performance.now() - start);
}
await client.close();
rmSync(dir, { recursive: true, force: true });

console.log(`adrift mcp, ${rounds} rounds, medians`);
console.log(
  `start-up to initialize answered: ${ms(median(startAdrift))} vs bare node ${ms(median(startFloor))} (×${(median(startAdrift) / median(startFloor)).toFixed(2)})`,
);
console.log(
  `  the SDK alone: ${ms(median(startSdk))} (adrift ×${(median(startAdrift) / median(startSdk)).toFixed(2)} of it)`,
);
console.log(`record_intent_card over MCP: ${ms(perWrite)} per call (${events} calls)`);
console.log(
  `list_records on ${events} records: ${ms(median(viaMcp))} over a warm connection vs ${ms(median(viaCli))} spawning \`adrift list --json\` (×${(median(viaMcp) / median(viaCli)).toFixed(2)})`,
);
