import { existsSync } from "node:fs";
import path from "node:path";
import type { RepositoryLocation } from "./types.js";

/** What git leaves in the git dir while an operation waits for the person (conflicts, edits). */
const MARKERS: [string, string][] = [
  ["MERGE_HEAD", "merge"],
  ["CHERRY_PICK_HEAD", "cherry-pick"],
  ["REVERT_HEAD", "revert"],
  ["rebase-merge", "rebase"],
  ["rebase-apply", "rebase"],
];

/** The git operation in progress in this work tree (merge, rebase, …), or undefined. */
export function gitOperationInProgress(location: RepositoryLocation): string | undefined {
  return MARKERS.find(([file]) => existsSync(path.join(location.gitDir, file)))?.[1];
}
