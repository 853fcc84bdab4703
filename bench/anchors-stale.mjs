// What anchors cost `adrift stale`: 100 records, each anchored to one function of its own file
// of 1,000 lines, after one commit that changes all 100 files outside the anchors (every record
// touched: each file read at HEAD and parsed), against the same records with whole-file scopes
// on a copy of the repository (the history judge alone). Cold runs, interleaved; the difference
// is the anchors' cost. Run: node bench/anchors-stale.mjs [runs, 7]
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI, gitEnv, ROOT, WORK } from "./synthetic.mjs";

const runs = Number(process.argv[2] ?? "7");
const FILES = 100;
const FUNCTIONS = 50; // of 20 lines each: 1,000 lines a file
const env = gitEnv();
const git = (dir, ...args) => execFileSync("git", ["-C", dir, ...args], { env, encoding: "utf8" });

const source = (file, edit) =>
  Array.from({ length: FUNCTIONS }, (_, f) =>
    [
      `export function f${f}(x: number): number {`,
      ...Array.from(
        { length: 17 },
        (_, l) => `  x = x + ${file + f + l + (edit && f === FUNCTIONS - 1 ? 1 : 0)};`,
      ),
      "  return x;",
      "}",
    ].join("\n"),
  ).join("\n");

const base = path.join(WORK, "anchors-stale");
rmSync(base, { recursive: true, force: true });
mkdirSync(path.join(base, "src"), { recursive: true });
git(base, "init", "-q", "-b", "main");
git(base, "config", "user.name", "Bench");
git(base, "config", "user.email", "bench@example.com");
git(base, "config", "commit.gpgsign", "false");
for (let i = 0; i < FILES; i++) writeFileSync(path.join(base, `src/file${i}.ts`), source(i, false));
git(base, "add", "-A");
git(base, "commit", "-q", "-m", "code");

const { openRepository } = await import(path.join(ROOT, "dist/index.js"));
const dirs = { anchored: `${base}-anchored`, whole: `${base}-whole` };
for (const [kind, dir] of Object.entries(dirs)) {
  rmSync(dir, { recursive: true, force: true });
  cpSync(base, dir, { recursive: true });
  execFileSync(process.execPath, [CLI, "init"], { cwd: dir, env, stdio: "ignore" });
  const repo = await openRepository(dir, { env });
  for (let i = 0; i < FILES; i++)
    await repo.recordDecision({
      outcome: `f0 of file ${i}`,
      touched_paths: [kind === "anchored" ? `src/file${i}.ts#f0` : `src/file${i}.ts`],
    });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "records");
  for (let i = 0; i < FILES; i++) writeFileSync(path.join(dir, `src/file${i}.ts`), source(i, true));
  git(dir, "commit", "-q", "-am", "edit every file outside f0");
}

const time = (dir) => {
  rmSync(path.join(dir, ".git/adrift"), { recursive: true, force: true });
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, "stale", "--json"], {
    cwd: dir,
    env,
    maxBuffer: 1 << 28,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(String(r.stderr));
  return { ms, states: JSON.parse(r.stdout).findings.map((f) => f.state) };
};
const t = { anchored: [], whole: [] };
let states;
for (let i = 0; i < runs; i++)
  for (const kind of i % 2 ? ["whole", "anchored"] : ["anchored", "whole"]) {
    const r = time(dirs[kind]);
    t[kind].push(r.ms);
    if (kind === "anchored") states = r.states;
  }
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const touched = states.filter((s) => s === "touched").length;
console.log(
  `node ${process.version}; ${FILES} files of ${FUNCTIONS * 20} lines changed, ${touched}/${FILES} records touched`,
);
console.log(`cold stale, whole-file records   ${med(t.whole).toFixed(0).padStart(6)} ms`);
console.log(`cold stale, anchored records     ${med(t.anchored).toFixed(0).padStart(6)} ms`);
console.log(
  `anchors' cost (median difference) ${(med(t.anchored) - med(t.whole)).toFixed(0).padStart(5)} ms`,
);
