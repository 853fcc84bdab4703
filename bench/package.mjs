// What the package costs a consumer, and how fast the GitHub Action starts, in one run:
//   node bench/package.mjs [--runs 7] [--old-action] [--tarball <a packed .tgz to measure instead>]
// 1. `npm pack` (from dist/ as built): the tarball, its unpacked size and file count; then an
//    install of that tarball into a new project: node_modules' size, packages and files.
// 2. The Action, workflow-shaped: a runner runs `node action/main.mjs` with INPUT_* variables,
//    GITHUB_OUTPUT and a checked-out pull request as the workspace. Interleaved with its floors,
//    `node -e 0` (a process start) and `node dist/cli/main.js pr-comment` (the same work from
//    the unbundled CLI), on this node and on Node 24 when $NODE24 (or /work/node24) has one.
//    --old-action also times what the composite action did before on every push: `npm ci` and
//    the TypeScript build of a checkout of this repository (once; it needs the registry).
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] || 7) || 7;
const work = mkdtempSync(path.join(tmpdir(), "adrift-bench-package-"));
const env = { ...process.env, NO_COLOR: "1", GIT_CONFIG_NOSYSTEM: "1" };
for (const name of Object.keys(env))
  if (/^(CLAUDE|CODEX|CURSOR|GEMINI|AI_AGENT$|AGENT$|GIT_DIR|GIT_INDEX_FILE)/.test(name))
    delete env[name];
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Apparent size and file count of a tree. */
function du(dir) {
  let bytes = 0;
  let files = 0;
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        bytes += statSync(file).size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

// 1. The package
const given = args.includes("--tarball") ? path.resolve(args[args.indexOf("--tarball") + 1]) : "";
const pack = given
  ? JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", given], {
        cwd: work,
        env,
        encoding: "utf8",
      }),
    )[0]
  : JSON.parse(
      execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], {
        cwd: ROOT,
        env,
        encoding: "utf8",
      }),
    )[0];
const tarball = given || path.join(work, pack.filename);
if (given) pack.size = statSync(given).size;
console.log(
  `packed: ${pack.filename} ${kb(pack.size)}, unpacked ${kb(pack.unpackedSize)}, ${pack.entryCount} files`,
);
const consumer = path.join(work, "consumer");
mkdirSync(consumer);
writeFileSync(path.join(consumer, "package.json"), '{"name":"consumer","private":true}\n');
execFileSync("npm", ["install", "--no-audit", "--no-fund", tarball], {
  cwd: consumer,
  env,
  stdio: "ignore",
});
const modules = du(path.join(consumer, "node_modules"));
const packages = execFileSync("npm", ["ls", "--all", "--parseable"], { cwd: consumer, env })
  .toString()
  .trim()
  .split("\n").length;
const [name] = Object.keys(
  JSON.parse(readFileSync(path.join(consumer, "package.json"), "utf8")).dependencies,
);
const own = du(path.join(consumer, "node_modules", name));
console.log(
  `installed: node_modules ${mb(modules.bytes)} in ${modules.files} files, ${packages - 1} packages; the package itself ${kb(own.bytes)}`,
);

// 2. The Action
const repo = path.join(work, "repo");
mkdirSync(path.join(repo, "src/auth"), { recursive: true });
const git = (...a) => execFileSync("git", a, { cwd: repo, env, encoding: "utf8" }).trim();
git("init", "-q", "-b", "main");
git("config", "user.email", "b@example.com");
git("config", "user.name", "Bench");
git("config", "commit.gpgsign", "false");
writeFileSync(path.join(repo, "src/auth/login.ts"), "cache first\n");
git("add", "-A");
git("commit", "-qm", "code");
const CLI = path.join(ROOT, "dist/cli/main.js");
execFileSync(
  process.execPath,
  [CLI, "decision", "record", "--outcome", "Cache first", "--path", "src/auth/"],
  { cwd: repo, env },
);
git("add", "-A");
git("commit", "-qm", "decision");
const base = git("rev-parse", "HEAD");
git("checkout", "-q", "-b", "feature");
writeFileSync(path.join(repo, "src/auth/login.ts"), "IdP first\n");
git("commit", "-qam", "login: IdP first");
const head = git("rev-parse", "HEAD");
const outputs = path.join(work, "outputs");
mkdirSync(outputs);
const actionEnv = {
  ...env,
  GITHUB_WORKSPACE: repo,
  GITHUB_OUTPUT: path.join(outputs, "output"),
  GITHUB_STEP_SUMMARY: path.join(outputs, "summary"),
  INPUT_BASE: base,
  INPUT_HEAD: head,
  "INPUT_FAIL-ON": "",
  "INPUT_OUT-DIR": "adrift-pr-comment",
};

const node24 = [process.env.NODE24, "/work/node24/node_modules/node/bin/node"].find(
  (n) => n && existsSync(n),
);
const nodes = [process.execPath, ...(node24 && node24 !== process.execPath ? [node24] : [])];
const ms = (node, argv, options) => {
  const start = process.hrtime.bigint();
  const r = spawnSync(node, argv, { stdio: "ignore", ...options });
  if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
for (const node of nodes) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  const times = { floor: [], cli: [], action: [] };
  for (let i = 0; i < runs; i++) {
    times.floor.push(ms(node, ["-e", "0"], { env }));
    times.cli.push(
      ms(node, [CLI, "pr-comment", "--base", base, "--head", head, "--format", "json"], {
        cwd: repo,
        env,
      }),
    );
    times.action.push(
      ms(node, [path.join(ROOT, "action/main.mjs")], { cwd: work, env: actionEnv }),
    );
  }
  const f = median(times.floor);
  console.log(
    `action on ${version}, median of ${runs} interleaved: node -e 0 ${f.toFixed(0)} ms; dist CLI pr-comment ${median(times.cli).toFixed(0)} ms (${(median(times.cli) / f).toFixed(2)}×); action/main.mjs ${median(times.action).toFixed(0)} ms (${(median(times.action) / f).toFixed(2)}×)`,
  );
}

if (args.includes("--old-action")) {
  // what the composite action ran before on every push, in a checkout of this repository
  const checkout = path.join(work, "checkout");
  mkdirSync(checkout);
  execFileSync("sh", ["-c", `git -C "${ROOT}" archive HEAD | tar -x -C "${checkout}"`], { env });
  const start = process.hrtime.bigint();
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: checkout, env, stdio: "ignore" });
  const installed = Number(process.hrtime.bigint() - start) / 1e6;
  execFileSync("npm", ["run", "build"], { cwd: checkout, env, stdio: "ignore" });
  const built = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(
    `the old composite action's setup: npm ci ${(installed / 1000).toFixed(1)} s, then the build: ${(built / 1000).toFixed(1)} s in all`,
  );
}
rmSync(work, { recursive: true, force: true });
