import * as fs from "node:fs";
import path from "node:path";
import * as git from "isomorphic-git";
import { AdriftError } from "../../core/errors.js";
import { orderCommits } from "../../core/staleness/history.js";
import { messageSubject, trailerValues } from "./commit-message.js";
import { embeddedLineOrigins } from "./embedded-blame.js";
import { carryIntoHeadEmbedded } from "./embedded-carry.js";
import {
  comparePaths,
  type DiffOptions,
  listTree,
  mergeChanges,
  stagedTreeChanges,
  treeChanges,
} from "./embedded-diff.js";
import {
  type EmbeddedRepo,
  ObjectMemo,
  parentsOf,
  readCommitOnce,
  readTreeOnce,
  resolveEmbedded,
} from "./embedded-revision.js";
import { worktreeTree } from "./embedded-worktree.js";
import { countsFinalLine } from "./git-version.js";
import { underPathspec } from "./pathspec.js";
import type { RenameOptions } from "./rename-detect.js";
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

/** The `Adrift-Workline:` trailer values of a commit message, as the git CLI adapter reads them. */
export function worklineTrailers(message: string): string[] {
  return trailerValues(message, "Adrift-Workline")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** git's integer config syntax (`1000`, `2k`), or undefined. */
function configInteger(value: unknown): number | undefined {
  const match = /^\s*(-?\d+)\s*([kmg]?)\s*$/i.exec(String(value ?? ""));
  if (!match) return undefined;
  const scale = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  return Number(match[1]) * scale;
}

/** The files of a git dir each linked worktree has its own of (git's worktree layout). */
const PER_WORKTREE = [
  "HEAD",
  "index",
  "ORIG_HEAD",
  "MERGE_HEAD",
  "CHERRY_PICK_HEAD",
  "REVERT_HEAD",
  "FETCH_HEAD",
  "logs/HEAD",
];

/** node's fs with each file of `own` (absolute path → where to read it) read and written there. */
function redirectFiles(own: ReadonlyMap<string, string>): typeof fs {
  const redirect = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key);
        if (key === "promises") return redirect(value as object);
        if (typeof value !== "function") return value;
        return (file: unknown, ...rest: unknown[]) =>
          value.call(
            object,
            typeof file === "string" ? (own.get(path.resolve(file)) ?? file) : file,
            ...rest,
          );
      },
    });
  return redirect(fs);
}

type ReadCommit = Awaited<ReturnType<typeof git.readCommit>>;

/** The isomorphic-git implementation: no git binary needed (ADRIFT_GIT=embedded, or no git on PATH). */
export class EmbeddedGit implements GitAdapter {
  readonly kind = "embedded" as const;
  readonly location: RepositoryLocation;
  private readonly repo: EmbeddedRepo;

  /** The repository with git's index read and written at `indexFile` (undefined: the usual one). */
  private readonly staging: EmbeddedRepo;

  /** Per-worktree files (absolute path in the common git dir → this worktree's); empty in a main worktree. */
  private readonly ownFiles = new Map<string, string>();

  /** `indexFile`: the index git uses instead of `<git dir>/index` (GIT_INDEX_FILE in a hook). */
  constructor(location: RepositoryLocation, indexFile?: string) {
    this.location = location;
    // isomorphic-git knows one git dir: in a linked worktree, HEAD, the index and the other
    // per-worktree files are read where this worktree keeps them, not the main worktree's.
    if (path.resolve(location.gitDir) !== path.resolve(location.commonDir))
      for (const name of PER_WORKTREE)
        this.ownFiles.set(path.join(location.commonDir, name), path.join(location.gitDir, name));
    this.repo = {
      fs: this.ownFiles.size > 0 ? redirectFiles(this.ownFiles) : fs,
      dir: location.root,
      gitdir: location.commonDir,
      cache: {},
      objects: new ObjectMemo(),
    };
    this.staging = indexFile ? this.withIndex(indexFile) : this.repo;
  }

  /** The repository with `<git dir>/index` read and written at `indexFile` instead. */
  private withIndex(indexFile: string): EmbeddedRepo {
    const own = new Map(this.ownFiles);
    own.set(path.join(this.location.commonDir, "index"), indexFile);
    return { ...this.repo, fs: redirectFiles(own), cache: {}, objects: new ObjectMemo() };
  }

  resolveRevision(rev: string): Promise<string | undefined> {
    return resolveEmbedded(this.repo, rev);
  }

  async currentBranch(): Promise<string | undefined> {
    return (await git.currentBranch({ ...this.repo, fullname: false })) ?? undefined;
  }

