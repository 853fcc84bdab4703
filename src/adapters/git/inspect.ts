import path from "node:path";
import type { GitAdapter } from "./types.js";

/** What `doctor` asks git about a clone. */
export type CloneFacts = {
  shallow: boolean;
  /** the directory git runs hooks from (core.hooksPath honoured), absolute */
  hooks_dir: string;
  /** set when core.hooksPath moves the hooks out of the git dir (that directory) */
  hooks_path?: string;
  /** tracked files, repo-relative with forward slashes */
  tracked: string[];
  /** which of the given revisions this clone has (commit objects) */
  present: Set<string>;
};

/** Gathers the clone facts through the git adapter (so doctor works with either), at once. */
export async function inspectClone(
  git: GitAdapter,
  revisions: readonly string[],
): Promise<CloneFacts> {
  const [shallow, hooksDir, tracked, present] = await Promise.all([
    git.isShallow(),
    git.hooksDir(),
    git.trackedFiles(""),
    revisions.length > 0 ? git.presentCommits(revisions) : Promise.resolve(new Set<string>()),
  ]);
  const moved = path.resolve(hooksDir) !== path.resolve(git.location.commonDir, "hooks");
  return {
    shallow,
    hooks_dir: hooksDir,
    ...(moved ? { hooks_path: hooksDir } : {}),
    tracked,
    present,
  };
}
