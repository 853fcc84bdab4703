// Runs `adrift adr import` over real ADR folders (outside the test suite) and reports the share
// of files read cleanly: imported with no warning and a known status. Each folder is copied into
// a throwaway git repository first, so the folders themselves are never written to.
//
// Run: node scripts/adr-corpus.mjs [--cli dist/cli/main.js] [--save results.json] <folder>…
// A folder is a path on disk, named in the output by its path below the folders' common parent. Compare two builds
// by running each with --save and diffing the files.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
let cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
let save;
const folders = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--cli") cli = path.resolve(args[++i]);
  else if (args[i] === "--save") save = path.resolve(args[++i]);
  else folders.push(path.resolve(args[i]));
}
if (folders.length === 0) {
  console.error("usage: node scripts/adr-corpus.mjs [--cli main.js] [--save out.json] <folder>…");
  process.exit(2);
}

const env = {
  ...process.env,
  ADRIFT_NO_PROGRESS: "1",
  GIT_AUTHOR_NAME: "c",
  GIT_AUTHOR_EMAIL: "c@x",
};
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
const KNOWN = /^(proposed|accepted|rejected|deprecated|superseded|draft)\b/;

// Folders are named by their path below the folders' common parent.
const common = folders
  .map((f) => f.split(path.sep))
  .reduce((a, b) => {
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    return a.slice(0, n);
  });
const results = {};
let total = 0;
let clean = 0;
let skippedTotal = 0;
let relationsTotal = 0;
for (const folder of folders) {
  const name = folder.split(path.sep).slice(common.length).join("/") || path.basename(folder);
  const repo = mkdtempSync(path.join(os.tmpdir(), "adrift-corpus-"));
  const target = path.join(repo, "adrs");
  cpSync(folder, target, { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: repo, env });
  execFileSync("git", ["config", "user.email", "c@x"], { cwd: repo, env });
  execFileSync("git", ["config", "user.name", "Corpus"], { cwd: repo, env });
  const run = spawnSync(process.execPath, [cli, "adr", "import", "adrs", "--json"], {
    cwd: repo,
    env,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) {
    console.log(`${name}: exit ${run.status}: ${run.stderr.trim().split("\n")[0]}`);
    rmSync(repo, { recursive: true, force: true });
    continue;
  }
  const out = JSON.parse(run.stdout);
  const warnings = new Map();
  for (const w of out.warnings ?? []) {
    const list = warnings.get(w.file) ?? [];
    list.push(`${w.line}: ${w.message}`);
    warnings.set(w.file, list);
  }
  const skipped = (out.skipped ?? []).map((s) => s.path ?? s.file ?? s);
  const files = readdirSync(target).filter((f) => /\.md$/i.test(f)).length;
  let ok = 0;
  let relations = 0;
  for (const adr of out.imported ?? []) {
    const file = adr.path;
    const w = warnings.get(file) ?? [];
    const isClean = w.length === 0 && KNOWN.test(adr.status);
    if (isClean) ok++;
    const links =
      (adr.supersedes?.length ?? 0) + (adr.superseded_by?.length ?? 0) + (adr.links?.length ?? 0);
    relations += links;
    results[`${name}/${file.replace(/^adrs\//, "")}`] = {
      title: adr.title,
      status: adr.status,
      number: adr.number,
      date: adr.date,
      supersedes: adr.supersedes,
      superseded_by: adr.superseded_by,
      links: adr.links,
      warnings: w,
    };
  }
  for (const s of skipped)
    results[`${name}/${String(s).replace(/^adrs\//, "")}`] = { skipped: true };
  const imported = out.imported?.length ?? 0;
  total += imported;
  clean += ok;
  skippedTotal += skipped.length;
  relationsTotal += relations;
  console.log(
    `${name}: ${files} files, ${imported} imported, ${skipped.length} skipped, ${ok} clean (${pct(ok, imported)}), ${relations} relations`,
  );
  rmSync(repo, { recursive: true, force: true });
}
console.log(
  `all: ${total} imported, ${skippedTotal} skipped, ${clean} clean (${pct(clean, total)}), ${relationsTotal} relations`,
);
if (save) writeFileSync(save, `${JSON.stringify(results, null, 2)}\n`);

function pct(a, b) {
  return b === 0 ? "—" : `${((100 * a) / b).toFixed(1)}%`;
}