  async branchTips(): Promise<Map<string, string>> {
    const tips = new Map<string, string>();
    const add = async (ref: string) => {
      // A symbolic ref (origin/HEAD) names another branch: left out, as the CLI adapter does.
      const target = await git.resolveRef({ ...this.repo, ref, depth: 1 }).catch(() => undefined);
      if (!target || !/^[0-9a-f]{40}$/.test(target)) return;
      if ((await parentsOf(this.repo, target)) !== undefined) tips.set(ref, target);
    };
    for (const branch of await git.listBranches({ ...this.repo }))
      await add(`refs/heads/${branch}`);
    for (const remote of await git.listRemotes({ ...this.repo }).catch(() => []))
      for (const branch of await git
        .listBranches({ ...this.repo, remote: remote.remote })
        .catch(() => []))
        await add(`refs/remotes/${remote.remote}/${branch}`);
    return tips;
  }

  async identity(): Promise<GitIdentity> {
    const name = await git.getConfig({ ...this.repo, path: "user.name" });
    const email = await git.getConfig({ ...this.repo, path: "user.email" });
    return { ...(name ? { name: String(name) } : {}), ...(email ? { email: String(email) } : {}) };
  }

  async presentCommits(oids: readonly string[]): Promise<Set<string>> {
    const present = new Set<string>();
    for (const oid of new Set(oids))
      if ((await parentsOf(this.repo, oid)) !== undefined) present.add(oid);
    return present;
  }

  async isShallow(): Promise<boolean> {
    return fs.existsSync(path.join(this.location.commonDir, "shallow"));
  }

  private async treeOf(rev: string): Promise<string> {
    const oid = await this.resolveRevision(rev);
    if (oid) return (await readCommitOnce(this.repo, oid)).commit.tree;
    // A tree's id (the working tree as `worktreeTree` wrote it) names itself.
    if (/^[0-9a-f]{40}$/.test(rev)) {
      const object = await git.readObject({ ...this.repo, oid: rev }).catch(() => undefined);
      if (object?.type === "tree") return rev;
    }
    throw new AdriftError("git_failed", `revision ${rev} not found`, { rev });
  }

  async worktreeTree(
    under: readonly string[],
  ): Promise<{ tree: string; changed: string[] } | undefined> {
    const head = await this.resolveRevision("HEAD");
    return head ? worktreeTree(this.repo, head, under) : undefined;
  }

  async listFiles(rev: string, under?: readonly string[]): Promise<TreeEntry[]> {
    // In git's order (ls-tree's: by path), as the git CLI adapter lists them.
    const files = await listTree(this.repo, await this.treeOf(rev), { under });
    return files.sort((a, b) => comparePaths(a.path, b.path));
  }

  async countFiles(rev: string, limit: number): Promise<number> {
    return (await listTree(this.repo, await this.treeOf(rev), { stopAfter: limit })).length;
  }

  async objectIds(rev: string, paths: readonly string[]): Promise<Map<string, string>> {
    const root = await this.treeOf(rev);
    const ids = new Map<string, string>();
    for (const p of paths) {
      let oid: string | undefined = root;
      for (const part of p.split("/").filter(Boolean)) {
        if (!oid) break;
        const tree: { path: string; oid: string }[] = await readTreeOnce(this.repo, oid).catch(
          () => [],
        );
        oid = tree.find((e) => e.path === part)?.oid;
      }
      if (oid) ids.set(p, oid);
    }
    return ids;
  }

  async objectIdsAt(
    pairs: readonly (readonly [revision: string, path: string])[],
  ): Promise<(string | undefined)[]> {
    const byRevision = new Map<string, string[]>();
    for (const [rev, p] of pairs) byRevision.set(rev, [...(byRevision.get(rev) ?? []), p]);
    const found = new Map<string, Map<string, string>>();
    for (const [rev, paths] of byRevision)
      found.set(rev, await this.objectIds(rev, paths).catch(() => new Map<string, string>()));
    return pairs.map(([rev, p]) => found.get(rev)!.get(p));
  }

  async objectIdAcross(revs: readonly string[], file: string): Promise<(string | undefined)[]> {
    const out: (string | undefined)[] = [];
    for (const rev of revs)
      out.push(
        (await this.objectIds(rev, [file]).catch(() => new Map<string, string>())).get(file),
      );
    return out;
  }

