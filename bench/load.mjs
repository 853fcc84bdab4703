#!/usr/bin/env node
// Load benchmark: adrift's full load (read, validate, fold) against the floor (read the files
// and JSON.parse every line), on a generated log of 1,000,000 events in 1,000 files.
// Each measurement runs in its own child process so peak memory (maxRSS) is its own.
//   node bench/load.mjs [--events N] [--files N] [--runs N]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateLog } from "./support/generate-log.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

if (args[0] === "--child") {
  await runChild(args[1], args[2]);
} else {
  await main();
}

async function main() {
  const events = flag("--events", 1_000_000);
  const files = flag("--files", 1_000);
  const runs = flag("--runs", 3);
  const root = path.join(here, ".work", `log-${events}-${files}`);
  const logDir = path.join(root, ".decisions", "log");
  if (!existsSync(path.join(root, "done"))) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    process.stderr.write(`generating ${events} events in ${files} files under ${root} …\n`);
    generateLog(logDir, events, files);
    execFileSync("touch", [path.join(root, "done")]);
  }
  const bytes = readdirSync(logDir).reduce((n, f) => n + statSync(path.join(logDir, f)).size, 0);
  const results = { floor: [], adrift: [] };
  for (let i = 0; i < runs; i++) {
    for (const kind of ["floor", "adrift"]) {
      const child = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), "--child", kind, root],
        {
          encoding: "utf8",
          maxBuffer: 1 << 20,
        },
      );
      if (child.status !== 0) throw new Error(`${kind} child failed: ${child.stderr}`);
      results[kind].push(JSON.parse(child.stdout));
    }
  }
  const best = (kind) => results[kind].reduce((a, b) => (a.ms <= b.ms ? a : b));
  const peak = (kind) => Math.max(...results[kind].map((r) => r.rss));
  const floor = best("floor");
  const adrift = best("adrift");
  const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const lines = [
    `log: ${floor.lines} lines, ${files} files, ${mb(bytes)} on disk (${(bytes / floor.lines).toFixed(0)} B/event)`,
    `floor  (read + JSON.parse):        ${floor.ms.toFixed(0)} ms, peak RSS ${mb(peak("floor"))}`,
    `adrift (readLog + foldEvents):     ${adrift.ms.toFixed(0)} ms, peak RSS ${mb(peak("adrift"))} (${adrift.events} events, ${adrift.problems} problems, ${adrift.records} records)`,
    `ratio time:   ${(adrift.ms / floor.ms).toFixed(2)}x  (goal <= 1.6x)`,
    `ratio memory: ${(peak("adrift") / bytes).toFixed(2)}x the log on disk  (goal <= 3x)`,
    `best of ${runs} runs each, node ${process.version}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

async function runChild(kind, root) {
  const logDir = path.join(root, ".decisions", "log");
  const started = performance.now();
  let out;
  if (kind === "floor") {
    const parsed = [];
    for (const file of readdirSync(logDir).sort()) {
      const text = readFileSync(path.join(logDir, file), "utf8");
      for (const line of text.split("\n")) if (line.length > 0) parsed.push(JSON.parse(line));
    }
    out = { lines: parsed.length };
  } else {
    const { readLog, foldEvents } = await import("../dist/index.js");
    const log = await readLog(logDir, root);
    const state = foldEvents(log.events);
    out = {
      events: log.events.length + log.unknown.length,
      problems: log.problems.length,
      records: state.records.size,
    };
  }
  const ms = performance.now() - started;
  const rss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ ...out, ms, rss }));
}
