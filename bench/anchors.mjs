#!/usr/bin/env node
// Anchors benchmark: the symbols of 100 changed TypeScript files of 1,000 lines each (each file's
// new content parsed once: an anchor's fingerprint at the record's basis is already known),
// against the floor: tree-sitter parsing the same texts and nothing else. adrift is measured
// twice: one anchored symbol per file (what checking a record's anchors reads: `only`), and
// every symbol of every file (what following a moved or renamed symbol reads). Each measurement
// is a fresh process, so each pays for loading the runtime and the grammar once, as a command
// does. Goal: anchors on 100 changed files of 1,000 lines within 1 s on Node 24.
//   node bench/anchors.mjs [--files N] [--lines N] [--runs N]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "../dist");
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

/** A TypeScript file of about `lines` lines: functions, classes, interfaces, comments. */
function sourceFile(seed, lines, edited) {
  const out = [`import { helper${seed} } from "./helpers/${seed}.js";`, ""];
  let unit = 0;
  while (out.length < lines) {
    const n = `${seed}_${unit}`;
    const body = edited && unit === 7 ? "return value * 3;" : "return value * 2;";
    switch (unit % 4) {
      case 0:
        out.push(
          `/** Doubles ${n}. */`,
          `export function double${n}(value: number): number {`,
          "  // the factor is fixed",
          `  if (value < 0) throw new Error("negative: " + value);`,
          `  ${body}`,
          "}",
          "",
        );
        break;
      case 1:
        out.push(
          `export interface Options${n} {`,
          "  name: string;",
          "  limit?: number;",
          "  tags: readonly string[];",
          "}",
          "",
        );
        break;
      case 2:
        out.push(
          `export class Store${n}<T> {`,
          "  private items: T[] = [];",
          "  add(item: T): number {",
          "    this.items.push(item);",
          "    return this.items.length;",
          "  }",
          "  get size(): number {",
          `    return this.items.length + helper${seed}();`,
          "  }",
          "}",
          "",
        );
        break;
      default:
        out.push(
          `const config${n} = { port: ${8000 + unit}, host: "localhost", retry: { times: 3 } } as const;`,
          `export const handler${n} = async (value: number) => double${seed}_0(value) + config${n}.port;`,
          "",
        );
    }
    unit++;
  }
  return `${out.slice(0, lines).join("\n")}\n`;
}

function texts(files, lines) {
  return Array.from({ length: files }, (_, i) => sourceFile(i, lines, true));
}

async function child(kind, files, lines) {
  const all = texts(files, lines);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let symbols = 0;
  if (kind !== "floor") {
    const { readCodeSymbols } = await import(
      pathToFileURL(path.join(dist, "adapters/anchors/code-symbols.js")).href
    );
    for (const [i, text] of all.entries()) {
      // the anchor: the edited function (unit 7 of each file is a class method's neighbour)
      const only = kind === "anchored" ? [`Store${i}_6.size`] : undefined;
      symbols += (await readCodeSymbols(`src/f${i}.ts`, text, { only })).length;
    }
  } else {
    const { parserFor } = await import(
      pathToFileURL(path.join(dist, "adapters/anchors/tree-sitter-runtime.js")).href
    );
    const parser = await parserFor("typescript");
    for (const text of all) {
      const tree = parser.parse(text);
      symbols += tree.rootNode.childCount;
      tree.delete();
    }
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(JSON.stringify({ ms, cpu: (cpu.user + cpu.system) / 1000, symbols }));
}

async function main() {
  const files = flag("--files", 100);
  const lines = flag("--lines", 1000);
  const runs = flag("--runs", 5);
  const kinds = ["floor", "anchored", "all"];
  const results = { floor: [], anchored: [], all: [] };
  // CPU time too: on a loaded machine the wall clock measures the queue as much as the work
  const cpus = { floor: [], anchored: [], all: [] };
  let symbols = 0;
  for (let i = 0; i < runs; i++)
    for (const kind of kinds) {
      const run = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), "--child", kind, String(files), String(lines)],
        { encoding: "utf8" },
      );
      if (run.status !== 0) throw new Error(`${kind}: ${run.stderr}`);
      const result = JSON.parse(run.stdout);
      results[kind].push(result.ms);
      cpus[kind].push(result.cpu);
      if (kind === "all") symbols = result.symbols;
    }
  const best = (kind) => Math.min(...results[kind]);
  const median = (kind) => [...results[kind]].sort((a, b) => a - b)[Math.floor(runs / 2)];
  const label = {
    floor: "floor: load + bare tree-sitter parse",
    anchored: "adrift, one anchor per file: load + parse + symbols + its fingerprint",
    all: "adrift, every symbol: load + parse + symbols + all fingerprints",
  };
  console.log(
    `anchors: ${files} changed TypeScript files of ${lines} lines (${symbols} symbols), ${runs} runs, best and median, Node ${process.versions.node}`,
  );
  const bestCpu = (kind) => Math.min(...cpus[kind]);
  for (const kind of kinds)
    console.log(
      `  ${label[kind]}: ${best(kind).toFixed(0)} ms, ${median(kind).toFixed(0)} ms${kind === "floor" ? "" : ` (${(best(kind) / best("floor")).toFixed(2)}x, ${(median(kind) / median("floor")).toFixed(2)}x the floor)`}; best CPU time ${bestCpu(kind).toFixed(0)} ms${kind === "floor" ? "" : ` (${(bestCpu(kind) / bestCpu("floor")).toFixed(2)}x)`}`,
    );
  console.log(
    `  goal: anchors within 1000 ms on Node 24: ${best("anchored") <= 1000 ? "met" : "NOT met"} (one anchor per file), ${best("all") <= 1000 ? "met" : "NOT met"} (every symbol)`,
  );
}

if (args[0] === "--child") await child(args[1], Number(args[2]), Number(args[3]));
else await main();