  async reachedFrom(head: string, oids: readonly string[]): Promise<Set<string>> {
    const reached = new Set<string>();
    for (const oid of new Set(oids))
      if (
        oid === head ||
        (await git
          .isDescendent({ ...this.repo, oid: head, ancestor: oid, depth: -1 })
          .catch(() => false))
      )
        reached.add(oid);
    return reached;
  }

  async mergeBases(revs: readonly string[]): Promise<string[]> {
    const unique = [...new Set(revs)];
    if (unique.length <= 1) return unique;
    return git.findMergeBase({ ...this.repo, oids: unique });
  }

  /** Every commit reachable from `starts` (missing parents, as in a shallow clone, end the walk). */
  private async ancestors(starts: readonly string[], stop?: Set<string>) {
    const seen = new Map<string, ReadCommit>();
    const queue = [...starts];
    while (queue.length > 0) {
      const oid = queue.pop()!;
      if (seen.has(oid) || stop?.has(oid)) continue;
      const commit = await readCommitOnce(this.repo, oid).catch(() => undefined);
      if (!commit) continue;
      seen.set(oid, commit);
      queue.push(...commit.commit.parent);
    }
    return seen;
  }

  private renameOptionsRead?: Promise<RenameOptions>;

  /** How git on this machine pairs renames: `diff.renameLimit`, and its scoring rule (read once). */
  private renameOptions(): Promise<RenameOptions> {
    this.renameOptionsRead ??= Promise.all([
      git
        .getConfig({ ...this.repo, path: "diff.renameLimit" })
        .then(configInteger, () => undefined),
      countsFinalLine(),
    ]).then(([renameLimit, countFinalLine]) => ({
      ...(renameLimit !== undefined ? { renameLimit } : {}),
      countFinalLine,
    }));
    return this.renameOptionsRead;
  }

  /**
   * A commit's changes against its parents, as `git log -M -c --name-status` lists them, and
   * whether it differs from each parent (under the diff's paths).
   */
  private async changesOf(commit: ReadCommit["commit"], options: DiffOptions) {
    const treeOf = (oid: string) =>
      readCommitOnce(this.repo, oid)
        .then((c) => c.commit.tree)
        .catch(() => undefined);
    const parentTrees = await Promise.all(commit.parent.map(treeOf));
    if (parentTrees.length > 1) return mergeChanges(this.repo, parentTrees, commit.tree, options);
    const changes = await treeChanges(this.repo, parentTrees[0], commit.tree, options);
    return { changes, differs: [changes.length > 0] };
  }

