import { execFile, spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import { orderCommits } from "../../core/staleness/history.js";
import {
  LOG_CHANGES,
  LOG_FORMAT,
  LogStreamParser,
  parseBlameOrigins,
  parseLog,
  parseLsTree,
  parseRawChanges,
} from "./cli-parse.js";
import { cleanGitEnv } from "./env.js";
import { readHead as readHeadCommit } from "./head.js";
import { readBranchTips } from "./refs.js";
import { readShallowFile } from "./shallow.js";
import type {
  CommitInfo,
  FileChange,
  GitAdapter,
  GitIdentity,
  LineOrigin,
  RepositoryLocation,
  TreeEntry,
} from "./types.js";

/** The error for a machine without a git binary. */
function gitMissing(): AdriftError {
  return new AdriftError(
    "git_failed",
    "git is not installed or not on PATH (set ADRIFT_GIT=embedded)",
  );
}

type RunOptions = { cwd: string; env?: NodeJS.ProcessEnv; input?: string; allowFail?: boolean };

/** Runs git and returns stdout; throws git_failed with git's own message unless allowFail. */
export function runGit(
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; code: number }> {
  return runGitAs<string>("utf8", args, options);
}

/**
 * `env` with GIT_FLUSH=0. Into a pipe, git flushes its output after every commit it lists
 * unless told not to: 20,000 commits came as ~12,000 reads of ~300 bytes, which cost node
 * ~170 ms of CPU (and git the writes); buffered, they come in ~900 reads. Only for commands
 * whose output is read whole or streamed, never for a request/response conversation.
 */
function unflushed(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GIT_FLUSH: "0" };
}

/** Runs git and returns stdout as bytes. */
export function runGitBuffer(
  args: string[],
  options: RunOptions,
): Promise<{ stdout: Buffer; code: number }> {
  return runGitAs<Buffer>("buffer", args, options);
}

function runGitAs<T extends string | Buffer>(
  encoding: "utf8" | "buffer",
  args: string[],
  options: RunOptions,
): Promise<{ stdout: T; code: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        env: unflushed(options.env ?? cleanGitEnv()),
        maxBuffer: 1024 * 1024 * 1024,
        encoding,
      },
      (error, stdout, stderr) => {
        const missing = (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
        if (error && (!options.allowFail || missing)) {
          if (missing) {
            reject(gitMissing());
            return;
          }
          reject(
            new AdriftError(
              "git_failed",
              `git ${args[0]} failed: ${String(stderr).trim().split("\n")[0] ?? ""}`,
              {
                args,
              },
            ),
          );
          return;
        }
        const exit = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ stdout: stdout as unknown as T, code: Number.isFinite(exit) ? exit : 1 });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Finds the repository containing `cwd` with the git CLI; throws not_a_git_repo. */
export async function locateWithCli(
  cwd: string,
  env?: NodeJS.ProcessEnv,
): Promise<RepositoryLocation> {
  const { stdout, code } = await runGit(
    ["rev-parse", "--show-toplevel", "--absolute-git-dir", "--git-common-dir"],
    { cwd, env, allowFail: true },
  );
  const [root, gitDir, common] = stdout.split("\n");
  if (code !== 0 || !root || !gitDir || !common)
    throw new AdriftError(
      "not_a_git_repo",
      `${cwd} is not inside a git work tree (run git init first)`,
      { cwd },
    );
  return { root, gitDir, commonDir: path.resolve(root, common) };
}

/**
 * The branch HEAD names, "" when HEAD is detached, or undefined when HEAD cannot be read
 * simply (then git itself is asked).
 */
function readHead(gitDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
  } catch {
    return undefined;
  }
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text)) return "";
  const match = /^ref: refs\/heads\/(.+)$/.exec(text);
  return match ? match[1] : undefined;
}

/** Throwaway index files made by this process (their names must differ). */
let tempIndexes = 0;

/** The git CLI implementation: fast, the default when `git` is on PATH. */
export class CliGit implements GitAdapter {
  readonly kind = "cli" as const;
  readonly location: RepositoryLocation;
  private readonly env: NodeJS.ProcessEnv;

