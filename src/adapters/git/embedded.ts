import * as fs from "node:fs";
import path from "node:path";
import * as git from "isomorphic-git";
import { AdriftError } from "../../core/errors.js";
import { orderCommits } from "../../core/rules/history.js";
import { embeddedLineOrigins } from "./embedded-blame.js";
import { listTree, mergeChanges, stagedTreeChanges, treeChanges } from "./embedded-diff.js";
import { type EmbeddedRepo, parentsOf, resolveEmbedded } from "./embedded-revision.js";
import { limitChanges, underPathspec } from "./pathspec.js";
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

const TRAILER = /^Adrift-Workline:\s*(.+?)\s*$/gim;

/** The `Adrift-Workline:` values in the last paragraph of a commit message. */
export function worklineTrailers(message: string): string[] {
  const paragraphs = message.trimEnd().split(/\n\s*\n/);
  if (paragraphs.length < 2) return [];
  return [...paragraphs.at(-1)!.matchAll(TRAILER)].map((m) => m[1]!);
}

/** The isomorphic-git implementation: no git binary needed (ADRIFT_GIT=embedded, or no git on PATH). */
export class EmbeddedGit implements GitAdapter {
  readonly kind = "embedded" as const;
  readonly location: RepositoryLocation;
  private readonly repo: EmbeddedRepo;

  /** The repository with git's index read and written at `indexFile` (undefined: the usual one). */
  private readonly staging: EmbeddedRepo;

  /** `indexFile`: the index git uses instead of `<git dir>/index` (GIT_INDEX_FILE in a hook). */
  constructor(location: RepositoryLocation, indexFile?: string) {
    this.location = location;
    this.repo = { fs, dir: location.root, gitdir: location.commonDir, cache: {} };
    this.staging = indexFile ? this.withIndex(indexFile) : this.repo;
  }

  /** The repository with `<git dir>/index` read and written at `indexFile` instead. */
  private withIndex(indexFile: string): EmbeddedRepo {
    const index = path.join(this.repo.gitdir, "index");
    const redirect = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(object, key) {
          const value = Reflect.get(object, key);
          if (key === "promises") return redirect(value as object);
          if (typeof value !== "function") return value;
          return (file: unknown, ...rest: unknown[]) =>
            value.call(
              object,
              typeof file === "string" && path.resolve(file) === index ? indexFile : file,
              ...rest,
            );
        },
      });
    return { ...this.repo, fs: redirect(fs), cache: {} };
  }

  resolveRevision(rev: string): Promise<string | undefined> {
    return resolveEmbedded(this.repo, rev);
  }

  async currentBranch(): Promise<string | undefined> {
    return (await git.currentBranch({ ...this.repo, fullname: false })) ?? undefined;
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
    if (!oid) throw new AdriftError("git_failed", `revision ${rev} not found`, { rev });
    return (await git.readCommit({ ...this.repo, oid })).commit.tree;
  }

  async listFiles(rev: string, under?: readonly string[]): Promise<TreeEntry[]> {
    return listTree(this.repo, await this.treeOf(rev), { under });
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
        const { tree }: { tree: { path: string; oid: string; type: string }[] } = await git
          .readTree({ ...this.repo, oid })
          .catch(() => ({ tree: [] }));
        oid = tree.find((e) => e.path === part)?.oid;
      }
      if (oid && oid !== root) ids.set(p, oid);
    }
    return ids;
  }

  async mergeBases(revs: readonly string[]): Promise<string[]> {
    const unique = [...new Set(revs)];
    if (unique.length <= 1) return unique;
    return git.findMergeBase({ ...this.repo, oids: unique });
  }

  /** Every commit reachable from `starts` (missing parents, as in a shallow clone, end the walk). */
  private async ancestors(starts: readonly string[], stop?: Set<string>) {
    const seen = new Map<string, Awaited<ReturnType<typeof git.readCommit>>>();
    const queue = [...starts];
    while (queue.length > 0) {
      const oid = queue.pop()!;
      if (seen.has(oid) || stop?.has(oid)) continue;
      const commit = await git.readCommit({ ...this.repo, oid }).catch(() => undefined);
      if (!commit) continue;
      seen.set(oid, commit);
      queue.push(...commit.commit.parent);
    }
    return seen;
  }

  private async commitsBetween(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean } = {},
  ): Promise<CommitInfo[]> {
    const excluded = new Set((await this.ancestors(exclude)).keys());
    const wanted = await this.ancestors([head], excluded);
    const out: CommitInfo[] = [];
    if (options.boundary)
      for (const parent of new Set([...wanted.values()].flatMap((c) => c.commit.parent)))
        if (excluded.has(parent))
          out.push({
            hash: parent,
            parents: [],
            author: "",
            author_email: "",
            time: 0,
            subject: "",
            worklines: [],
            changes: [],
            boundary: true,
          });
    const treeOf = (oid: string) =>
      git
        .readCommit({ ...this.repo, oid })
        .then((c) => c.commit.tree)
        .catch(() => undefined);
    for (const [oid, { commit }] of wanted) {
      const parentTrees = await Promise.all(commit.parent.map(treeOf));
      out.push({
        hash: oid,
        parents: commit.parent,
        author: commit.author.name,
        author_email: commit.author.email,
        time: commit.committer.timestamp,
        subject: commit.message.split("\n")[0] ?? "",
        worklines: worklineTrailers(commit.message),
        changes:
          parentTrees.length > 1
            ? await mergeChanges(this.repo, parentTrees, commit.tree)
            : await treeChanges(this.repo, parentTrees[0], commit.tree),
      });
    }
    return out.sort((a, b) => b.time - a.time);
  }

  async streamCommits(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean; paths?: readonly string[] },
    onCommit: (commit: CommitInfo) => void,
  ): Promise<void> {
    // isomorphic-git has no streaming log: list, then hand over newest first, parents last.
    const ordered = orderCommits(await this.commitsBetween(head, exclude, options));
    const { paths } = options;
    for (let i = ordered.length - 1; i >= 0; i--) {
      const commit = ordered[i]!;
      onCommit(paths ? { ...commit, changes: limitChanges(commit.changes, paths) } : commit);
    }
  }

  async commitTimes(oids: readonly string[]): Promise<Map<string, number>> {
    const times = new Map<string, number>();
    for (const oid of new Set(oids)) {
      const commit = await git.readCommit({ ...this.repo, oid }).catch(() => undefined);
      if (commit) times.set(oid, commit.commit.committer.timestamp);
    }
    return times;
  }

  async stagedChanges(): Promise<FileChange[]> {
    return stagedTreeChanges(this.staging, await this.resolveRevision("HEAD"));
  }

  async stageFiles(files: readonly string[], indexFile?: string): Promise<void> {
    const repo = indexFile ? this.withIndex(indexFile) : this.staging;
    for (const filepath of files) await git.add({ ...repo, filepath });
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
