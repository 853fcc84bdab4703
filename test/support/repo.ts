// Real temporary git repositories and the real CLI, for tests. Never writes into the tree.
import { spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { cleanGitEnv } from "../../src/adapters/git/env.js";
import { type CliResult, runCliInProcess, spawnCli } from "./cli-harness.js";

/** The built CLI entry point (tests run after `npm run build`). */
export const CLI = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

const created: string[] = [];
afterAll(() => {
  if (process.env.ADRIFT_KEEP_TEST_REPOS) return;
  for (const dir of created.splice(0)) {
    // Retries: a hook's background refresh may still be writing under .git/adrift. On a loaded
    // machine it can outlast them; a directory left in the OS temp dir then fails no test.
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {}
  }
});

/** An environment with a pinned identity, no colour, no agent markers and no hook variables. */
export function testEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = cleanGitEnv(process.env);
  for (const name of Object.keys(env))
    if (/^(CLAUDE|CODEX|CURSOR|GEMINI|AIDER|ADRIFT_|AI_AGENT$|AGENT$)/.test(name)) delete env[name];
  // CI names the repository's forge (links in reports): tests set it when they mean to.
  for (const name of [
    "GITHUB_SERVER_URL",
    "GITHUB_REPOSITORY",
    "CI_PROJECT_URL",
    "CI_SERVER_URL",
    "CI_PROJECT_PATH",
  ])
    delete env[name];
  return {
    ...env,
    NO_COLOR: "1",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
    GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
    ...extra,
  };
}

