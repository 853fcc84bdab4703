#!/usr/bin/env node
// Load benchmark: adrift's full load (read, validate, fold) against the floor (read the files
// and JSON.parse every line), on a generated log of 1,000,000 events in 1,000 files.
// Each measurement runs in its own child process so peak memory (maxRSS) is its own.
// adrift is measured twice: checking every line, and trusting files an earlier read
// validated (the cache under .git/adrift/ that list/show/record use).
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
  const kinds = ["floor", "adrift", "adrift-cached"];
  const results = Object.fromEntries(kinds.map((k) => [k, []]));
  rmSync(path.join(root, "validated-files.json"), { force: true });
  spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", "prime", root]);
  for (let i = 0; i < runs; i++) {
    for (const kind of kinds) {
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
  const cached = best("adrift-cached");
  const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const lines = [
    `log: ${floor.lines} lines, ${files} files, ${mb(bytes)} on disk (${(bytes / floor.lines).toFixed(0)} B/event)`,
    `floor  (read + JSON.parse):        ${floor.ms.toFixed(0)} ms, peak RSS ${mb(peak("floor"))}`,
    `adrift (readLog + foldEvents):     ${adrift.ms.toFixed(0)} ms, peak RSS ${mb(peak("adrift"))} (${adrift.events} events, ${adrift.problems} problems, ${adrift.records} records)`,
    `adrift, files validated earlier and unchanged (cache of validated files): ${cached.ms.toFixed(0)} ms, peak RSS ${mb(peak("adrift-cached"))}`,
    `ratio time, every line validated:   ${(adrift.ms / floor.ms).toFixed(2)}x  (goal <= 1.6x)`,
    `ratio time, unchanged files cached: ${(cached.ms / floor.ms).toFixed(2)}x  (goal <= 1.6x)`,
    `memory: floor ${(peak("floor") / bytes).toFixed(2)}x, adrift ${(peak("adrift") / bytes).toFixed(2)}x, cached ${(peak("adrift-cached") / bytes).toFixed(2)}x the log on disk  (goal <= 3x)`,
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
    const { readLog, foldEvents, openValidatedFiles } = await import("../dist/index.js");
    // "adrift" checks every line (as `validate` does); "adrift-cached" trusts files validated
    // by an earlier read and unchanged since (as list, show and the recording commands do);
    // "prime" is that earlier read.
    const validatedFiles =
      kind === "adrift" ? undefined : openValidatedFiles(path.join(root, "validated-files.json"));
    const log = await readLog(logDir, root, { validatedFiles });
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
