/**
 * Carrying a staleness report forward when HEAD moved on by a few commits (the rule unchanged):
 * a finding still holds when none of the new commits changed a path its record's scope matches,
 * nor a path outside the scope its finding followed a rename through; a finding whose scope they
 * only edited is often brought up to date from the finding itself (`withNewCommits`). Only the
 * other records are judged again, over the same history a full read would use.
 *
 * Why a kept finding is exactly what a full read would give: the commits that count for a record
 * are those reachable from HEAD and not from its basis. With the new commits in one line on top
 * of the previous HEAD, those are the previous ones plus the new ones, and none of the new ones
 * touched what the record looks at. Their order is the canonical one (`orderCommits`: the oldest
 * ready commit first); the new commits are never parents of the previous ones, so adding them
 * leaves the previous commits' order as it was. A merge among the new commits could bring in
 * history that changes which commits are left out (the oldest basis's ancestors): then nothing
 * is carried forward.
 */
import { type CommitInfo, NO_FILE } from "./history.js";
import { rankOf } from "./listed-paths.js";
import type { AssessedRecord } from "./record-contents.js";
import { compiledScopes } from "./scope-candidates.js";
import { ScopeMatcher } from "./scope-index.js";
import {
  MAX_LISTED_COMMITS,
  MAX_LISTED_PATHS,
  type PathChange,
  type StaleFinding,
} from "./types.js";

/** What a report leaves for the next one to carry it forward. */
export type PreviousReport = {
  /** the HEAD it was computed at */
  head: string;
  /** the records it judged, with their bases and scopes as they were then */
  records: readonly AssessedRecord[];
  /** its findings, by record id */
  findings: ReadonlyMap<string, StaleFinding>;
  /** per record id: the paths outside its scope its finding followed renames through */
  follows: Readonly<Record<string, readonly string[]>>;
  /** the commit whose ancestors the history read left out: the oldest basis */
  oldest: string;
  /** true when the history read (down to the oldest basis) had no merge */
  linear?: boolean;
};

/** Which findings are kept, and which records are judged again. */
export type AdvancePlan = {
  /**
   * per current record: its previous finding when it still holds (or brought up to date with the
   * new commits, when they only modified files it lists), else undefined
   */
  kept: (StaleFinding | undefined)[];
  /** the indices of the records to judge again */
  again: number[];
  /** how many kept findings were brought up to date with the new commits */
  updated: number;
  /**
   * Files whose answer would let more findings be brought up to date: whether each changed
   * between the record's basis and the previous HEAD (give them to `planAdvance` again).
   */
  questions: Question[];
};

/**
 * What `revision` (a basis) held at `path`, and whether it changed by the previous HEAD — asked
 * of git when the finding alone cannot say.
 */
export type Question = { revision: string; path: string };

/** The answer to a `Question`: the basis's content there (NO_FILE: none), and whether it changed. */
export type Answer = { basis: string; changed: boolean };

/** The key of a question's answer in the map `planAdvance` reads. */
export const questionKey = (revision: string, path: string) => `${revision}\0${path}`;

/** Why a report cannot be carried forward (then every record is judged again). */
export type NoAdvance = { reason: string };

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Plans carrying `previous` forward to the current `records` at HEAD, given `chain`: the commits
 * from HEAD down to the previous HEAD (excluded), newest first, as git lists them. `times`
 * holds the committer times of the previous HEAD and of the oldest basis.
 */
