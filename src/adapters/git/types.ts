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
  /** user.name / user.email from git config. */
  identity(): Promise<GitIdentity>;
  /** Unix time of the first commit reachable from HEAD that added `file`, if any. */
  fileAddedAt(file: string): Promise<number | undefined>;
}
