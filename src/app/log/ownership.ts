// Whether this clone may go on appending to one of its log files (merge safety): hosts merge
// pull requests without `merge=union`, so a file that two branches both changed since they
// parted conflicts. Appending here is a change on this side; it is safe only when no other
// branch changed the file since it parted from HEAD.
import { existsSync } from "node:fs";
import path from "node:path";
import type { GitAdapter } from "../../adapters/git/types.js";

/**
 * True when this clone may append to its log file `file` (absolute) on `branch`: the file is
 * still in the work tree, and no other branch changed it since parting from HEAD.
 */
export async function mayAppend(
  git: GitAdapter,
  file: string,
  branch: string | undefined,
): Promise<boolean> {
  if (!existsSync(file)) return false;
  const inRepo = path.relative(git.location.root, file).split(path.sep).join("/");
  return !(await changedOnAnotherBranch(git, inRepo, branch));
}

/**
 * True when a branch other than `branch` (local or remote-tracking) changed `file`
 * (repo-relative) since it parted from HEAD: its version differs from the one at a merge base
 * of the two. That is the case once the file was committed on another branch while it was left
 * uncommitted here, or once a commit creating it was cherry-picked (or squash-merged) onto
 * another branch; not when another branch merely holds a version HEAD's history has (a branch
 * created from here, this branch merged into another).
 */
export async function changedOnAnotherBranch(
  git: GitAdapter,
  file: string,
  branch: string | undefined,
): Promise<boolean> {
  const head = await git.resolveRevision("HEAD");
  const own = branch ? `refs/heads/${branch}` : undefined;
  const tips = [...(await git.branchTips())].filter(([ref, tip]) => ref !== own && tip !== head);
  if (tips.length === 0) return false;
  // adrift never deletes a log file: a branch that changed it still holds it.
  const unique = [...new Set(tips.map(([, tip]) => tip))];
  const blobs = await git.objectIdAcross(unique, file);
  const holding = unique.flatMap((tip, i) => (blobs[i] ? [[tip, blobs[i]] as const] : []));
  if (holding.length === 0) return false;
  // With no commit yet, every version another branch holds is a change since they parted.
  if (!head) return true;
  for (const [tip, blob] of holding) {
    const bases = await git.mergeBases([head, tip]);
    if (bases.length === 0) return true;
    if ((await git.objectIdAcross(bases, file)).some((at) => at !== blob)) return true;
  }
  return false;
}
