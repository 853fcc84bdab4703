/**
 * What reports need from areas other branches own (ADRs, backlog), as plain data, so the
 * report core stays independent of how those areas fold their events.
 */

/** A typed relation between ADRs (supersedes, amends, relates-to, …). */
export type AdrRelation = { type: string; target: string };

/** An accepted or imported ADR as reports see it. */
export type AdrInput = {
  id: string;
  number?: number;
  title: string;
  status: string;
  path: string;
  /** the date the ADR gives (`Date: 2017-07-04`, front matter), as `adr list` reads it */
  date?: string;
  record_ids: string[];
  relations: AdrRelation[];
};

/** Backlog items a decision's `affects` may name, with the links propagation follows. */
export type BacklogInput = {
  stories: { id: string; key?: string; title: string; rule_ids: string[] }[];
  tasks: { id: string; key?: string; title: string; story_id: string }[];
  rules: { id: string; key?: string; title: string }[];
};

/** An open question as the PR comment lists it. */
export type QuestionInput = {
  id: string;
  question: string;
  affects: {
    rules: string[];
    stories: string[];
    tasks: string[];
    paths?: string[];
    decisions?: string[];
  };
};

/** An ADR draft awaiting review. */
export type DraftInput = { path: string; record_ids: string[] };

/** Empty backlog. */
export const NO_BACKLOG: BacklogInput = { stories: [], tasks: [], rules: [] };

/** True when an ADR's status counts as accepted (governs code). */
export function isAcceptedAdr(adr: AdrInput): boolean {
  return /^accepted\b/i.test(adr.status.trim());
}

/** A changed path between two trees. */
export type ChangedPath = {
  path: string;
  status: "added" | "modified" | "deleted" | "renamed";
  /** for renames: the old path */
  from?: string;
};

/** A file of a tree: its path and blob id. */
export type TreeEntry = { path: string; oid: string };

/** A commit of a range with the workline trailer adrift adds, and its parents when listed. */
export type RangeCommit = {
  hash: string;
  author: string;
  subject: string;
  workline?: string;
  parents?: string[];
};

/**
 * True when every commit of a range (newest first, with parents) descends from `from`: the
 * branch never merged in a line that forked before it. Unknown parents count as not.
 */
export function descendsFrom(commits: readonly RangeCommit[], from: string): boolean {
  const descending = new Set([from]);
  for (let i = commits.length - 1; i >= 0; i--) {
    const c = commits[i]!;
    if (!c.parents?.some((p) => descending.has(p))) return false;
    descending.add(c.hash);
  }
  return true;
}
