// Importing 300 ADR files of realistic size (~8 KB: front matter, a status line with links,
// sections of prose, lists, a table, code) with `adrift adr import`, against its floor: a node
// process that reads every file and parses it once with the same Markdown parser and plugins
// (unified + remark-parse + remark-gfm + remark-frontmatter). Then a re-import with nothing
// changed, against the first import. Runs interleaved, best of N each, in one run.
// Run after `npm run build`: node bench/adr-import.mjs [files, 300] [runs, 5]
// [--compare <another build's dist/cli/main.js>] (set NODE to another node binary to measure
// it, e.g. Node 24). With --compare both builds import in every round (their order alternating)
// and must print the same JSON and write the same decision log, byte for byte.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const MODULES = fileURLToPath(new URL("../node_modules/", import.meta.url));
const NODE = process.env.NODE ?? process.execPath;
const argv = process.argv.slice(2);
const compareAt = argv.indexOf("--compare");
const COMPARE = compareAt >= 0 ? path.resolve(argv.splice(compareAt, 2)[1]) : undefined;
const files = Number(argv[0] ?? 300);
const runs = Number(argv[1] ?? 5);
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const pad = (n) => String(n).padStart(4, "0");

/** A deterministic pseudo-random generator (mulberry32). */
let seed = 11;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const WORDS =
  "the worker session cache queue retries a stream each request owns its lease and never blocks on the store while readers see the last committed state so rollbacks stay cheap".split(
    " ",
  );
const sentence = (n) =>
  Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
const paragraph = () =>
  `${Array.from({ length: 5 }, () => `${sentence(14)}, \`code()\` and **${sentence(2)}**.`).join(" ")}\n`;

function adr(i) {
  const status =
    i % 9 === 0 && i > 1
      ? `superseded by [${pad(i + 1)}](${pad(i + 1)}-decision-${i + 1}.md)`
      : i % 7 === 0 && i > 2
        ? `amended-in-part by [${pad(i - 1)}](${pad(i - 1)}-decision-${i - 1}.md), [${pad(i - 2)}](${pad(i - 2)}-decision-${i - 2}.md)`
        : "accepted";
  return [
    "---",
    `id: ${pad(i)}`,
    `title: Decision ${i} keeps the ${sentence(6)}`,
    `status: ${status}`,
    `date: 2025-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`,
    `tags: [area-${i % 17}, ${WORDS[i % WORDS.length]}]`,
    "---",
    "",
    `# ${pad(i)} — Decision ${i} keeps the ${sentence(6)}`,
    "",
    `**What this decides:** ${sentence(30)}.`,
    "",
    "## Context",
    "",
    paragraph(),
    paragraph(),
    paragraph(),
    "## Considered Options",
    "",
    ...Array.from({ length: 4 }, () => `- **${sentence(3)}** — ${sentence(20)}.`),
    "",
    "## Decision",
    "",
    paragraph(),
    ...Array.from({ length: 6 }, (_, k) => `${k + 1}. **${sentence(3)}.** ${sentence(22)}.`),
    "",
    "| option | cost | risk |",
    "| --- | --- | --- |",
    ...Array.from({ length: 5 }, () => `| ${sentence(3)} | ${sentence(2)} | ${sentence(4)} |`),
    "",
    "```ts",
    ...Array.from({ length: 8 }, (_, k) => `const step${k} = await run("${sentence(3)}");`),
    "```",
    "",
    "## Consequences",
    "",
    ...Array.from(
      { length: 8 },
      () => `- ${sentence(18)}; see [ADR ${pad(i % 50)}](${pad(i % 50)}-x.md).`,
    ),
    "",
    paragraph(),
    "",
  ].join("\n");
}

const FLOOR = `
const { readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");
const dir = process.argv[1];
(async () => {
  const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkFrontmatter }] =
    await Promise.all(["unified", "remark-parse", "remark-gfm", "remark-frontmatter"].map((m) => import(require.resolve(m, { paths: [${JSON.stringify(MODULES)}] }))));
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"]);
  let nodes = 0;
  for (const f of readdirSync(dir).sort()) {
    const tree = processor.runSync(processor.parse(readFileSync(path.join(dir, f), "utf8")));
    nodes += tree.children.length;
  }
  process.stdout.write(String(nodes));
})();
`;

const env = {
  ...process.env,
  ADRIFT_NO_PROGRESS: "1",
  GIT_AUTHOR_NAME: "b",
  GIT_AUTHOR_EMAIL: "b@x",
};
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];

/** A new repository holding the same generated ADR folder every time. */
function freshRepo() {
  seed = 11;
  const repo = mkdtempSync(path.join(os.tmpdir(), "adrift-bench-import-"));
  execFileSync("git", ["init", "-q"], { cwd: repo, env });
  execFileSync("git", ["config", "user.email", "b@x"], { cwd: repo, env });
  execFileSync("git", ["config", "user.name", "Bench"], { cwd: repo, env });
  const dir = path.join(repo, "docs/decisions");
  mkdirSync(dir, { recursive: true });
  // The project keeps its ADRs, and so its decision log, in docs/decisions: the import writes
  // the index there (it writes none in a docs/adr/ the project does not use).
  mkdirSync(path.join(repo, ".decisions"), { recursive: true });
  writeFileSync(
    path.join(repo, ".decisions/config.json"),
    JSON.stringify({ adr_dir: "docs/decisions", adr_index: "docs/decisions/README.md" }),
  );
  for (let i = 1; i <= files; i++)
    writeFileSync(path.join(dir, `${pad(i)}-decision-${i}.md`), adr(i));
  return { repo, dir };
}

