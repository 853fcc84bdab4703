/**
 * The shape of a staleness computation: each record with a basis gets a state against HEAD. Shared by `stale`, the hooks, the watcher,
 * reports and the PR comment.
 */

import type { Problem } from "../events/parse.js";

/** Most commits listed per finding: the earliest ones, which made it stale. */
export const MAX_LISTED_COMMITS = 5;

/** Most paths listed per finding (the count says how many more); each lists its earliest commit. */
export const MAX_LISTED_PATHS = 10;

/** A commit that changed a record's scope. */
export type ChangeCommit = { hash: string; author: string; subject: string };

/** One path of a record's scope and what happened to it since the basis. */
export type PathChange = {
  path: string;
  change: "added" | "modified" | "deleted" | "renamed";
  /** for renames: where it went */
  new_path?: string;
  /** the earliest commit that touched it (empty when computed from fingerprints) */
  commits: string[];
};

/**
 * A record's computed state against HEAD:
 * - `fresh`: nothing in scope changed;
 * - `stale`: a file in scope was added, modified or deleted by a commit outside its workline;
 * - `moved`: only pure renames (content unchanged), with the new paths;
 * - `review`: only files newly added under a directory or glob scope.
 */
export type ComputedState = "fresh" | "stale" | "moved" | "review";

export type StaleFinding = {
  record_id: string;
  kind: "intent" | "decision";
  state: ComputedState;
  /** already marked stale in the log (no new mark needed) */
  recorded: boolean;
  /** the commits that changed the scope, oldest first (at most MAX_LISTED_COMMITS) */
  commits: ChangeCommit[];
  /** how many more commits changed the scope than are listed */
  omitted_commits?: number;
  /** the changed paths (at most MAX_LISTED_PATHS) */
  paths: PathChange[];
  /** how many more paths changed than are listed */
  omitted_paths?: number;
  /**
   * commits of the record's own workline that changed its scope since the basis: not counted
   * (the work the record describes), said so that a fresh record is not silently fresh
   */
  own_workline_commits?: number;
  /** how the answer was reached: commit history, or fingerprints when the basis revision is missing */
  method: "history" | "fingerprints";
};

export type StalenessReport = {
  head: string;
  /** records with a basis, each with its computed state */
  findings: StaleFinding[];
  /** sentences for the user, e.g. "history before X unavailable (shallow clone): compared fingerprints" */
  notices: string[];
  /**
   * Log lines staleness could not read (invalid JSON, torn, not UTF-8, invalid), as `validate`
   * reports them: their events were left out. Absent when there are none.
   */
  log_problems?: Problem[];
};
