// Random commit histories in real repositories (fast-check): edits, additions, deletions,
// renames with and without edits, mode changes, branches, merges with conflicts resolved by
// hand and edits made while merging, skewed commit dates, workline trailers, and decisions
// recorded along the way. For the property that both git adapters give the same answers.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { openRepository } from "../../src/app/repository.js";
import { headCommit, makeRepo, type TestRepo, testEnv } from "./repo.js";

export const DIRS = ["src", "src/deep", "lib", "docs"];
export const NAMES = ["a.ts", "b.ts", "c.md", "index.ts", "notes.txt"];
export const SCOPES = [
  "src/a.ts",
  "src/deep/b.ts",
  "lib/index.ts",
  "docs/c.md",
  "src/",
  "src/deep/",
  "lib/",
  "src/**/*.ts",
  "**/*.md",
  "lib/*.ts",
  "src/planned.ts",
];

const LINES = [
  "import { x } from './x';",
  "export function run() {",
  "  return x + 1;",
  "}",
  "",
  "// a comment",
  "const answer = 42;",
  "- a list item",
  "# A heading",
  "the quick brown fox jumps over the lazy dog, twice, and then a third time for good measure",
];
const line = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...LINES) },
  { weight: 1, arbitrary: fc.nat({ max: 99 }).map((n) => `line ${n}`) },
);
/** File contents: a few lines from a small vocabulary, so files resemble each other. */
export const contents = fc.array(line, { minLength: 1, maxLength: 14 });

const edit = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), line }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), line }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), to: fc.nat() }),
);
export type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;
export const edits = fc.array(edit, { minLength: 1, maxLength: 4 });

/** A change to the working tree. */
const fileOp = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("edit" as const), file: fc.nat(), edits }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      dir: fc.nat(),
      name: fc.nat(),
      contents,
      /** the contents of an existing file instead (an exact copy is a rename candidate) */
      copy: fc.option(fc.nat(), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), file: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("rename" as const),
      file: fc.nat(),
      dir: fc.nat(),
      name: fc.option(fc.nat(), { nil: undefined }),
      edits: fc.option(edits, { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("chmod" as const), file: fc.nat() }) },
);
export type FileOp = typeof fileOp extends fc.Arbitrary<infer T> ? T : never;
export const fileOps = fc.array(fileOp, { minLength: 1, maxLength: 4 });

/** How a conflicted or merged path is settled by hand. */
const resolution = fc.oneof(
  fc.constant({ kind: "remove" as const }),
  fc.record({ kind: fc.constant("write" as const), contents }),
);

const message = fc.constantFrom(
  "edit files",
  "a subject\nthat spans two lines\n\nand a body",
  "with a workline\n\nAdrift-Workline: W1",
  "with trailers\n\nSigned-off-by: Ana <ana@example.com>\nAdrift-Workline: W2",
  "not a trailer block\n\nAdrift-Workline: W1\nthis line is prose, so the block is no trailer block",
);

const recordStep = fc.record({
  kind: fc.constant("record" as const),
  scope: fc.uniqueArray(fc.constantFrom(...SCOPES), { minLength: 1, maxLength: 2 }),
});

/** One step of a history. */
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("commit" as const),
      ops: fileOps,
      message,
      /** days after 2024-01-01: commit dates go back and forth */
      day: fc.nat({ max: 900 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("branch" as const), name: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("switch" as const), name: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("merge" as const),
      name: fc.nat(),
      resolutions: fc.array(resolution, { minLength: 1, maxLength: 4 }),
      /** a change made while merging, which is the merge's own */
      edit: fc.option(fileOps, { nil: undefined }),
      day: fc.nat({ max: 900 }),
    }),
  },
  { weight: 3, arbitrary: recordStep },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverify" as const), record: fc.nat() }) },
);
export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/**
 * A history: its steps (decisions recorded first, on a history that forks at once, so that most
 * histories have stale records and merges), and a change left staged at the end.
 */
export const histories = fc.record({
  steps: fc
    .tuple(
      fc.array(recordStep, { minLength: 1, maxLength: 3 }),
      fc.array(step, { minLength: 8, maxLength: 20 }),
    )
    .map(([records, rest]): Step[] => [...records, { kind: "branch", name: 1 }, ...rest]),
  staged: fileOps,
});
export type History = typeof histories extends fc.Arbitrary<infer T> ? T : never;

/** Applies `edits` to lines (positions modulo the length). */
function applyEdits(lines: string[], list: readonly Edit[]): string[] {
  const out = [...lines];
  for (const e of list) {
    const at = out.length === 0 ? 0 : e.at % out.length;
    if (e.kind === "insert") out.splice(at, 0, e.line);
    else if (out.length === 0) continue;
    else if (e.kind === "delete") out.splice(at, 1);
    else if (e.kind === "replace") out[at] = e.line;
    else {
      const to = e.to % out.length;
      [out[at], out[to]] = [out[to]!, out[at]!];
    }
  }
  return out;
}