export function planAdvance(
  previous: PreviousReport,
  records: readonly AssessedRecord[],
  chain: readonly CommitInfo[],
  times: ReadonlyMap<string, number>,
  answers: ReadonlyMap<string, Answer> = new Map(),
): AdvancePlan | NoAdvance {
  // One line of commits on top of the previous HEAD.
  for (let i = 0; i < chain.length; i++) {
    const below = i + 1 < chain.length ? chain[i + 1]!.hash : previous.head;
    const parents = chain[i]!.parents;
    if (parents.length !== 1 || parents[0] !== below)
      return { reason: "the new commits are not one line on top of the previous HEAD" };
  }
  for (const finding of previous.findings.values())
    if (finding.method !== "history")
      return { reason: "the previous report compared fingerprints for some records" };
  // The bases must leave the same commits out as the previous read did: the oldest basis is
  // still one, and no basis sorts before it (bases new since then are among the new commits).
  const previousBases = new Set(previous.records.map((r) => r.basis.revision));
  const timeOf = new Map(times);
  for (const c of chain) timeOf.set(c.hash, c.time);
  const oldestTime = times.get(previous.oldest);
  if (oldestTime === undefined) return { reason: "the oldest basis's time is unknown" };
  let oldestKept = false;
  for (const record of records) {
    const base = record.basis.revision;
    if (base === previous.oldest) oldestKept = true;
    if (previousBases.has(base)) continue;
    const time = timeOf.get(base);
    if (time === undefined)
      return {
        reason: "a record is based on a commit outside the previous history and the new commits",
      };
    if (time < oldestTime || (time === oldestTime && base < previous.oldest))
      return { reason: "a new basis sorts before the oldest one" };
  }
  if (!oldestKept) return { reason: "no record is based on the oldest basis any more" };

  const before = new Map(previous.records.map((r) => [r.id, r]));
  const kept: (StaleFinding | undefined)[] = records.map((record) => {
    const was = before.get(record.id);
    const finding = previous.findings.get(record.id);
    if (
      !was ||
      !finding ||
      was.basis.revision !== record.basis.revision ||
      !sameList(was.basis.touched_paths, record.basis.touched_paths) ||
      // `decision anchor` keeps the revision and the paths but names other symbols
      JSON.stringify(was.basis.anchors ?? []) !== JSON.stringify(record.basis.anchors ?? []) ||
      was.workline_id !== record.workline_id
    )
      return undefined;
    return finding.recorded === record.recorded
      ? finding
      : { ...finding, recorded: record.recorded };
  });
  // Paths the new commits changed (both sides of a rename).
  const changed = new Set<string>();
  for (const c of chain)
    for (const change of c.changes) {
      changed.add(change.path);
      if (change.old_path !== undefined) changed.add(change.old_path);
    }
  const touched = new Set<number>();
  // No new commit (the log only changed): no scope to match, and indexing 10,000 scopes costs.
  if (changed.size > 0) {
    const matcher = new ScopeMatcher(records);
    for (const path of changed) for (const r of matcher.recordsFor(path)) touched.add(r);
  }
  const oldestFirst = [...chain].reverse();
  let updated = 0;
  const questions: Question[] = [];
  for (const r of touched) {
    const finding = kept[r];
    if (!finding) continue;
    const record = records[r]!;
    const revision = record.basis.revision;
    // A finding that followed a rename out of its scope is judged again from history.
    kept[r] = previous.follows[record.id]
      ? undefined
      : withNewCommits(record, finding, oldestFirst, {
          linear: previous.linear === true,
          answer: (path) => answers.get(questionKey(revision, path)),
          ask: (path) => questions.push({ revision, path }),
        });
    if (kept[r]) updated++;
  }
  records.forEach((record, r) => {
    if (kept[r] && previous.follows[record.id]?.some((p) => changed.has(p))) kept[r] = undefined;
  });
  const again: number[] = [];
  kept.forEach((finding, r) => {
    if (!finding) again.push(r);
  });
  return { kept, again, updated, questions };
}

/**
 * A finding brought up to date with new commits (oldest first, one line on top of the HEAD it
 * was computed at) from the finding alone, when that is exact; undefined when the record must be
 * judged from history. The new commits follow every commit that counted before (they descend
 * from the previous HEAD, so the canonical order puts them after it): they extend the commit
 * list at its end. Exact when they only modified files in scope, and each of those
 * - is listed as added or modified: it keeps its entry (its earliest commit is older; `added`
 *   stays `added`, and a `modified` one already made the record stale); or
 * - is not listed, and none was left out, and the history since the oldest basis has no merge,
 *   and the record has no workline: then the file had not changed since the basis (a file added
 *   and deleted, hence not listed, cannot be modified now unless a merge or a commit that does
 *   not count brought it back), and it is new, `modified`, at its place in listing order; or
 * - is not listed, some were left out, the history and the record are as above, and
 *   `answer` says the file exists at the basis and at the previous HEAD with other contents:
 *   it was modified since the basis, so it is one of those left out, and its entry does not
 *   change.
 * and none of them leaves a file as the record saw it (the content rule would take it out of
 * the finding): what the record saw is its uncommitted content, else the basis's — for a file
 * not changed since the basis, what the first new commit found; for a listed one, `answer`'s.
 * Additions, deletions and renames in scope need history, and so does a change where a listed
 * rename took a file (what it holds there decides whether the rename was only a move). Findings that depend on paths they
 * do not list (renames followed out of scope, files the content rule left out) are not given
 * here.
 */
