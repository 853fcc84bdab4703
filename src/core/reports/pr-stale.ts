import type { AnchorChange, ChangeCommit, PathChange, StaleFinding } from "../staleness/types.js";
import type { RawEvent } from "./log-ids.js";
import { markedStaleIds, type ReportRecords } from "./report-index.js";

/** A changed path of a stale record, as the comment lists it (a mark names paths only). */
export type PrPath = Pick<PathChange, "path"> & Partial<Pick<PathChange, "change" | "new_path">>;

/** A record the pull request's own commits (or its own marks in the log) make stale. */
export type PrStale = {
  id: string;
  kind: "intent" | "decision";
  outcome: string;
  /** the PR's commits changed its scope, or the PR marked it stale in the log (a hand mark) */
  by: "commits" | "mark";
  paths: PrPath[];
  omitted_paths?: number;
  commits: ChangeCommit[];
  omitted_commits?: number;
  /** its anchors that changed (modified, renamed, moved, deleted): records with anchors only */
  anchors?: AnchorChange[];
};

/** A record that was already stale before the pull request. */
export type BaseStale = {
  id: string;
  kind: "intent" | "decision";
  outcome: string;
  /**
   * `commits`: commits of the base branch made it stale (listed when known); `mark`: the log
   * marked it stale before this pull request; `content`: its files on the base branch already
   * differ from what it saw (found by fingerprints, when history could not say)
   */
  since: "commits" | "mark" | "content";
  commits: ChangeCommit[];
  paths: string[];
};

/**
 * A stale record that neither the PR nor its base can be blamed for (history does not reach the
 * merge base): the paths that differ from its fingerprints, or `marked` when the log marks it.
 */
export type Unattributed = { id: string; outcome: string; paths: string[]; marked: boolean };

/**
 * Whether each record is stale on the base branch as it is now (at its tip: the merge base when
 * the base has not moved on); undefined where that could not be told.
 */
export type AtBase = ReadonlyMap<string, boolean | undefined>;

/** What the split reads. */
export type StaleSplitInput = {
  /** stale findings at the head (other states are ignored) */
  findings: readonly StaleFinding[];
  /** the hashes of the commits of `merge-base..head` */
  prCommits: ReadonlySet<string>;
  /** events the pull request added to the log */
  added: readonly RawEvent[];
  records: ReportRecords;
  /** false when history does not reach the merge base (a shallow clone): nothing is attributed */
  attributable: boolean;
  /** true when every commit of the range descends from the merge base (`descendsFrom`) */
  linear: boolean;
  /** the answers to `ask`, once asked (see `splitStale`) */
  atBase?: AtBase;
};

/**
 * Why a record's staleness on the base branch (`AtBase`) is asked: `merged` — every listed commit is the
 * PR's, but the PR merged in a line that forked before the merge base (a base commit may hide
 * behind the PR's older ones, or the merge may have undone it); `base` — commits of the base are
 * listed, but a commit that changed the scope did not always make the record stale there (a pure
 * rename moves it; the PR may then edit the file); `fingerprints` — judged without history (its
 * basis is not in the clone).
 */
export type AskReason = "merged" | "base" | "fingerprints";

export type StaleSplit = {
  made: PrStale[];
  already: BaseStale[];
  unattributed: Unattributed[];
  /** records whose staleness on the base branch the caller must find out (then split again) */
  ask: { id: string; why: AskReason }[];
  /** records counted as made stale by the PR because their base could not be judged */
  assumed: string[];
};

/** A stale mark the pull request added. */
type PrMark = { reason: string; commits: ChangeCommit[]; paths: string[] };

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function prMarks(added: readonly RawEvent[]): Map<string, PrMark> {
  const out = new Map<string, PrMark>();
  for (const e of added) {
    if (e.type !== "decision_marked_stale" || typeof e.data.decision_id !== "string") continue;
    const commits = Array.isArray(e.data.commits)
      ? (e.data.commits as unknown[]).filter(
          (c): c is ChangeCommit =>
            typeof c === "object" && c !== null && typeof (c as ChangeCommit).hash === "string",
        )
      : [];
    const paths = Array.isArray(e.data.paths)
      ? (e.data.paths as unknown[]).filter((p): p is string => typeof p === "string")
      : [];
    out.set(e.data.decision_id, { reason: String(e.data.reason ?? ""), commits, paths });
  }
  return out;
}

/**
 * Splits what is stale at the head into what the pull request made stale and what was stale
 * before it ("this PR makes stale" is only what the commits of `base..head` make
 * stale). A record is the PR's when every commit that makes it stale is one of the PR's.
 *
 * A finding lists the earliest commits that changed the scope (parents before children), so on a
 * range whose every commit descends from the merge base, a base commit (an ancestor of the merge
 * base) is listed before all of the PR's: a finding that lists only the PR's commits is the
 * PR's. A record the PR itself recorded is the PR's (the base has no such record). The rest are
 * returned in `ask`, for the caller to judge on the base branch as it is now (`AtBase`): "made
 * stale by this PR" is what merging it adds to the base, so what the base's own commits made
 * stale — before the fork, or after it when the work tree merged them in — is not the PR's. A
 * PR that merged in an older line may hide a base commit behind its own older ones, or undo it; a base
 * commit listed may only have moved the record there (a pure rename), the PR's commits making it
 * stale; a record judged by fingerprints (its basis is not in the clone) has no commits to go by.
 */
