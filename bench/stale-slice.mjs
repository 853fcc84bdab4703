// What the marking pre-commit reads of the staleness cache, against the number of records: the
// slice a staged change can touch (`readStaleCacheSlice`, through stale-cache.idx), and, beside
// it, the whole cache parsed (what the pre-commit read before the index). Synthetic caches of
// 10,000 and 100,000 records (scopes of one or two files, a folder or a glob, over 5,000 files),
// written by adrift's own writer; one staged file touched by a few records. Each figure is the
// median of --runs reads in this process (the files are in the page cache, as on a commit).
//   node bench/stale-slice.mjs [--records 10000,100000] [--runs 41]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const SIZES = option("--records", "10000,100000").split(",").map(Number);
const RUNS = Number(option("--runs", "41"));
const { writeStaleCache } = await import(
  new URL("../dist/adapters/stale-cache.js", import.meta.url).href
);
const { readStaleCacheSlice } = await import(
  new URL("../dist/adapters/stale-cache-index.js", import.meta.url).href
);

/** A deterministic pseudo-random sequence (the same caches on every run). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const file = (i) => `src/mod${i % 50}/sub${Math.floor(i / 50) % 10}/file${Math.floor(i / 500)}.ts`;

function cacheOf(records) {
  const next = random(records);
  const list = [];
  for (let i = 0; i < records; i++) {
    const at = Math.floor(next() * 5000);
    const kind = next();
    const touched =
      kind < 0.7
        ? [file(at), file((at + 1) % 5000)]
        : kind < 0.9
          ? [`${path.posix.dirname(file(at))}/`]
          : [`src/mod${at % 50}/**/*.ts`];
    list.push({
      id: `01K${String(i).padStart(23, "0")}`,
      kind: "decision",
      basis: { revision: "a".repeat(40), touched_paths: touched },
      recorded: next() < 0.85,
      fingerprinted: true,
    });
  }
  return {
    key: "bench",
    records: list,
    open_worklines: [],
    problems: [],
    head: "b".repeat(40),
    unrecorded: [],
    oldest: "c".repeat(40),
    follows: {},
    linear: true,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function timeIt(work) {
  const ms = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    result = work();
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { ms: median(ms), result };
}

console.log(`records  cache    index    written (CPU)   slice read (records)   whole cache parsed`);
for (const records of SIZES) {
  const dir = mkdtempSync(path.join(tmpdir(), "adrift-bench-slice-"));
  const gitDir = path.join(dir, ".git");
  mkdirSync(gitDir);
  const cache = cacheOf(records);
  const cpu0 = process.cpuUsage();
  writeStaleCache(gitDir, cache);
  const spent = process.cpuUsage(cpu0);
  const written = (spent.user + spent.system) / 1e3;
  const state = (name) => path.join(gitDir, "adrift", name);
  const size = (name) => statSync(state(name)).size / 1e6;
  const staged = [file(1234)];
  const slice = timeIt(() =>
    readStaleCacheSlice(state("stale-cache.json"), state("stale-cache.idx"), staged),
  );
  const whole = timeIt(() => JSON.parse(readFileSync(state("stale-cache.json"), "utf8")));
  console.log(
    `${String(records).padStart(7)}  ${size("stale-cache.json").toFixed(1).padStart(4)} MB  ${size("stale-cache.idx").toFixed(1).padStart(4)} MB  ${written.toFixed(0).padStart(6)} ms       ${slice.ms.toFixed(2).padStart(7)} ms (${String(slice.result.records.length).padStart(3)})     ${whole.ms.toFixed(1).padStart(8)} ms`,
  );
  rmSync(dir, { recursive: true, force: true });
}