/** A fresh directory under the OS temp dir, removed after the test file. */
export function tempDir(prefix = "adrift-test-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Runs git in `cwd` and returns stdout; throws with git's stderr on failure. */
export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = testEnv()): string {
  const result = spawnSync("git", args, { cwd, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout;
}

/**
 * `git init` in `dir` (one process) with the identity and quiet settings written straight into
 * .git/config rather than by a `git config` process each: no signing, and no `git maintenance`
 * or `gc` started in the background after commits (a process per commit, and files changing
 * under a test).
 */
export function initRepo(
  dir: string,
  options: { name?: string; email?: string; branch?: string } = {},
): void {
  git(dir, ["init", "-q", "-b", options.branch ?? "main"]);
  const value = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  appendFileSync(
    path.join(dir, ".git", "config"),
    [
      "[user]",
      `\tname = ${value(options.name ?? "Ana Souza")}`,
      `\temail = ${value(options.email ?? "ana@example.com")}`,
      "[commit]\n\tgpgsign = false",
      "[maintenance]\n\tauto = false",
      "[gc]\n\tauto = 0",
      "",
    ].join("\n"),
  );
}

/**
 * The commit HEAD points at, read from .git/HEAD and the loose ref (no `git rev-parse` process);
 * asks git when the ref is packed or HEAD is not a plain ref.
 */
export function headCommit(dir: string): string {
  const head = readFileSync(path.join(dir, ".git", "HEAD"), "utf8").trim();
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
  const file = ref && path.join(dir, ".git", ref);
  if (file && existsSync(file)) return readFileSync(file, "utf8").trim();
  return git(dir, ["rev-parse", "HEAD"]).trim();
}

/** A test repository: a real git work tree with helpers. */
export type TestRepo = {
  dir: string;
  write(file: string, content: string): void;
  read(file: string): string;
  git(...args: string[]): string;
  commit(message: string, files?: Record<string, string>): string;
  adrift(
    args: string[],
    options?: { input?: string; env?: NodeJS.ProcessEnv; spawn?: boolean },
  ): CliResult;
  adriftJson<T = unknown>(args: string[], options?: { input?: string; env?: NodeJS.ProcessEnv }): T;
};

export type { CliResult };

/**
 * Creates a repository with a pinned identity and (unless empty) one first commit: three git
 * processes (init, add, commit); each later commit two.
 */
export function makeRepo(
  options: { empty?: boolean; name?: string; email?: string; branch?: string } = {},
): TestRepo {
  const dir = tempDir();
  initRepo(dir, options);
  const repo: TestRepo = {
    dir,
    write(file, content) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    },
    read: (file) => readFileSync(path.join(dir, file), "utf8"),
    git: (...args) => git(dir, args),
    commit(message, files = {}) {
      for (const [file, content] of Object.entries(files)) repo.write(file, content);
      git(dir, ["add", "-A"]);
      git(dir, ["commit", "-q", "--allow-empty", "-m", message]);
      return headCommit(dir);
    },
    adrift: (args, opts = {}) => runCli(dir, args, opts),
    adriftJson<T>(args: string[], opts = {}) {
      const result = runCli(dir, [...args, "--json"], opts);
      if (result.code !== 0)
        throw new Error(`adrift ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
  };
  if (!options.empty) repo.commit("initial", { "README.md": "# test\n" });
  return repo;
}

/**
 * Runs the built CLI in `cwd` and returns what it printed and its exit code: in-process by
 * default (a warm worker thread, see cli-harness.ts); a real process with `spawn: true` (git
 * hooks, signals, terminals, process exit paths), or for every call with ADRIFT_TEST_SPAWN=1.
 */
export function runCli(
  cwd: string,
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; spawn?: boolean } = {},
): CliResult {
  const call = { input: options.input ?? "", env: options.env ?? testEnv() };
  return options.spawn || process.env.ADRIFT_TEST_SPAWN
    ? spawnCli(cwd, args, call)
    : runCliInProcess(cwd, args, call);
}

/**
 * How long a wait may take before a test calls it a hang: long, so that a loaded machine never
 * fails a test that would pass (CI's own time limit is the real budget).
 */
const HANG_MS = 300_000;

/** Resolves when `predicate` holds for the text collected so far, or rejects as a hang. */
export function waitFor(read: () => string, predicate: (text: string) => boolean) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (predicate(read())) resolve();
      else if (Date.now() - started > HANG_MS) reject(new Error(`timed out; got: ${read()}`));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

/** The real CLI spawned in `cwd`, with what it printed so far and its exit. */
export function startCli(cwd: string, args: string[], env: NodeJS.ProcessEnv = testEnv()) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (d) => {
    out.stdout += d;
  });
  child.stderr.on("data", (d) => {
    out.stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, out, exited };
}

/** Spawns the built CLI asynchronously (for concurrency tests). */
export async function runCliAsync(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv = testEnv(),
): Promise<CliResult> {
  const { out, exited } = startCli(cwd, args, env);
  const code = await exited;
  return { code: code ?? -1, ...out };
}

/**
 * A repository with committed code and one committed decision on `scope` (the common start of
 * staleness, hook and watcher tests).
 */
export function repoWithDecision(
  files: Record<string, string> = { "src/a.ts": "a\n", "src/b.ts": "b\n" },
  scope = "src/a.ts",
): { repo: TestRepo; id: string } {
  const repo = makeRepo();
  repo.commit("code", files);
  const { id } = repo.adriftJson<{ id: string }>([
    "decision",
    "record",
    "--outcome",
    "o",
    "--path",
    scope,
  ]);
  repo.commit("record");
  return { repo, id };
}

/**
 * A repository with `adrift init`, committed code and one decision whose outcome is a title of
 * 10,004 characters without a space (what a draft of it takes whole as its title): the readers'
 * tests of hostile lengths.
 */
export function repoWithLongOutcome(): { repo: TestRepo; id: string } {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
  repo.adrift(["init"]);
  const { id } = repo.adriftJson<{ id: string }>([
    "decision",
    "record",
    "--outcome",
    `Long${"x".repeat(10_000)}`,
    "--chosen",
    "one",
    "--rationale",
    "simple",
    "--trivial",
    "--path",
    "src/a.ts",
  ]);
  return { repo, id };
}

/** Records an intent card with `tag`, drafts it and accepts the draft; returns the ADR. */
export function acceptAdr(repo: TestRepo, outcome: string, tag: string, number?: number) {
  const { id } = repo.adriftJson<{ id: string }>([
    "intent",
    "record",
    "--outcome",
    outcome,
    "--trigger",
    "t",
    "--chosen",
    `${outcome} as planned`,
    "--rationale",
    "r",
    "--trivial",
    "--tag",
    tag,
  ]);
  // One record shares nothing with another: it is drafted when asked for.
  const draft = repo
    .adriftJson<{ drafts: { path: string; records: string[] }[] }>([
      ...["adr", "draft", "--by", "tag", "--record", id],
    ])
    .drafts.find((d) => d.path.includes(tag))!;
  return repo.adriftJson<{ id: string; path: string }>([
    ...["adr", "accept", draft.path],
    ...(number ? ["--number", String(number)] : []),
  ]);
}

/**
 * ADRs accepted on two branches: Alpha on main, then Beta (number 3) on branch `b` and Gamma on
 * main, each committed, so both branches rewrote the ADR index. Leaves main checked out.
 */
export function adrsOnTwoBranches(repo: TestRepo) {
  const alpha = acceptAdr(repo, "Alpha", "alpha");
  repo.commit("alpha");
  repo.git("checkout", "-q", "-b", "b");
  const beta = acceptAdr(repo, "Beta", "beta", 3);
  repo.commit("beta");
  repo.git("checkout", "-q", "main");
  const gamma = acceptAdr(repo, "Gamma", "gamma");
  repo.commit("gamma");
  return { alpha, beta, gamma };
}