export function withNewCommits(
  record: AssessedRecord,
  finding: StaleFinding,
  commits: readonly CommitInfo[],
  history: {
    linear: boolean;
    answer?: (path: string) => Answer | undefined;
    ask?: (path: string) => void;
  },
): StaleFinding | undefined {
  const scopes = compiledScopes(record.basis.touched_paths);
  const inScope = (path: string) => scopes.some((s) => s.matches(path));
  const listed = new Map(finding.paths.map((p) => [p.path, p.change]));
  // Where listed renames took files: what they hold there decides whether they only moved.
  const targets = new Set(finding.paths.flatMap((p) => (p.new_path ? [p.new_path] : [])));
  // Without a merge or a workline, every change since the basis counted: a file not listed
  // changed or not by what git says of it.
  const knowable = history.linear && !record.workline_id;
  const unlistedMayBeNew = knowable && !finding.omitted_paths;
  const counted: CommitInfo[] = [];
  /** files not listed before, with the first new commit that modified them */
  const added = new Map<string, string>();
  /** what the record saw at the files the new commits modify, where known */
  const seen = new Map<string, string | undefined>();
  const seenAt = (path: string, change: CommitInfo["changes"][number], entry?: string) => {
    if (seen.has(path)) return seen.get(path);
    let what = record.seen?.[path];
    if (what === undefined) {
      if (entry === "added")
        what = NO_FILE; // new since the basis
      else if (entry === undefined && unlistedMayBeNew)
        what = change.was; // unchanged since
      else {
        const answer = history.answer?.(path);
        if (answer === undefined) history.ask?.(path);
        what = answer?.basis;
      }
    }
    seen.set(path, what);
    return what;
  };
  let ownNew = 0;
  for (const commit of commits) {
    // Commits of the record's own workline do not count: their changes to files the finding does
    // not list are not looked at; to a listed one (or where a listed rename took it) they may
    // leave it as the record saw it.
    if (record.workline_id && commit.worklines.includes(record.workline_id)) {
      for (const change of commit.changes)
        if (
          listed.has(change.path) ||
          targets.has(change.path) ||
          (change.old_path !== undefined &&
            (listed.has(change.old_path) || targets.has(change.old_path)))
        )
          return undefined;
      if (
        commit.changes.some(
          (c) => inScope(c.path) || (c.old_path !== undefined && inScope(c.old_path)),
        )
      )
        ownNew++;
      continue;
    }
    let counts = false;
    for (const change of commit.changes) {
      const from = change.old_path;
      if (from !== undefined && (inScope(from) || inScope(change.path))) return undefined;
      // Where a listed rename took a file, what it holds now decides whether the file only
      // moved (content decides): judged again from history.
      if (targets.has(change.path)) return undefined;
      if (!inScope(change.path)) continue;
      if (change.status !== "M" && change.status !== "T") return undefined;
      const entry = listed.get(change.path);
      if (entry === undefined && !unlistedMayBeNew && !knowable) return undefined;
      // Not listed, where the record saw uncommitted work: what it is now depends on that.
      if (entry === undefined && record.seen && change.path in record.seen) return undefined;
      // Content decides: a commit leaving a file as the record saw it takes it out of the finding
      // (not applied, as by the full read, where git did not say what a commit left).
      if (change.blob !== undefined) {
        const what = seenAt(change.path, change, entry);
        if (what === undefined || change.blob === what) return undefined;
      }
      if (entry === undefined) {
        if (unlistedMayBeNew) {
          if (!added.has(change.path)) added.set(change.path, commit.hash);
        } else {
          // Some were left out: this file may be one of them. It is when it exists at the basis
          // and at the previous HEAD with other contents (then it was modified, never added).
          const answer = history.answer?.(change.path);
          if (answer === undefined) history.ask?.(change.path);
          if (answer?.changed !== true) return undefined;
        }
      } else if (entry !== "added" && entry !== "modified") return undefined;
      counts = true;
    }
    if (counts) counted.push(commit);
  }
  const own = (finding.own_workline_commits ?? 0) + ownNew;
  const owned = own > 0 ? { own_workline_commits: own } : {};
  if (counted.length === 0) return ownNew === 0 ? finding : withOwn(finding, own);
  const count = finding.commits.length + (finding.omitted_commits ?? 0) + counted.length;
  let paths = finding.paths;
  let omitted = finding.omitted_paths;
  if (added.size > 0) {
    // Listing order: by the first scope entry matching the file, then by path; beyond
    // MAX_LISTED_PATHS, changes that make a record stale come first (as `listedPaths` ranks).
    const order = (p: PathChange) => scopes.findIndex((s) => s.matches(p.path));
    const byListing = (a: PathChange, b: PathChange) =>
      order(a) - order(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    const all = [
      ...finding.paths,
      ...[...added].map(
        ([path, hash]): PathChange => ({ path, change: "modified", commits: [hash] }),
      ),
    ].sort(byListing);
    if (all.length <= MAX_LISTED_PATHS) paths = all;
    else {
      paths = all
        .sort((a, b) => rankOf(a.change) - rankOf(b.change) || byListing(a, b))
        .slice(0, MAX_LISTED_PATHS);
      omitted = all.length - MAX_LISTED_PATHS;
    }
  }
  return {
    record_id: finding.record_id,
    kind: finding.kind,
    state: added.size > 0 ? "stale" : finding.state,
    recorded: finding.recorded,
    commits: [
      ...finding.commits,
      ...counted.map((c) => ({ hash: c.hash, author: c.author, subject: c.subject })),
    ].slice(0, MAX_LISTED_COMMITS),
    ...(count > MAX_LISTED_COMMITS ? { omitted_commits: count - MAX_LISTED_COMMITS } : {}),
    paths,
    ...(omitted !== undefined ? { omitted_paths: omitted } : {}),
    ...owned,
    method: "history",
  };
}

/** The finding with `own` commits of its own workline not counted (kept in the finding's key order). */
function withOwn(finding: StaleFinding, own: number): StaleFinding {
  const { method, own_workline_commits: _, ...rest } = finding;
  return { ...rest, own_workline_commits: own, method };
}