export function splitStale(input: StaleSplitInput): StaleSplit {
  const marks = prMarks(input.added);
  // Records the pull request itself recorded: the base branch has no such record to be stale.
  const created = new Set<string>();
  for (const e of input.added)
    if (e.type === "decision_recorded" || e.type === "intent_card_recorded") created.add(e.id);
  const out: StaleSplit = { made: [], already: [], unattributed: [], ask: [], assumed: [] };
  const seen = new Set<string>();
  const base = (
    id: string,
    since: BaseStale["since"],
    commits: ChangeCommit[],
    paths: string[],
  ): void => {
    const r = input.records.get(id)!;
    out.already.push({ id, kind: r.kind, outcome: r.card.outcome, since, commits, paths });
  };
  const unattributed = (id: string, paths: string[], marked: boolean): void => {
    const outcome = input.records.get(id)!.card.outcome;
    out.unattributed.push({ id, outcome, paths: [...paths].sort(), marked });
  };
  for (const f of input.findings) {
    // Stale by its mark alone (its scope computes otherwise now): the marks below say whose.
    if (f.state !== "stale" || f.computed_state !== undefined) continue;
    const record = input.records.get(f.record_id);
    if (!record || record.status === "superseded" || seen.has(f.record_id)) continue;
    seen.add(f.record_id);
    const id = f.record_id;
    // The listed paths, for the entries that name them (most entries are the PR's: not built).
    const paths = () => f.paths.map((p) => p.path);
    if (!input.attributable) {
      unattributed(id, paths(), record.status === "stale");
      continue;
    }
    // Marked stale in the log before this PR (the PR added no mark): stale at the base.
    if (record.status === "stale" && !marks.has(id)) {
      const commits = f.commits.filter((c) => !input.prCommits.has(c.hash));
      base(id, commits.length > 0 ? "commits" : "mark", commits, commits.length > 0 ? paths() : []);
      continue;
    }
    const made = (before: number): void => {
      // The commits the PR made (a base commit listed beside them only moved the record).
      const own = before > 0 ? f.commits.filter((c) => input.prCommits.has(c.hash)) : f.commits;
      const entry: PrStale = {
        id,
        kind: record.kind,
        outcome: record.card.outcome,
        by: "commits",
        // Without each path's commits: the entry lists the PR's own commits beside its paths.
        paths: f.paths.map(({ path, change, new_path }) =>
          new_path ? { path, change, new_path } : { path, change },
        ),
        commits: own.length > 0 ? own : f.commits,
      };
      if (f.omitted_paths) entry.omitted_paths = f.omitted_paths;
      if (f.omitted_commits) entry.omitted_commits = f.omitted_commits;
      const anchors = f.anchors?.filter((a) => a.change !== "unchanged");
      if (anchors && anchors.length > 0) entry.anchors = anchors;
      out.made.push(entry);
    };
    if (created.has(id)) {
      made(f.commits.some((c) => !input.prCommits.has(c.hash)) ? 1 : 0);
      continue;
    }
    if (f.method === "fingerprints") {
      if (!input.atBase) out.ask.push({ id, why: "fingerprints" });
      else if (input.atBase.get(id) === true) base(id, "content", [], paths());
      else if (input.atBase.get(id) === false) made(0);
      else unattributed(id, paths(), false);
      continue;
    }
    let before = 0;
    for (const c of f.commits) if (!input.prCommits.has(c.hash)) before++;
    if (before === 0 && input.linear) {
      made(0);
      continue;
    }
    if (!input.atBase) out.ask.push({ id, why: before > 0 ? "base" : "merged" });
    else if (input.atBase.get(id) === true) {
      const commits = f.commits.filter((c) => !input.prCommits.has(c.hash));
      base(id, commits.length > 0 ? "commits" : "content", commits, paths());
    } else {
      // Fails closed: unknown at the base counts as the PR's, and the comment says so.
      if (input.atBase.get(id) === undefined) out.assumed.push(id);
      made(before);
    }
  }
  // Not stale by computation now, yet marked stale in the log: by the PR, or before it.
  for (const [id, mark] of marks) {
    const record = input.records.get(id);
    if (seen.has(id) || !record || record.status !== "stale") continue;
    seen.add(id);
    const before = mark.commits.filter((c) => !input.prCommits.has(c.hash));
    if (before.length > 0) base(id, "commits", before, mark.paths);
    else
      out.made.push({
        id,
        kind: record.kind,
        outcome: record.card.outcome,
        by: mark.reason === "manual" || mark.commits.length === 0 ? "mark" : "commits",
        paths: mark.paths.map((path) => ({ path })),
        commits: mark.commits,
      });
  }
  for (const id of markedStaleIds(input.records)) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (input.attributable) base(id, "mark", [], []);
    else unattributed(id, [], true);
  }
  out.made.sort(byId);
  out.already.sort(byId);
  out.unattributed.sort(byId);
  out.ask.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  out.assumed.sort();
  return out;
}
