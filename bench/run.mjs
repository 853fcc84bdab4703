#!/usr/bin/env node
// Runs the named benchmarks (default: all) one after another; each prints adrift against its floor.
// Usage: npm run bench [-- load staleness hook embedded pr-comment adr-draft backlog]
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith(".mjs") && !["run.mjs", "synthetic.mjs"].includes(f))
  .map((f) => f.slice(0, -4))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${all.join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${name}.mjs`);
  const result = spawnSync(process.execPath, [`${here}${name}.mjs`], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