  /**
   * The commits `streamCommits` hands over, as the git CLI adapter's `git log` gives them: with
   * `paths`, a commit that `git log --full-history -- <paths>` does not list (it differs from no
   * parent there) carries no author, subject or trailers; boundary commits never carry changes.
   */
  private async commitsBetween(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean; paths?: readonly string[] } = {},
  ): Promise<{ commits: CommitInfo[]; boundary: CommitInfo[] }> {
    const tips = new Set<string>();
    for (const rev of exclude) {
      const oid = /^[0-9a-f]{40}$/.test(rev) ? rev : await this.resolveRevision(rev);
      if (oid) tips.add(oid);
    }
    const excluded = new Set((await this.ancestors([...tips])).keys());
    const wanted = await this.ancestors([head], excluded);
    const diff: DiffOptions = {
      ...(options.paths ? { paths: options.paths } : {}),
      ...(await this.renameOptions()),
    };
    const describe = async (oid: string, { commit }: ReadCommit, boundary: boolean) => {
      const limited = options.paths !== undefined;
      const { changes, differs } = boundary
        ? { changes: [], differs: [] }
        : await this.changesOf(commit, diff);
      // `git log --full-history -- <paths>` lists a commit that differs there from one of its
      // relevant parents, when it has any: a parent is not relevant when an excluded commit
      // reaches it, unless it is one of those excluded itself (git's TREESAME rule).
      const relevant = commit.parent.map((p) => !excluded.has(p) || tips.has(p));
      const counted = relevant.some(Boolean) ? differs.filter((_, i) => relevant[i]) : differs;
      const listed = !limited || (!boundary && counted.some(Boolean));
      const info: CommitInfo = {
        hash: oid,
        parents: commit.parent,
        author: listed ? commit.author.name : "",
        author_email: listed ? commit.author.email : "",
        time: commit.committer.timestamp,
        subject: listed ? messageSubject(commit.message) : "",
        worklines: listed ? worklineTrailers(commit.message) : [],
        changes,
      };
      if (boundary) info.boundary = true;
      return info;
    };
    const commits: CommitInfo[] = [];
    for (const [oid, read] of wanted) commits.push(await describe(oid, read, false));
    const boundary: CommitInfo[] = [];
    if (options.boundary)
      for (const parent of new Set([...wanted.values()].flatMap((c) => c.commit.parent)))
        if (excluded.has(parent)) {
          const read = await readCommitOnce(this.repo, parent);
          boundary.push(await describe(parent, read, true));
        }
    return { commits, boundary };
  }

  async streamCommits(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean; paths?: readonly string[] },
    onCommit: (commit: CommitInfo) => void,
  ): Promise<void> {
    // isomorphic-git has no streaming log: list, then hand over newest first, parents last,
    // boundary commits after all the others (as `git log --topo-order --boundary`).
    const { commits, boundary } = await this.commitsBetween(head, exclude, options);
    const ordered = orderCommits(commits);
    for (let i = ordered.length - 1; i >= 0; i--) onCommit(ordered[i]!);
    for (const commit of orderCommits(boundary).reverse()) onCommit(commit);
  }

  async commitTimes(oids: readonly string[]): Promise<Map<string, number>> {
    const times = new Map<string, number>();
    for (const oid of new Set(oids)) {
      const commit = await readCommitOnce(this.repo, oid).catch(() => undefined);
      if (commit) times.set(oid, commit.commit.committer.timestamp);
    }
    return times;
  }

  async stagedChanges(): Promise<FileChange[]> {
    return stagedTreeChanges(
      this.staging,
      await this.resolveRevision("HEAD"),
      await this.renameOptions(),
    );
  }

  async stageFiles(files: readonly string[], indexFile?: string): Promise<void> {
    const repo = indexFile ? this.withIndex(indexFile) : this.staging;
    for (const filepath of files) await git.add({ ...repo, filepath });
  }

  carryIntoHead(head: string, files: readonly string[]): Promise<string | undefined> {
    return carryIntoHeadEmbedded(this.repo, this.location.root, head, files);
  }

  async hooksDir(): Promise<string> {
    const configured = await git.getConfig({ ...this.repo, path: "core.hooksPath" });
    return configured
      ? path.resolve(this.location.root, String(configured))
      : path.join(this.location.commonDir, "hooks");
  }

  async trackedFiles(dir: string): Promise<string[]> {
    const files = await git.listFiles({ ...this.repo }).catch(() => []);
    return dir ? files.filter((f) => underPathspec(f, [dir])) : files;
  }

  async isIgnored(file: string): Promise<boolean> {
    return git.isIgnored({ ...this.repo, filepath: file });
  }

  async readFileAt(rev: string, file: string): Promise<Buffer | undefined> {
    const oid = await this.resolveRevision(rev);
    if (!oid) return undefined;
    try {
      const { blob } = await git.readBlob({ ...this.repo, oid, filepath: file });
      return Buffer.from(blob);
    } catch {
      return undefined;
    }
  }

  async commitMessage(rev: string): Promise<string | undefined> {
    const oid = await this.resolveRevision(rev);
    if (!oid) return undefined;
    return (await readCommitOnce(this.repo, oid).catch(() => undefined))?.commit.message;
  }

  async readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    for (const oid of new Set(oids)) {
      const bytes = await this.readBlob(oid);
      if (bytes) out.set(oid, bytes);
    }
    return out;
  }

  async readBlob(oid: string): Promise<Buffer | undefined> {
    try {
      const { blob } = await git.readBlob({ ...this.repo, oid });
      return Buffer.from(blob);
    } catch {
      return undefined;
    }
  }

  async firstCommitOf(file: string): Promise<{ hash: string; time: number } | undefined> {
    const commits = await git.log({ ...this.repo, ref: "HEAD", filepath: file }).catch(() => []);
    const oldest = commits.at(-1);
    return oldest ? { hash: oldest.oid, time: oldest.commit.committer.timestamp } : undefined;
  }

  async fileAddedAt(file: string): Promise<number | undefined> {
    return (await this.firstCommitOf(file))?.time;
  }

  async lineOrigins(file: string): Promise<(LineOrigin | undefined)[]> {
    return embeddedLineOrigins(this.repo, file, await this.resolveRevision("HEAD"));
  }

  async shallowCommits(): Promise<Set<string>> {
    return readShallowFile(this.location.commonDir);
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    if (ancestor === descendant) return true;
    return git
      .isDescendent({ ...this.repo, oid: descendant, ancestor, depth: -1 })
      .catch(() => false);
  }
}