/** The repository's files (not .git, not adrift's own), sorted. */
function workingFiles(dir: string, sub = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(dir, sub))) {
    const rel = sub ? `${sub}/${name}` : name;
    if (rel === ".git" || rel === ".decisions") continue;
    if (statSync(path.join(dir, rel)).isDirectory()) out.push(...workingFiles(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

/** The branch checked out (HEAD is always a branch here), read from .git/HEAD. */
function currentBranch(dir: string): string {
  return readFileSync(path.join(dir, ".git", "HEAD"), "utf8")
    .trim()
    .replace(/^ref: refs\/heads\//, "");
}

/** What a built history left: the repository, its commits, and the decisions recorded. */
export type BuiltHistory = { repo: TestRepo; commits: string[]; records: string[] };

/** Builds `history` in a fresh repository (decisions recorded with the git CLI adapter). */
export async function buildHistory(history: History): Promise<BuiltHistory> {
  const repo = makeRepo();
  const run = (args: string[], env: NodeJS.ProcessEnv = testEnv()) =>
    spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
  const git = (...args: string[]) => {
    const result = run(args);
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result.stdout;
  };
  const dated = (day: number) => {
    const at = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + (day % 7) * 3_600_000);
    return testEnv({ GIT_AUTHOR_DATE: at.toISOString(), GIT_COMMITTER_DATE: at.toISOString() });
  };
  repo.commit("files", {
    "src/a.ts": `${LINES.slice(0, 6).join("\n")}\n`,
    "src/deep/b.ts": `${LINES.slice(2, 9).join("\n")}\n`,
    "lib/index.ts": `${LINES.slice(4).join("\n")}\n`,
    "docs/c.md": "# A heading\n\n- a list item\n",
  });
  const commits = [headCommit(repo.dir)];
  const records: string[] = [];
  const branches = ["main"];
  const write = (file: string, lines: readonly string[]) => {
    mkdirSync(path.dirname(path.join(repo.dir, file)), { recursive: true });
    writeFileSync(path.join(repo.dir, file), `${lines.join("\n")}\n`);
  };
  const applyOps = (ops: readonly FileOp[]) => {
    for (const op of ops) {
      const files = workingFiles(repo.dir);
      const pick = (n: number) => files[n % files.length];
      if (op.kind === "add") {
        const file = `${DIRS[op.dir % DIRS.length]}/${NAMES[op.name % NAMES.length]}`;
        const copied = op.copy !== undefined && files.length > 0 ? pick(op.copy) : undefined;
        if (copied) write(file, repo.read(copied).replace(/\n$/, "").split("\n"));
        else write(file, op.contents);
        continue;
      }
      const file = pick(op.file);
      if (!file) continue;
      const full = path.join(repo.dir, file);
      if (op.kind === "edit") write(file, applyEdits(repo.read(file).split("\n"), op.edits));
      else if (op.kind === "delete") rmSync(full);
      else if (op.kind === "chmod") chmodSync(full, statSync(full).mode & 0o100 ? 0o644 : 0o755);
      else {
        const name = op.name === undefined ? path.basename(file) : NAMES[op.name % NAMES.length]!;
        const to = `${DIRS[op.dir % DIRS.length]}/${name}`;
        if (to === file || files.includes(to)) continue;
        const lines = repo.read(file).replace(/\n$/, "").split("\n");
        rmSync(full);
        write(to, op.edits ? applyEdits(lines, op.edits) : lines);
      }
    }
  };
  const commitAll = (msg: string, env: NodeJS.ProcessEnv) => {
    git("add", "-A");
    const result = run(["commit", "-q", "--allow-empty", "-m", msg], env);
    if (result.status !== 0) throw new Error(`git commit: ${result.stderr}`);
    commits.push(headCommit(repo.dir));
  };
  for (const s of history.steps) {
    if (s.kind === "commit") {
      applyOps(s.ops);
      commitAll(s.message, dated(s.day));
    } else if (s.kind === "branch") {
      const name = `b${s.name % 4}`;
      if (!branches.includes(name)) {
        git("add", "-A");
        if (git("status", "--porcelain").trim()) commitAll("before branching", testEnv());
        git("checkout", "-q", "-b", name);
        branches.push(name);
      }
    } else if (s.kind === "switch") {
      const name = branches[s.name % branches.length]!;
      git("add", "-A");
      if (git("status", "--porcelain").trim()) commitAll("before switching", testEnv());
      git("checkout", "-q", name);
    } else if (s.kind === "merge") {
      const current = currentBranch(repo.dir);
      const other = branches.filter((b) => b !== current)[
        s.name % Math.max(1, branches.length - 1)
      ];
      if (!other) continue;
      git("add", "-A");
      if (git("status", "--porcelain").trim()) commitAll("before merging", testEnv());
      const env = dated(s.day);
      run(["merge", "-q", "--no-ff", "--no-commit", other], env);
      // Already up to date, or refused: no merge to make.
      if (!existsSync(path.join(repo.dir, ".git/MERGE_HEAD"))) continue;
      const unmerged = git("diff", "--name-only", "--diff-filter=U").split("\n").filter(Boolean);
      unmerged.forEach((file, i) => {
        const resolution = s.resolutions[i % s.resolutions.length]!;
        if (resolution.kind === "remove") rmSync(path.join(repo.dir, file), { force: true });
        else write(file, resolution.contents);
      });
      if (s.edit) applyOps(s.edit);
      git("add", "-A");
      const result = run(["commit", "-q", "--allow-empty", "-m", `merge ${other}`], env);
      if (result.status !== 0) throw new Error(`git commit (merge): ${result.stderr}`);
      commits.push(headCommit(repo.dir));
    } else if (s.kind === "record") {
      const repository = await openRepository(repo.dir, { env: testEnv() });
      const { id } = await repository.recordDecision({ outcome: "o", touched_paths: s.scope });
      records.push(id);
    } else if (records.length > 0) {
      const repository = await openRepository(repo.dir, { env: testEnv() });
      // A record committed on another branch is not in this one's log: nothing to re-verify.
      await repository.reverifyDecision(records[s.record % records.length]!).catch((error) => {
        if ((error as { code?: string }).code !== "not_found") throw error;
      });
    }
  }
  git("add", "-A");
  if (git("status", "--porcelain").trim()) commitAll("last", testEnv());
  applyOps(history.staged);
  git("add", "-A");
  return { repo, commits, records };
}
