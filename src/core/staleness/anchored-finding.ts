// A finding judged by its record's anchors. The history judge says which files of the scope
// changed; for a file with anchors, what counts is what happened to them: a change elsewhere in
// the file leaves the record `touched` (listed, never marked, never gating).
import type { Anchor } from "../events/common.js";
import type { AssessedRecord } from "./record-contents.js";
import {
  type AnchorChange,
  type ChangeCommit,
  type ComputedState,
  MAX_LISTED_COMMITS,
  type PathChange,
  STATE_RANK,
  type StaleFinding,
} from "./types.js";

/**
 * What the anchors of one changed file became (`AnchorChange` per anchor), or undefined when the
 * file cannot be judged by its anchors (no longer a kind adrift parses): then it counts whole.
 */
export type FileAnchors = { anchors: AnchorChange[]; commits: ChangeCommit[] } | undefined;

/** The record's anchors by file. */
export function anchorsByFile(anchors: readonly Anchor[]): Map<string, Anchor[]> {
  const out = new Map<string, Anchor[]>();
  for (const a of anchors) out.set(a.path, [...(out.get(a.path) ?? []), a]);
  return out;
}

/** True when the finding needs judging by anchors: its record has some, and it was not yet. */
export function needsAnchors(record: AssessedRecord, finding: StaleFinding): boolean {
  return (
    !!record.basis.anchors?.length &&
    finding.anchors === undefined &&
    finding.state !== "fresh" &&
    finding.method === "history" &&
    finding.omitted_paths === undefined
  );
}

/**
 * The finding with its anchored files judged by their anchors. `judged` gives, per changed file
 * with anchors, what its anchors became; `intact(path, newPath)` says whether a file renamed
 * outside the anchors holds what the record saw (a pure move), undefined when not known. The
 * listed commits become those that changed an anchor when only anchors made the record stale.
 */
export function anchoredFinding(
  record: AssessedRecord,
  finding: StaleFinding,
  judged: ReadonlyMap<string, FileAnchors>,
  intact: (path: string, newPath: string) => boolean | undefined,
): StaleFinding {
  const exact = new Set(record.basis.touched_paths);
  const at = { state: "fresh" as ComputedState };
  const raise = (s: ComputedState) => {
    if (STATE_RANK[s] > STATE_RANK[at.state]) at.state = s;
  };
  const anchors: AnchorChange[] = [];
  const anchorCommits: ChangeCommit[] = [];
  let wholeFileStale = false;
  for (const p of finding.paths) {
    const file = judged.has(p.path) ? judged.get(p.path) : undefined;
    if (!file) {
      const s = pathState(p, exact, intact);
      if (s === "stale") wholeFileStale = true;
      raise(s);
      continue;
    }
    // A deleted file is a change of the whole file: its commits are the record's, which name
    // the deletion (a path lists only its earliest commit, often an edit before it).
    if (p.change === "deleted") wholeFileStale = true;
    anchors.push(...file.anchors);
    for (const c of file.commits)
      if (!anchorCommits.some((k) => k.hash === c.hash)) anchorCommits.push(c);
    for (const a of file.anchors) raise(anchorState(a));
    if (file.anchors.every((a) => a.change === "unchanged"))
      raise(p.change === "renamed" ? "moved" : "touched");
  }
  // Made stale by its anchors alone: the commits listed are those that changed them.
  const byAnchors = at.state === "stale" && !wholeFileStale && anchorCommits.length > 0;
  const { omitted_commits: _omitted, ...rest } = finding;
  return byAnchors
    ? { ...rest, state: at.state, commits: anchorCommits.slice(0, MAX_LISTED_COMMITS), anchors }
    : { ...finding, state: at.state, anchors };
}

function anchorState(a: AnchorChange): ComputedState {
  if (a.change === "unchanged") return "touched";
  return a.change === "moved" ? "moved" : "stale";
}

/** The state one path change gives a record, as the history judge gives it. */
function pathState(
  p: PathChange,
  exact: ReadonlySet<string>,
  intact: (path: string, newPath: string) => boolean | undefined,
): ComputedState {
  if (p.change === "added") return exact.has(p.path) ? "stale" : "review";
  if (p.change === "renamed") return intact(p.path, p.new_path ?? p.path) ? "moved" : "stale";
  return "stale";
}
