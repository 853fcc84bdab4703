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
 * - `review`: only files newly added under a directory or glob scope;
 * - `touched`: a file with anchors changed only outside them (listed, never marked, never
 *   gating).
 * With anchors, `stale` means an anchored symbol's tokens changed or it is gone, and `moved`
 * that it moved (in its file or to another one) with the same tokens.
 */
export type ComputedState = "fresh" | "stale" | "moved" | "review" | "touched";

/** How the states order when findings combine: the first that applies wins. */
export const STATE_RANK: Record<ComputedState, number> = {
  fresh: 0,
  touched: 1,
  moved: 2,
  review: 3,
  stale: 4,
};

/** What happened to one anchor (`path#symbol`) of a record since its basis. */
export type AnchorChange = {
  path: string;
  symbol: string;
  /**
   * `unchanged`: its tokens are as the record saw them (its file changed elsewhere);
   * `modified`: its tokens changed; `renamed`: the same tokens under another name (`new_symbol`);
   * `deleted`: gone; `moved`: the same tokens elsewhere (`new_path`, `new_symbol`)
   */
  change: "unchanged" | "modified" | "renamed" | "deleted" | "moved";
  new_path?: string;
  new_symbol?: string;
  /** unchanged but for identifiers renamed throughout the file (old, new): a mechanical rename */
  renamed_identifiers?: [string, string][];
  /** the commit that changed it first, when known (empty when unchanged) */
  commits: string[];
};

export type StaleFinding = {
  record_id: string;
  kind: "intent" | "decision";
  state: ComputedState;
  /** already marked stale in the log (no new mark needed) */
  recorded: boolean;
  /**
   * present when a mark in the log makes the record `stale` while its scope computes to this
   * state at HEAD (a revert, an amend that dropped the edit): the mark stands until the record
   * is re-verified or superseded (see standing-marks.ts)
   */
  computed_state?: ComputedState;
  /** the commits that changed the scope, oldest first (at most MAX_LISTED_COMMITS) */
  commits: ChangeCommit[];
  /** how many more commits changed the scope than are listed */
  omitted_commits?: number;
  /**
   * the record's anchors in changed files and what happened to each: present once the finding
   * was judged by its anchors (records with anchors only)
   */
  anchors?: AnchorChange[];
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