// The machine is shared: each child reports its own CPU time (user + system) as it exits, and
// the goals are judged on it (wall time would measure the other work on the machine).
const CPU_HOOK = path.join(os.tmpdir(), `adrift-bench-cpu-${process.pid}.cjs`);
writeFileSync(
  CPU_HOOK,
  'process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(process.env.ADRIFT_BENCH_CPU, String((u.user + u.system) / 1000)); });\n',
);
const CPU_OUT = path.join(os.tmpdir(), `adrift-bench-cpu-${process.pid}.txt`);

function timed(args, cwd) {
  const start = process.hrtime.bigint();
  const r = spawnSync(NODE, ["--require", CPU_HOOK, ...args], {
    cwd,
    env: { ...env, ADRIFT_BENCH_CPU: CPU_OUT },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return { ms: Number(readFileSync(CPU_OUT, "utf8")), wall, stdout: r.stdout };
}

const sample = freshRepo();
const bytes = files * adr(Math.floor(files / 2)).length;
const kinds = ["bare", "floor", "first", "again", ...(COMPARE ? ["baseFirst", "baseAgain"] : [])];
const best = Object.fromEntries(kinds.map((k) => [k, Infinity]));
const rounds = [];
let imported = 0;
/** A first import and a re-import with `cli` in a fresh repository: CPU times, output, index. */
function importTwice(cli) {
  const { repo } = freshRepo();
  const first = timed([cli, "adr", "import", "docs/decisions", "--json"], repo);
  const again = timed([cli, "adr", "import", "docs/decisions", "--json"], repo);
  const index = readFileSync(path.join(repo, "docs/decisions/README.md"), "utf8");
  rmSync(repo, { recursive: true, force: true });
  return { first, again, index };
}
for (let run = 0; run < runs; run++) {
  const round = {};
  round.bare = timed(["-e", "0"], sample.repo).ms;
  round.floor = timed(["-e", FLOOR, sample.dir], sample.repo).ms;
  // Alternate which build goes first, so neither always runs on a warmer machine.
  const order = COMPARE && run % 2 === 1 ? ["base", "this"] : ["this", "base"];
  const results = {};
  for (const which of order) {
    if (which === "base" && !COMPARE) continue;
    results[which] = importTwice(which === "base" ? COMPARE : CLI);
  }
  round.first = results.this.first.ms;
  round.again = results.this.again.ms;
  imported = JSON.parse(results.this.first.stdout).imported.length;
  if (COMPARE) {
    round.baseFirst = results.base.first.ms;
    round.baseAgain = results.base.again.ms;
    // Same answers: the JSON printed and the ADR index written (docs/decisions/README.md) must be byte-identical.
    for (const k of ["first", "again"])
      if (results.this[k].stdout !== results.base[k].stdout)
        throw new Error(`the ${k} import printed something else than the build compared with`);
    if (results.this.index !== results.base.index)
      throw new Error(
        "the ADR index (docs/decisions/README.md) differs from the build compared with",
      );
  }
  for (const k of kinds) best[k] = Math.min(best[k], round[k]);
  rounds.push(round);
  console.log(
    `  round ${run + 1}: import ${(round.first / round.floor).toFixed(2)}x the floor` +
      (COMPARE ? `, base ${(round.baseFirst / round.floor).toFixed(2)}x` : "") +
      `; re-import ${(round.again / round.first).toFixed(2)}x  (load ${loadavg()})`,
  );
}
rmSync(sample.repo, { recursive: true, force: true });
rmSync(CPU_HOOK, { force: true });
rmSync(CPU_OUT, { force: true });
const f = (ms) => `${ms.toFixed(0)} ms CPU`;
console.log(
  `node ${process.versions.node === undefined ? "" : execFileSync(NODE, ["-v"]).toString().trim()}: ${files} ADRs (~${(bytes / files / 1024).toFixed(1)} KB each, ${imported} imported), best of ${runs}`,
);
console.log(`  node -e 0:                        ${f(best.bare)}`);
console.log(`  floor (read + parse each once):   ${f(best.floor)}`);
console.log(
  `  adrift adr import:                ${f(best.first)}  (${(best.first / best.floor).toFixed(2)}x the floor; goal <= 1.1x)`,
);
console.log(
  `  re-import, nothing changed:       ${f(best.again)}  (${(best.again / best.first).toFixed(2)}x the first import; goal <= 0.1x)`,
);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log(
  `  median of the rounds: import ${median(rounds.map((r) => r.first / r.floor)).toFixed(2)}x the floor` +
    (COMPARE
      ? `, base ${median(rounds.map((r) => r.baseFirst / r.floor)).toFixed(2)}x; this build ${median(rounds.map((r) => r.first / r.baseFirst)).toFixed(2)}x the base`
      : ""),
);
if (COMPARE) {
  console.log(
    `  compared build, adr import:       ${f(best.baseFirst)}  (${(best.baseFirst / best.floor).toFixed(2)}x the floor; this build ${(best.first / best.baseFirst).toFixed(2)}x it)`,
  );
  console.log(
    `  compared build, re-import:        ${f(best.baseAgain)}  (outputs and ADR index byte-identical in every round)`,
  );
}
if (best.first / best.floor > 1.1 || best.again / best.first > 0.1) process.exitCode = 1;
