// Makes a repository whose paths hold glob characters, as route folders of Next.js, SvelteKit,
// Astro and Nuxt do (`app/[id]/`, `(marketing)`, `[...slug]`, `[[lang]]`, `+page.svelte`), with
// 60 commits of edits, additions, moves and deletions: a history for the staleness oracle.
// Run: node scripts/make-route-folders-repo.mjs <new folder> [--seed 7]
//      node scripts/check-staleness-truth.mjs <that folder> --decisions 80 --back 40
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--"));
if (!dir || existsSync(dir)) {
  console.error("usage: node scripts/make-route-folders-repo.mjs <new folder> [--seed 7]");
  process.exit(2);
}
const at = args.indexOf("--seed");
let seed = at >= 0 ? Number(args[at + 1]) : 7;
/** A deterministic pseudo-random generator (a linear congruential one). */
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const one = (list) => list[Math.floor(random() * list.length)];

const DIRS = [
  "app/[id]",
  "app/(marketing)/about",
  "app/blog/[...slug]",
  "src/routes",
  "src/routes/[[lang]]",
  "src/routes/(app)/[user]",
  "pages/[id]",
  "src/a",
  "src/{x}",
  "lib",
];
const NAMES = [
  "page.tsx",
  "+page.svelte",
  "+layout.ts",
  "[id].vue",
  "index.ts",
  "(x).md",
  "util.ts",
];

const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Routes",
  GIT_AUTHOR_EMAIL: "routes@example.com",
  GIT_COMMITTER_NAME: "Routes",
  GIT_COMMITTER_EMAIL: "routes@example.com",
};
mkdirSync(dir, { recursive: true });
const git = (...a) => execFileSync("git", a, { cwd: dir, env, stdio: "pipe" });
git("init", "-q", "-b", "main");
git("config", "commit.gpgsign", "false");
const files = new Set();
const write = (file) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), `${random()}\n`);
  files.add(file);
};
for (const d of DIRS) for (let i = 0; i < 3; i++) write(`${d}/${one(NAMES)}`);
git("add", "-A");
git("commit", "-q", "-m", "initial");
for (let c = 0; c < 60; c++) {
  for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
    const x = random();
    const file = one([...files]);
    const there = existsSync(path.join(dir, file));
    if (x < 0.5 && there) writeFileSync(path.join(dir, file), `${random()}\n`);
    else if (x < 0.75) write(`${one(DIRS)}/${one(NAMES)}`);
    else if (x < 0.85 && there) {
      const to = `${one(DIRS)}/${path.basename(file)}`;
      if (existsSync(path.join(dir, to))) continue;
      mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
      git("mv", "--", file, to);
      files.delete(file);
      files.add(to);
    } else if (there) {
      rmSync(path.join(dir, file));
      files.delete(file);
    }
  }
  git("add", "-A");
  git("commit", "-q", "--allow-empty", "-m", `change ${c}`);
}
console.log(`${dir}: ${files.size} files, 61 commits`);