  constructor(location: RepositoryLocation, env: NodeJS.ProcessEnv = cleanGitEnv()) {
    this.location = location;
    this.env = env;
  }

  /** Runs git in the work tree root. */
  run(args: string[], allowFail = false, input?: string) {
    return runGit(args, { cwd: this.location.root, env: this.env, allowFail, input });
  }

  /** `git cat-file --batch-check` over input lines: one output line per input line. */
  private async batchCheck(lines: readonly string[]): Promise<string[]> {
    if (lines.length === 0) return [];
    const { stdout } = await this.run(
      ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
      false,
      `${lines.join("\n")}\n`,
    );
    return stdout.split("\n").slice(0, lines.length);
  }

  async presentCommits(oids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(oids)].filter((o) => /^[0-9a-f]{4,64}$/.test(o));
    const out = await this.batchCheck(unique);
    const present = new Set<string>();
    out.forEach((line, i) => {
      if (line.endsWith(" commit")) present.add(unique[i]!);
    });
    return present;
  }

  async isShallow(): Promise<boolean> {
    const { stdout } = await this.run(["rev-parse", "--is-shallow-repository"], true);
    return stdout.trim() === "true";
  }

  async worktreeTree(
    under: readonly string[],
  ): Promise<{ tree: string; changed: string[] } | undefined> {
    const specs = under.includes("") ? [] : under.map((u) => `:(literal)${u.replace(/\/+$/, "")}`);
    const status = await this.run(
      ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", ...specs],
      true,
    );
    if (status.code !== 0 || status.stdout === "") return undefined;
    // `XY path` entries: X the index against HEAD, Y the working tree against the index.
    const entries = status.stdout
      .split("\0")
      .filter((e) => e.length > 3)
      .map((e) => ({ x: e[0]!, y: e[1]!, path: e.slice(3) }));
    // Starting from HEAD, every listed path but one added to the index and gone again (in
    // neither HEAD nor the working tree).
    const fromHead = entries.filter((e) => !(e.x === "A" && e.y === "D")).map((e) => e.path);
    // A throwaway index: the real one copied (its stat data spares hashing unchanged files),
    // the working tree added below `under`, written as a tree.
    const index = path.join(
      this.location.gitDir,
      `adrift-worktree-${process.pid}-${++tempIndexes}`,
    );
    const env = { ...this.env, GIT_INDEX_FILE: index };
    const cwd = this.location.root;
    try {
      const real = path.join(this.location.gitDir, "index");
      // Only the paths git listed, each literally: a scope naming a file that is in neither the
      // index nor the working tree (moved away with `git mv`) would make `git add` fail.
      const add = async (paths: string[]) => {
        if (paths.length === 0) return;
        const input = paths.map((p) => `:(literal)${p}\0`).join("");
        const args = ["add", "-A", "--pathspec-from-file=-", "--pathspec-file-nul"];
        await runGit(args, { cwd, env, input });
      };
      if (existsSync(real)) {
        copyFileSync(real, index);
        // What the real index already holds needs no adding.
        await add(entries.filter((e) => e.y !== " ").map((e) => e.path));
      } else {
        await runGit(["read-tree", "HEAD"], { cwd, env });
        await add(fromHead);
      }
      let written = await runGit(["write-tree"], { cwd, env, allowFail: true });
      if (written.code !== 0) {
        // The real index holds a conflict outside `under`: start from HEAD instead.
        await runGit(["read-tree", "HEAD"], { cwd, env });
        await add(fromHead);
        written = await runGit(["write-tree"], { cwd, env });
      }
      const tree = written.stdout.trim();
      const diff = await this.run([
        "diff-tree",
        "-r",
        "-z",
        "--no-renames",
        "--name-only",
        "HEAD",
        tree,
        "--",
        ...specs,
      ]);
      const changed = diff.stdout.split("\0").filter(Boolean);
      return changed.length > 0 ? { tree, changed } : undefined;
    } finally {
      rmSync(index, { force: true });
    }
  }

  async listFiles(rev: string, under?: readonly string[]): Promise<TreeEntry[]> {
    const limit =
      under && !under.includes("") ? ["--", ...under.map((u) => u.replace(/\/+$/, ""))] : [];
    const { stdout } = await this.run(["ls-tree", "-r", "-z", "--full-tree", rev, ...limit]);
    return parseLsTree(stdout);
  }

  async countFiles(rev: string): Promise<number> {
    return (await this.listFiles(rev)).length;
  }

  async objectIds(rev: string, paths: readonly string[]): Promise<Map<string, string>> {
    const clean = paths.map((p) => p.replace(/\/+$/, ""));
    const out = await this.batchCheck(clean.map((p) => `${rev}:${p}`));
    const ids = new Map<string, string>();
    out.forEach((line, i) => {
      const [oid, type] = line.split(" ");
      if (type === "blob" || type === "tree") ids.set(paths[i]!, oid!);
    });
    return ids;
  }

  async objectIdsAt(
    pairs: readonly (readonly [revision: string, path: string])[],
  ): Promise<(string | undefined)[]> {
    const out = await this.batchCheck(pairs.map(([rev, p]) => `${rev}:${p.replace(/\/+$/, "")}`));
    return pairs.map((_, i) => {
      const [oid, type] = (out[i] ?? "").split(" ");
      return type === "blob" || type === "tree" ? oid : undefined;
    });
  }

  async objectIdAcross(revs: readonly string[], file: string): Promise<(string | undefined)[]> {
    const clean = file.replace(/\/+$/, "");
    const out = await this.batchCheck(revs.map((rev) => `${rev}:${clean}`));
    return out.map((line) => {
      const [oid, type] = line.split(" ");
      return type === "blob" || type === "tree" ? oid : undefined;
    });
  }

  async reachedFrom(head: string, oids: readonly string[]): Promise<Set<string>> {
    // merge-base walks until it knows (a date-trusting `rev-list --not` may stop early).
    const unique = [...new Set(oids)];
    const answers = await Promise.all(
      unique.map(
        async (oid) =>
          (await this.run(["merge-base", "--is-ancestor", oid, head], true)).code === 0,
      ),
    );
    return new Set(unique.filter((_, i) => answers[i]));
  }

  async mergeBases(revs: readonly string[]): Promise<string[]> {
    const unique = [...new Set(revs)];
    if (unique.length <= 1) return unique;
    const { stdout, code } = await this.run(["merge-base", "--octopus", ...unique], true);
    return code === 0 ? stdout.split("\n").filter(Boolean) : [];
  }

  streamCommits(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean; paths?: readonly string[] },
    onCommit: (commit: CommitInfo) => void,
  ): Promise<void> {
    if (options.paths)
      return this.streamLimited(head, exclude, options.boundary ?? false, options.paths, onCommit);
    const args = [
      "-c",
      "log.showSignature=false",
      "log",
      "--topo-order",
      ...LOG_CHANGES,
      "-c", // a merge's own changes: files whose contents differ from every parent's
      "--no-ext-diff",
      `--format=${LOG_FORMAT}`,
      head,
      ...(exclude.length ? ["--not", ...exclude] : []),
      "--",
    ];
    return new Promise((resolve, reject) => {
      const child = spawn("git", args, {
        cwd: this.location.root,
        env: unflushed(this.env),
        stdio: ["ignore", "pipe", "pipe"],
      });
      const parser = new LogStreamParser();
      const listed = new Map<string, string[]>();
      let stderr = "";
      let failed: unknown;
      const deliver = (commits: CommitInfo[]) => {
        if (failed) return;
        try {
          for (const commit of commits) {
            if (!commit.boundary) listed.set(commit.hash, commit.parents);
            onCommit(commit);
          }
        } catch (error) {
          failed = error;
          child.kill();
        }
      };
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (text: string) => deliver(parser.push(text)));
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", (text: string) => {
        stderr += text;
      });
      child.on("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "ENOENT" ? gitMissing() : error),
      );
      child.on("close", (code) => {
        if (failed) return reject(failed);
        if (code !== 0)
          return reject(
            new AdriftError("git_failed", `git log failed: ${stderr.trim().split("\n")[0] ?? ""}`, {
              args,
            }),
          );
        deliver(parser.end());
        if (failed) return reject(failed);
        const boundary = options.boundary ? this.boundaryOf(listed) : Promise.resolve([]);
        Promise.all([boundary, this.checkExcluded(listed, exclude)])
          .then(([commits]) => {
            deliver(commits);
            if (failed) reject(failed);
            else resolve();
          })
          .catch(reject);
      });
    });
  }

  /**
   * The boundary of the listed commits (their parents that are not listed), children first,
   * without their changes. Not `git log --boundary`: git prints a boundary commit's whole diff,
   * which nothing reads, and a range starting at a commit that added 10,000 files printed them
   * all (two thirds of the log on the `pr-comment` benchmark).
   */
  private async boundaryOf(listed: ReadonlyMap<string, readonly string[]>): Promise<CommitInfo[]> {
    const hashes = new Set<string>();
    for (const parents of listed.values())
      for (const parent of parents) if (!listed.has(parent)) hashes.add(parent);
    if (hashes.size === 0) return [];
    const { stdout } = await this.run(
      [
        "-c",
        "log.showSignature=false",
        "log",
        "--no-walk=unsorted",
        "--stdin",
        "-z",
        `--format=${LOG_FORMAT}`,
      ],
      false,
      `${[...hashes].join("\n")}\n`,
    );
    const commits = parseLog(stdout);
    for (const commit of commits) commit.boundary = true;
    return orderCommits(commits).reverse();
  }

  /**
   * Rejects (`git_failed`, reason `skewed_dates`) when git listed a commit that an excluded one
   * reaches. git's walk of `A --not B` trusts commit dates: where they go back in time (a clock
   * set wrong, an import, a rebase keeping author dates) it may stop marking B's ancestors
   * before it has listed them, and a change made before B would count as made after it. Such a
   * commit leaves a lowest listed commit (none of whose parents is listed) that B reaches, which
   * `git merge-base --independent` tells exactly. Not asked when each lowest commit is a child of
   * the one excluded commit: then none can be its ancestor.
   */
  private async checkExcluded(
    listed: ReadonlyMap<string, readonly string[]>,
    exclude: readonly string[],
  ): Promise<void> {
    if (exclude.length === 0) return;
    const lowest = [...listed]
      .filter(([, parents]) => !parents.some((p) => listed.has(p)))
      .map(([hash, parents]) => ({ hash, parents }));
    const only = exclude.length === 1 ? exclude[0] : undefined;
    if (lowest.every((c) => only !== undefined && c.parents.includes(only))) return;
    const hashes = lowest.map((c) => c.hash);
    const { stdout, code } = await this.run(
      ["merge-base", "--independent", ...hashes, ...exclude],
      true,
    );
    const independent = new Set(stdout.split("\n").filter(Boolean));
    if (code === 0 && hashes.every((h) => independent.has(h))) return;
    throw new AdriftError(
      "git_failed",
      "git listed commits older than the excluded ones (commit dates go back in time here); read the history whole instead",
      { reason: "skewed_dates", exclude },
    );
  }

  /**
   * `streamCommits` with `paths`: the commits from a log without diffs (cheap: no trees compared),
   * their changes from `git log --full-history -- <paths>` (trees compared only under `paths`),
   * run at once. Both lists are small next to a whole log of changes.
   */
  private async streamLimited(
    head: string,
    exclude: readonly string[],
    boundary: boolean,
    paths: readonly string[],
    onCommit: (commit: CommitInfo) => void,
  ): Promise<void> {
    const range = [head, ...(exclude.length ? ["--not", ...exclude] : [])];
    const [graph, changed] = await Promise.all([
      this.run([
        "log",
        "--topo-order",
        ...(boundary ? ["--boundary"] : []),
        "-z",
        "--format=%m%H %ct %P",
        ...range,
        "--",
      ]),
      this.run([
        "-c",
        "log.showSignature=false",
        "log",
        "--full-history",
        ...LOG_CHANGES,
        "-c",
        "--no-ext-diff",
        `--format=${LOG_FORMAT}`,
        ...range,
        "--",
        ...paths.map((p) => `:(literal)${p}`),
      ]),
    ]);
    const byHash = new Map(parseLog(changed.stdout).map((c) => [c.hash, c]));
    const listed = new Map<string, string[]>();
    for (const entry of graph.stdout.split("\0")) {
      if (!entry || entry.startsWith("-")) continue;
      const [marked, , ...parents] = entry.split(" ");
      listed.set(marked!.slice(1), parents.filter(Boolean));
    }
    await this.checkExcluded(listed, exclude);
    for (const entry of graph.stdout.split("\0")) {
      if (!entry) continue;
      const [marked, time, ...parents] = entry.split(" ");
      const hash = marked!.slice(1);
      const known = byHash.get(hash);
      const commit: CommitInfo = {
        hash,
        parents: parents.filter(Boolean),
        author: known?.author ?? "",
        author_email: known?.author_email ?? "",
        time: Number(time) || 0,
        subject: known?.subject ?? "",
        worklines: known?.worklines ?? [],
        changes: known?.changes ?? [],
      };
      if (marked!.startsWith("-")) {
        commit.boundary = true;
        commit.changes = [];
      }
      onCommit(commit);
    }
  }

  async commitTimes(oids: readonly string[]): Promise<Map<string, number>> {
    const times = new Map<string, number>();
    if (oids.length === 0) return times;
    const { stdout } = await this.run(
      ["log", "--no-walk=unsorted", "--ignore-missing", "--stdin", "--format=%H %ct"],
      false,
      `${oids.join("\n")}\n`,
    );
    for (const line of stdout.split("\n")) {
      const [hash, time] = line.split(" ");
      if (hash && time) times.set(hash, Number(time));
    }
    return times;
  }

  async stagedChanges(): Promise<FileChange[]> {
    const { stdout } = await this.run([
      "diff",
      "--cached",
      "-z",
      "-M",
      "--raw",
      "--no-abbrev",
      "--no-ext-diff",
      "--",
    ]);
    return parseRawChanges(stdout.split("\0"));
  }

  async stageFiles(files: readonly string[], indexFile?: string): Promise<void> {
    if (files.length === 0) return;
    await runGit(["add", "--", ...files], {
      cwd: this.location.root,
      env: indexFile ? { ...this.env, GIT_INDEX_FILE: indexFile } : this.env,
    });
  }

  async hooksDir(): Promise<string> {
    const { stdout } = await this.run(["rev-parse", "--git-path", "hooks"]);
    return path.resolve(this.location.root, stdout.trim());
  }

  async trackedFiles(dir: string): Promise<string[]> {
    const { stdout } = await this.run([
      "ls-files",
      "-z",
      "--",
      ...(dir ? [`:(literal)${dir}`] : []),
    ]);
    return stdout.split("\0").filter(Boolean);
  }

  async isIgnored(file: string): Promise<boolean> {
    // 0: ignored; 1: not ignored; 128: git could not tell (a path outside the work tree).
    return (await this.run(["check-ignore", "-q", "--", file], true)).code === 0;
  }

  async readFileAt(rev: string, file: string): Promise<Buffer | undefined> {
    const { stdout, code } = await runGitBuffer(["cat-file", "blob", `${rev}:${file}`], {
      cwd: this.location.root,
      env: this.env,
      allowFail: true,
    });
    return code === 0 ? stdout : undefined;
  }

  async readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const unique = [...new Set(oids)].filter((o) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(o));
    const out = new Map<string, Buffer>();
    if (unique.length === 0) return out;
    const { stdout } = await runGitBuffer(["cat-file", "--batch"], {
      cwd: this.location.root,
      env: this.env,
      input: `${unique.join("\n")}\n`,
      allowFail: true,
    });
    // Each answer: "<oid> <type> <size>\n<bytes>\n", or "<oid> missing\n".
    let at = 0;
    while (at < stdout.length) {
      const end = stdout.indexOf(0x0a, at);
      if (end < 0) break;
      const [oid, type, size] = stdout.toString("latin1", at, end).split(" ");
      at = end + 1;
      if (size === undefined) continue;
      const bytes = Number(size);
      if (type === "blob") out.set(oid!, stdout.subarray(at, at + bytes));
      at += bytes + 1;
    }
    return out;
  }

  async readBlob(oid: string): Promise<Buffer | undefined> {
    const { stdout, code } = await runGitBuffer(["cat-file", "blob", oid], {
      cwd: this.location.root,
      env: this.env,
      allowFail: true,
    });
    return code === 0 ? stdout : undefined;
  }

  async firstCommitOf(file: string): Promise<{ hash: string; time: number } | undefined> {
    const { stdout } = await this.run(
      ["log", "--diff-filter=A", "--format=%H %ct", "HEAD", "--", file],
      true,
    );
    const last = stdout.trim().split("\n").filter(Boolean).at(-1);
    if (!last) return undefined;
    const [hash, time] = last.split(" ");
    return { hash: hash!, time: Number(time) };
  }

  async lineOrigins(file: string): Promise<(LineOrigin | undefined)[]> {
    const { stdout, code } = await this.run(["blame", "--line-porcelain", "--", file], true);
    if (code === 0) return parseBlameOrigins(stdout);
    // A file HEAD does not have (or no HEAD yet): none of its lines is committed.
    if ((await this.readFileAt("HEAD", file)) === undefined) {
      let text = "";
      try {
        text = readFileSync(path.join(this.location.root, file), "utf8");
      } catch {
        // gone: no lines
      }
      const lines = text.split("\n");
      if (lines.at(-1) === "") lines.pop();
      return lines.map(() => undefined);
    }
    throw new AdriftError("git_failed", `git blame -- ${file} failed; run it to see why`, { file });
  }

  async shallowCommits(): Promise<Set<string>> {
    return readShallowFile(this.location.commonDir);
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    if (ancestor === descendant) return true;
    const { code } = await this.run(["merge-base", "--is-ancestor", ancestor, descendant], true);
    return code === 0;
  }

  async resolveRevision(rev: string): Promise<string | undefined> {
    if (rev === "HEAD") {
      const head = readHeadCommit(this.location);
      if (head !== null) return head;
    }
    const { stdout, code } = await this.run(
      ["rev-parse", "--verify", "--quiet", "--end-of-options", `${rev}^{commit}`],
      true,
    );
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  async currentBranch(): Promise<string | undefined> {
    // Every write asks for the branch: read HEAD directly when it is a plain symbolic ref.
    const head = readHead(this.location.gitDir);
    if (head !== undefined) return head || undefined;
    const { stdout, code } = await this.run(["symbolic-ref", "--quiet", "--short", "HEAD"], true);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  async branchTips(): Promise<Map<string, string>> {
    // Every marking commit asks (merge safety): read from the ref files when they say for certain.
    const fromFiles = readBranchTips(this.location);
    if (fromFiles) return fromFiles;
    const { stdout } = await this.run([
      "for-each-ref",
      "--format=%(objectname) %(objecttype) %(symref) %(refname)",
      "refs/heads",
      "refs/remotes",
    ]);
    const tips = new Map<string, string>();
    for (const line of stdout.split("\n")) {
      const [oid, type, symref, ...name] = line.split(" ");
      if (oid && type === "commit" && !symref && name.length) tips.set(name.join(" "), oid);
    }
    return tips;
  }

  private identityRead?: Promise<GitIdentity>;

  /** Read once per adapter: a long writing loop should not spawn git for every event. */
  identity(): Promise<GitIdentity> {
    this.identityRead ??= this.readIdentity();
    return this.identityRead;
  }

  private async readIdentity(): Promise<GitIdentity> {
    const { stdout } = await this.run(
      ["config", "-z", "--get-regexp", "^user\\.(name|email)$"],
      true,
    );
    const identity: GitIdentity = {};
    for (const entry of stdout.split("\0")) {
      const newline = entry.indexOf("\n");
      if (newline < 0) continue;
      const key = entry.slice(0, newline);
      const value = entry.slice(newline + 1);
      if (key === "user.name") identity.name = value;
      if (key === "user.email") identity.email = value;
    }
    return identity;
  }

  async fileAddedAt(file: string): Promise<number | undefined> {
    const { stdout, code } = await this.run(
      ["log", "--diff-filter=A", "--format=%ct", "--reverse", "--", file],
      true,
    );
    const first = stdout.split("\n").find((line) => line.trim());
    return code === 0 && first ? Number(first) : undefined;
  }
}
