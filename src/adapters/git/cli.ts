import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";
import { carryIntoHeadWithCli } from "./carry-into-head.js";
import { type HistoryGit, streamCommitsWithCli } from "./cli-history.js";
import { parseBlameOrigins, parseLsTree, parseRawChanges } from "./cli-parse.js";
import { cleanGitEnv } from "./env.js";
import { readHead as readHeadCommit } from "./head.js";
import { readBranchTips } from "./refs.js";
import { runGit, runGitBuffer } from "./run-git.js";
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
  // --git-common-dir is relative to the directory git ran in (a subdirectory: ../.git)
  return { root, gitDir, commonDir: path.resolve(cwd, common) };
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

/**
 * Who added a line decides who may have written it (`validate --against`), so it must be what the
 * commit says, never what a file the pull request can change says: no mailmap from the work tree
 * (git reads `.mailmap` there whatever the configuration says, which is why blame runs with the
 * git directory as its work tree and reads the file through `--contents`), from a blob, from a
 * configured file, or from `log.mailmap`.
 */
const WITHOUT_TREE_IDENTITIES = [
  "-c",
  "mailmap.file=",
  "-c",
  "mailmap.blob=",
  "-c",
  "log.mailmap=false",
];

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

  /** Runs git in the work tree root; a non-zero exit throws git_failed with git's message. */
  runOrThrow(args: string[], input?: string) {
    return runGit(args, { cwd: this.location.root, env: this.env, input });
  }

  /** Runs git in the work tree root; a non-zero exit is returned as `code`, never thrown. */
  runAllowingFailure(args: string[], input?: string) {
    return runGit(args, { cwd: this.location.root, env: this.env, allowFail: true, input });
  }

  /** `git cat-file --batch-check` over input lines: one output line per input line. */
  private async batchCheck(lines: readonly string[]): Promise<string[]> {
    if (lines.length === 0) return [];
    const { stdout } = await this.runOrThrow(
      ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
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
    const { stdout } = await this.runAllowingFailure(["rev-parse", "--is-shallow-repository"]);
    return stdout.trim() === "true";
  }

  async worktreeTree(
    under: readonly string[],
  ): Promise<{ tree: string; changed: string[] } | undefined> {
    const specs = under.includes("") ? [] : under.map((u) => `:(literal)${u.replace(/\/+$/, "")}`);
    const status = await this.runAllowingFailure([
      "status",
      "--porcelain=v1",
      "-z",
      "--untracked-files=all",
      "--no-renames",
      "--",
      ...specs,
    ]);
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
      const diff = await this.runOrThrow([
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
    const { stdout } = await this.runOrThrow(["ls-tree", "-r", "-z", "--full-tree", rev, ...limit]);
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
          (await this.runAllowingFailure(["merge-base", "--is-ancestor", oid, head])).code === 0,
      ),
    );
    return new Set(unique.filter((_, i) => answers[i]));
  }

  async mergeBases(revs: readonly string[]): Promise<string[]> {
    const unique = [...new Set(revs)];
    if (unique.length <= 1) return unique;
    const { stdout, code } = await this.runAllowingFailure(["merge-base", "--octopus", ...unique]);
    return code === 0 ? stdout.split("\n").filter(Boolean) : [];
  }

  streamCommits(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean; paths?: readonly string[] },
    onCommit: (commit: CommitInfo) => void,
  ): Promise<void> {
    const history: HistoryGit = {
      cwd: this.location.root,
      env: this.env,
      runOrThrow: (args, input) => this.runOrThrow(args, input),
      runAllowingFailure: (args, input) => this.runAllowingFailure(args, input),
    };
    return streamCommitsWithCli(history, head, exclude, options, onCommit);
  }

  async commitTimes(oids: readonly string[]): Promise<Map<string, number>> {
    const times = new Map<string, number>();
    if (oids.length === 0) return times;
    const { stdout } = await this.runOrThrow(
      ["log", "--no-walk=unsorted", "--ignore-missing", "--stdin", "--format=%H %ct"],
      `${oids.join("\n")}\n`,
    );
    for (const line of stdout.split("\n")) {
      const [hash, time] = line.split(" ");
      if (hash && time) times.set(hash, Number(time));
    }
    return times;
  }

  async stagedChanges(): Promise<FileChange[]> {
    const { stdout } = await this.runOrThrow([
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

  carryIntoHead(head: string, files: readonly string[], reason: string) {
    return carryIntoHeadWithCli(
      (args, o = {}) =>
        runGit(args, {
          cwd: this.location.root,
          env: { ...this.env, ...o.env },
          ...(o.input !== undefined ? { input: o.input } : {}),
          ...(o.allowFail ? { allowFail: true } : {}),
        }),
      this.location.gitDir,
      head,
      files,
      reason,
    );
  }

  async hooksDir(): Promise<string> {
    const { stdout } = await this.runOrThrow(["rev-parse", "--git-path", "hooks"]);
    return path.resolve(this.location.root, stdout.trim());
  }

  async trackedFiles(dir: string): Promise<string[]> {
    const { stdout } = await this.runOrThrow([
      "ls-files",
      "-z",
      "--",
      ...(dir ? [`:(literal)${dir}`] : []),
    ]);
    return stdout.split("\0").filter(Boolean);
  }

  async isIgnored(file: string): Promise<boolean> {
    // 0: ignored; 1: not ignored; 128: git could not tell (a path outside the work tree).
    return (await this.runAllowingFailure(["check-ignore", "-q", "--", file])).code === 0;
  }

  async readFileAt(rev: string, file: string): Promise<Buffer | undefined> {
    const { stdout, code } = await runGitBuffer(["cat-file", "blob", `${rev}:${file}`], {
      cwd: this.location.root,
      env: this.env,
      allowFail: true,
    });
    return code === 0 ? stdout : undefined;
  }

  async commitMessage(rev: string): Promise<string | undefined> {
    const { stdout, code } = await this.runAllowingFailure([
      "show",
      "-s",
      "--format=%B",
      `${rev}^{commit}`,
      "--",
    ]);
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
    const { stdout } = await this.runAllowingFailure([
      ...WITHOUT_TREE_IDENTITIES,
      "log",
      "--diff-filter=A",
      "--format=%H %ct",
      "HEAD",
      "--",
      file,
    ]);
    const last = stdout.trim().split("\n").filter(Boolean).at(-1);
    if (!last) return undefined;
    const [hash, time] = last.split(" ");
    return { hash: hash!, time: Number(time) };
  }

  async lineOrigins(file: string): Promise<(LineOrigin | undefined)[]> {
    const { stdout, code } = await this.runAllowingFailure([
      ...WITHOUT_TREE_IDENTITIES,
      `--git-dir=${this.location.gitDir}`,
      `--work-tree=${this.location.gitDir}`,
      "blame",
      "--line-porcelain",
      "--no-textconv",
      // blame.ignoreRevsFile names a file of the tree (.git-blame-ignore-revs, by custom): a
      // pull request could list its own commit there and pass its lines to an earlier one.
      "--no-ignore-revs-file",
      "--contents",
      path.join(this.location.root, file),
      "--",
      file,
    ]);
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
    const { code } = await this.runAllowingFailure([
      "merge-base",
      "--is-ancestor",
      ancestor,
      descendant,
    ]);
    return code === 0;
  }

  async resolveRevision(rev: string): Promise<string | undefined> {
    if (rev === "HEAD") {
      const head = readHeadCommit(this.location);
      if (head !== null) return head;
    }
    const { stdout, code } = await this.runAllowingFailure([
      "rev-parse",
      "--verify",
      "--quiet",
      "--end-of-options",
      `${rev}^{commit}`,
    ]);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  async currentBranch(): Promise<string | undefined> {
    // Every write asks for the branch: read HEAD directly when it is a plain symbolic ref.
    const head = readHead(this.location.gitDir);
    if (head !== undefined) return head || undefined;
    const { stdout, code } = await this.runAllowingFailure([
      "symbolic-ref",
      "--quiet",
      "--short",
      "HEAD",
    ]);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  async branchTips(): Promise<Map<string, string>> {
    // Every marking commit asks (merge safety): read from the ref files when they say for certain.
    const fromFiles = readBranchTips(this.location);
    if (fromFiles) return fromFiles;
    const { stdout } = await this.runOrThrow([
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
    const { stdout } = await this.runAllowingFailure([
      "config",
      "-z",
      "--get-regexp",
      "^user\\.(name|email)$",
    ]);
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
    const { stdout, code } = await this.runAllowingFailure([
      "log",
      "--diff-filter=A",
      "--format=%ct",
      "--reverse",
      "--",
      file,
    ]);
    const first = stdout.split("\n").find((line) => line.trim());
    return code === 0 && first ? Number(first) : undefined;
  }
}
