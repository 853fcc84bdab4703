import type { CommitInfo, FileChange } from "../../core/staleness/history.js";

export type { CommitInfo, FileChange };

/** Where a repository lives on disk. */
export type RepositoryLocation = {
  /** the work tree root (absolute) */
  root: string;
  /** this work tree's own git dir (absolute): local state goes here, so worktrees differ */
  gitDir: string;
  /** the git dir shared by all worktrees (absolute) */
  commonDir: string;
};

/** A person as git knows them. */
export type GitIdentity = { name?: string; email?: string };

/** Who added a line, as `git blame` tells: the commit, its author's and its committer's email. */
export type LineOrigin = { commit: string; author_email: string; committer_email: string };

/** A file (blob) or directory (tree) at a revision. */
export type TreeEntry = { path: string; oid: string; type: "blob" | "tree" };

/**
 * Everything adrift asks of git. Two implementations: the git CLI (default) and
 * isomorphic-git (embedded fallback). Both run the same test suite.
 */
export interface GitAdapter {
  readonly kind: "cli" | "embedded";
  readonly location: RepositoryLocation;
  /** Full object id of a revision expression, or undefined when it does not resolve. */
  resolveRevision(rev: string): Promise<string | undefined>;
  /** The current branch name, or undefined on a detached HEAD. */
  currentBranch(): Promise<string | undefined>;
  /**
   * The commit each local and remote-tracking branch points at (`refs/heads/main`,
   * `refs/remotes/origin/main`; symbolic refs such as `origin/HEAD` left out).
   */
  branchTips(): Promise<Map<string, string>>;
  /** user.name / user.email from git config. */
  identity(): Promise<GitIdentity>;
  /** The subset of `oids` that are commits present in the object database. */
  presentCommits(oids: readonly string[]): Promise<Set<string>>;
  /** True in a shallow clone. */
  isShallow(): Promise<boolean>;
  /**
   * What the author sees below `under` (repo-relative paths; `""` for the whole tree): a tree
   * object holding HEAD with those files as they are in the working tree (staged or not,
   * untracked ones included, ignored ones not; its objects are written, as `git add` would),
   * and the files there that differ from HEAD. Undefined when none differ (or there is no HEAD).
   * The listing methods below take the tree's id as a revision.
   */
  worktreeTree(under: readonly string[]): Promise<{ tree: string; changed: string[] } | undefined>;
  /** Every file (blob) at `rev`, recursively, with its object id; with `under`, only below those paths. */
  listFiles(rev: string, under?: readonly string[]): Promise<TreeEntry[]>;
  /** How many files `rev` holds, counting no further than `limit`. */
  countFiles(rev: string, limit: number): Promise<number>;
  /** The blob or tree id of each path at `rev` (`src/` and `src` both name the directory); absent paths are left out. */
  objectIds(rev: string, paths: readonly string[]): Promise<Map<string, string>>;
  /**
   * The blob or tree id at each (revision, path) pair, in order; undefined where the path is
   * absent (or the revision unknown). One request for many revisions.
   */
  objectIdsAt(
    pairs: readonly (readonly [revision: string, path: string])[],
  ): Promise<(string | undefined)[]>;
  /** The blob or tree id of `path` at each of `revs` (index-aligned; undefined where absent). */
  objectIdAcross(revs: readonly string[], path: string): Promise<(string | undefined)[]>;
  /** The subset of `oids` (commits present here) that `head` reaches, `head` itself included; exact whatever the commit dates. */
  reachedFrom(head: string, oids: readonly string[]): Promise<Set<string>>;
  /** Best common ancestors of all `revs` (empty when they share none). */
  mergeBases(revs: readonly string[]): Promise<string[]>;
  /**
   * Commits reachable from `head` and from none of `exclude`, with their changes (renames
   * detected; a merge's are the files whose contents differ from every parent's); with `boundary`, also the excluded parents of those commits, flagged `boundary` and without changes.
   * `onCommit` is called for each newest first in a topological order (every commit after all
   * its listed children; boundary commits last), as git produces them. An exception thrown by
   * `onCommit` stops git and rejects. With `paths` (literal pathspecs: a file, or a directory and
   * everything below it), every commit is still listed but its changes are only those under
   * `paths`, as `git log --full-history -- <paths>` gives them (renames are paired only among
   * those paths); a commit that log does not list carries no author, subject or trailers. Rejects
   * with `git_failed`, reason `skewed_dates`, when it could not leave out exactly the commits an
   * excluded one reaches (commit dates that go back in time mislead git's walk).
   */
  streamCommits(
    head: string,
    exclude: readonly string[],
    options: { boundary?: boolean; paths?: readonly string[] },
    onCommit: (commit: CommitInfo) => void,
  ): Promise<void>;
  /** Committer time (seconds) of each commit present (missing objects and non-commits left out). */
  commitTimes(oids: readonly string[]): Promise<Map<string, number>>;
  /** The staged change (index against HEAD), renames detected. */
  stagedChanges(): Promise<FileChange[]>;
  /** Stages `files` (repo-relative) in the index, or in `indexFile` when given. */
  stageFiles(files: readonly string[], indexFile?: string): Promise<void>;
  /**
   * Makes commit `head` (HEAD) again with `files` (repo-relative) as the work tree holds them,
   * keeping its parents, message, author, committer and dates, runs no hook, and moves HEAD's
   * branch to the new commit while HEAD is still `head` (`reason` goes into the reflog). Returns
   * the new commit; undefined, with nothing moved, when HEAD moved on, nothing changed, or the
   * commit holds what a copy would lose (a signature).
   */
  carryIntoHead(
    head: string,
    files: readonly string[],
    reason: string,
  ): Promise<string | undefined>;
  /** The directory git runs hooks from (honours core.hooksPath), absolute. */
  hooksDir(): Promise<string>;
  /** The files in the index below `dir` (repo-relative; `""` for the whole tree), repo-relative. */
  trackedFiles(dir: string): Promise<string[]>;
  /** True when git ignores `file` (repo-relative): created there, it would not show as untracked. */
  isIgnored(file: string): Promise<boolean>;
  /** The bytes of `file` at `rev`, or undefined when it does not exist there. */
  readFileAt(rev: string, file: string): Promise<Buffer | undefined>;
  /** The whole message of commit `rev` (subject, body, trailers), or undefined when it is not a commit here. */
  commitMessage(rev: string): Promise<string | undefined>;
  /** The bytes of the blob `oid` (a staged file's, say), or undefined when there is none. */
  readBlob(oid: string): Promise<Buffer | undefined>;
  /** The bytes of each blob of `oids` that exists (one request for all of them). */
  readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>>;
  /** The commit that first added `file` on HEAD's history (oldest), or undefined when never committed. */
  firstCommitOf(file: string): Promise<{ hash: string; time: number } | undefined>;
  /**
   * The commit that added each line of `file` (repo-relative) as it is in the work tree, found
   * from HEAD as `git blame` does; undefined for a line not committed yet. In a shallow clone the
   * lines older than its history are given to a shallow commit (see `shallowCommits`).
   */
  lineOrigins(file: string): Promise<(LineOrigin | undefined)[]>;
  /** The commits whose parents this shallow clone lacks (`<git dir>/shallow`); empty in a full clone. */
  shallowCommits(): Promise<Set<string>>;
  /** True when commit `ancestor` is `descendant` or one of its ancestors. */
  isAncestor(ancestor: string, descendant: string): Promise<boolean>;
  /** Unix time of the first commit reachable from HEAD that added `file`, if any. */
  fileAddedAt(file: string): Promise<number | undefined>;
}
