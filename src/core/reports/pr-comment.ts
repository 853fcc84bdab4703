import type { IncompletenessReason } from "../rules/completeness.js";
import { questionsAffectingPaths } from "../rules/questions.js";
import { globBase, isExclusion, scopeKind, unescapeEntry } from "../rules/scope.js";
import { prefixStart } from "../staleness/history.js";
import { compiledScopes } from "../staleness/scope-candidates.js";
import type { Governor } from "../staleness/scope-index.js";
import type { AnchorChange, ChangeCommit, StalenessReport } from "../staleness/types.js";
import { type Baseline, type BaselineVerdict, baselineJudge } from "./baseline.js";
import { changeCoverage } from "./change-coverage.js";
import type { Forge } from "./forge.js";
import { adrGovernors, decisionGovernors } from "./governors.js";
import {
  type AdrInput,
  type BacklogInput,
  type ChangedPath,
  type DraftInput,
  descendsFrom,
  type QuestionInput,
  type RangeCommit,
} from "./inputs.js";
import type { RawEvent } from "./log-ids.js";
import { evaluateGates, type FailCondition, type Gate } from "./pr-gates.js";
import {
  type AtBase,
  type BaseStale,
  type PrPath,
  type PrStale,
  type StaleSplit,
  splitStale,
  type Unattributed,
} from "./pr-stale.js";
import { type RecordWhy, type ReportRecords, recordIds } from "./report-index.js";
import { shortIds } from "./short-ids.js";

export type { BaseStale, PrStale, Unattributed } from "./pr-stale.js";

/** The version of the PR comment's JSON shape (docs/formats.md). */
export const PR_COMMENT_VERSION = 2;

export { FAIL_CONDITIONS, type FailCondition } from "./pr-gates.js";

/** Everything a PR comment is computed from (no clock, no git: pure). */
export type PrCommentInput = {
  base: string;
  head: string;
  /** the commit the diff starts from (the merge base); absent when history does not reach it */
  merge_base?: string;
  /** why history could not give the diff (depth-1 clone), when it could not */
  unavailable?: string;
  /** the commit the work tree is at, when it is not `head` (the log was read from there) */
  worktree?: string;
  /** changed code paths (adrift's own files excluded) */
  changed: readonly ChangedPath[];
  commits: readonly RangeCommit[];
  /** the log's records as reports see them, by id */
  records: ReportRecords;
  /** events new in the PR (in the head log, not in the base log), as their lines say */
  added: readonly RawEvent[];
  staleness: StalenessReport;
  /** staleness at the merge base of the records `splitStale` asked about */
  atBase?: AtBase;
  /** `prStaleSplit(input)` when the caller computed it already (nothing left to ask) */
  split?: StaleSplit;
  adrs: readonly AdrInput[];
  backlog: BacklogInput;
  questions: readonly QuestionInput[];
  drafts: readonly DraftInput[];
  baseline?: Baseline;
  /** YYYY-MM-DD, for baseline expiry */
  today: string;
  /** where the repository lives on a forge, for links (none: plain text) */
  forge?: Forge;
  /** where the decision site is published (`site.url`): records link to their pages there */
  site_url?: string;
};

/** Where a record's event is in the log at the head commit (for a link to that line). */
export type LogLocation = { file: string; line: number };

/**
 * What every record the comment names carries: its shortest unique id, where it is, its why
 * (trigger, chosen approach, rationale, constraints) and what it lacks.
 */
export type Named = {
  short_id: string;
  location?: LogLocation;
  why?: RecordWhy;
  incomplete?: IncompletenessReason[];
};

/**
 * A record the PR's commits moved (only renames, content unchanged) or that has files to review
 * (only files added under a directory or glob entry): not stale, listed collapsed, never gating.
 */
export type PrNotStale = {
  id: string;
  kind: "intent" | "decision";
  outcome: string;
  paths: PrPath[];
  omitted_paths?: number;
  commits: ChangeCommit[];
  /** its anchors that moved or were renamed (records with anchors only) */
  anchors?: AnchorChange[];
};

/** The records the PR's commits left moved, and those with new files to review (by id). */
function notStaleByPr(input: PrCommentInput): { moved: PrNotStale[]; review: PrNotStale[] } {
  const prCommits = new Set(input.commits.map((c) => c.hash));
  const out = { moved: [] as PrNotStale[], review: [] as PrNotStale[] };
  for (const f of input.staleness.findings) {
    if (f.state !== "moved" && f.state !== "review") continue;
    if (!f.commits.some((c) => prCommits.has(c.hash))) continue;
    const record = input.records.get(f.record_id);
    if (!record || record.status === "superseded") continue;
    const own = f.commits.filter((c) => prCommits.has(c.hash));
    const entry: PrNotStale = {
      id: f.record_id,
      kind: record.kind,
      outcome: record.card.outcome,
      paths: f.paths.map(({ path, change, new_path }) =>
        new_path ? { path, change, new_path } : { path, change },
      ),
      commits: own,
    };
    if (f.omitted_paths) entry.omitted_paths = f.omitted_paths;
    const anchors = f.anchors?.filter((a) => a.change !== "unchanged");
    if (anchors && anchors.length > 0) entry.anchors = anchors;
    out[f.state].push(entry);
  }
  out.moved.sort(byId);
  out.review.sort(byId);
  return out;
}

/** A record the PR touched outside its anchors: its files changed, its anchors did not. */
export type PrTouched = {
  id: string;
  kind: "intent" | "decision";
  outcome: string;
  paths: string[];
};

/** The records with anchors this PR's commits changed only outside them (by id). */
function touchedByPr(input: PrCommentInput): PrTouched[] {
  const prCommits = new Set(input.commits.map((c) => c.hash));
  const out: PrTouched[] = [];
  for (const f of input.staleness.findings) {
    if (f.state !== "touched" || !f.commits.some((c) => prCommits.has(c.hash))) continue;
    const record = input.records.get(f.record_id);
    if (!record || record.status === "superseded") continue;
    out.push({
      id: f.record_id,
      kind: record.kind,
      outcome: record.card.outcome,
      paths: [...new Set(f.paths.map((p) => p.path))],
    });
  }
  return out.sort(byId);
}

export type PrRecord = {
  id: string;
  kind: "intent" | "decision";
  outcome: string;
  change: "new" | "amended";
  incomplete: IncompletenessReason[];
  /** an agent proposed it and no person has confirmed it */
  proposed?: boolean;
};

/** The PR comment as data; the Markdown body is rendered from it. */
export type PrCommentModel = {
  format: "adrift.pr-comment";
  version: typeof PR_COMMENT_VERSION;
  base: string;
  head: string;
  /** the merge base the diff starts from; null when history does not reach it */
  merge_base: string | null;
  forge: Forge | null;
  /** the decision site's URL (`site.url`): records link to `<url>/records/<id>.html` */
  site_url: string | null;
  summary: {
    /** changed = covered + uncovered */
    changed_files: number;
    covered: number;
    /** covered files that a decision this PR makes stale governs (it may not be the only one) */
    covered_by_made_stale: number;
    uncovered: number;
    made_stale: number;
    already_stale: number;
    new_records: number;
    incomplete: number;
    open_questions: number;
    /** new and amended records of the PR an agent proposed and no person confirmed */
    proposed: number;
    /** records the PR's commits moved (renames only), with files to review, touched outside anchors */
    moved: number;
    review: number;
    touched: number;
  };
  notices: string[];
  /** records this PR makes stale */
  stale: (PrStale & Named)[];
  /** records stale before this PR (on the base branch) */
  already_stale: (BaseStale & Named)[];
  records: (PrRecord & Named)[];
  uncovered: { path: string; baseline: BaselineVerdict }[];
  questions: { id: string; question: string }[];
  rules_without_stories: { id: string; title: string }[];
  drafts: { path: string; records: number }[];
  unattributed: (Unattributed & Named)[];
  /**
   * records whose anchored files this PR's commits changed only outside the anchors: shown
   * collapsed, never gating
   */
  touched: (PrTouched & Named)[];
  /** records the PR's commits moved (renames only, content unchanged): shown collapsed, never gating */
  moved: (PrNotStale & Named)[];
  /** records with files the PR added under their directory or glob entries: to review, never gating */
  review: (PrNotStale & Named)[];
  failing: FailCondition[];
  /** gates asked for that could not be evaluated, with why: they fail too */
  unevaluated: Gate[];
};

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `list` sorted by `compare`, in place; lists that arrive sorted (git's diff, the engine's
 * findings) are only checked. Strictly ascending input is what any sort would leave as it is.
 */
function sorted<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++)
    if (compare(list[i - 1]!, list[i]!) >= 0) return list.sort(compare);
  return list;
}

/** Whether `list` is strictly ascending (as `<` and the default sort compare strings). */
function ascending(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (!(list[i - 1]! < list[i]!)) return false;
  return true;
}

/**
 * The paths of `paths` that one of the governors named in `ids` governs, as scopes match them:
 * literal paths and directories looked up in the sorted paths (a few binary searches each); a
 * glob compiled and tested only when a path below its literal base is not yet known governed.
 * An entry several governors share is looked up once; no list is built per entry.
 */
function governedBy(
  governors: readonly Governor[],
  ids: ReadonlySet<string>,
  paths: readonly string[],
): Set<string> {
  const out = new Set<string>();
  if (ids.size === 0) return out;
  const unique = new Set(paths);
  // git lists a diff's paths in order: strictly ascending paths are what the sort would give.
  const sorted = unique.size === paths.length && ascending(paths) ? paths : [...unique].sort();
  const seen = new Set<string>();
  const globs: string[] = [];
  /** The sorted paths that start with `prefix`, each given to `take`. */
  const below = (prefix: string, take: (p: string) => void): void => {
    for (let i = prefixStart(sorted, prefix); i < sorted.length; i++) {
      const p = sorted[i]!;
      if (!p.startsWith(prefix)) break;
      take(p);
    }
  };
  const add = (p: string) => out.add(p);
  for (const g of governors) {
    if (!ids.has(g.id)) continue;
    if (g.entries.some(isExclusion)) {
      // A scope with exclusions is tested whole, path by path (few scopes exclude).
      const scopes = compiledScopes(g.entries);
      for (const p of sorted) if (scopes.some((s) => s.matches(p))) out.add(p);
      continue;
    }
    for (const entry of g.entries) {
      if (seen.has(entry)) continue;
      seen.add(entry);
      const kind = scopeKind(entry);
      if (kind === "glob") globs.push(entry);
      else {
        const named = unescapeEntry(entry);
        if (kind === "path" && unique.has(named)) out.add(named);
        below(kind === "path" ? `${named}/` : named, add);
      }
    }
  }
  for (const entry of globs) {
    // `lib/**` matches `lib` itself: the prefix is the base without its slash.
    const open: string[] = [];
    below(globBase(entry).replace(/\/$/, ""), (p) => {
      if (!out.has(p)) open.push(p);
    });
    if (open.length === 0) continue;
    const scope = compiledScopes([entry])[0]!;
    for (const p of open) if (scope.matches(p)) out.add(p);
  }
  return out;
}

/** The split of stale records into this PR's and the base's, as `buildPrComment` makes it. */
export function prStaleSplit(input: PrCommentInput): StaleSplit {
  return splitStale({
    findings: input.staleness.findings,
    prCommits: new Set(input.commits.map((c) => c.hash)),
    added: input.added,
    records: input.records,
    attributable: input.merge_base !== undefined,
    linear: input.merge_base !== undefined && descendsFrom(input.commits, input.merge_base),
    ...(input.atBase ? { atBase: input.atBase } : {}),
  });
}

function changedRecords(input: PrCommentInput): PrRecord[] {
  const out = new Map<string, PrRecord>();
  for (const event of input.added) {
    const id =
      event.type === "intent_card_recorded" || event.type === "decision_recorded"
        ? event.id
        : event.type === "intent_card_amended" || event.type === "intent_confirmed"
          ? String(event.data.target_id)
          : undefined;
    const record = id ? input.records.get(id) : undefined;
    if (!record || out.get(record.id)?.change === "new") continue;
    out.set(record.id, {
      id: record.id,
      kind: record.kind,
      outcome: record.card.outcome,
      change: event.id === record.id ? "new" : "amended",
      incomplete: record.incomplete ?? [],
      ...(record.proposed ? { proposed: true } : {}),
    });
  }
  return [...out.values()].sort(byId);
}

function touchedBacklog(input: PrCommentInput, ids: Iterable<string>): Set<string> {
  const touched = new Set<string>();
  for (const id of ids) {
    const a = input.records.get(id)?.affects;
    for (const s of a?.stories ?? []) touched.add(s);
    for (const t of a?.tasks ?? []) touched.add(t);
  }
  for (const task of input.backlog.tasks) if (touched.has(task.id)) touched.add(task.story_id);
  return touched;
}

/** Builds the PR comment model (pure). */
export function buildPrComment(
  input: PrCommentInput,
  failOn: readonly FailCondition[],
): PrCommentModel {
  const split = input.split ?? prStaleSplit(input);
  // Only open questions read the governors' ids (the backlog they touch).
  const withIds = input.questions.length > 0;
  const decisions = input.records.governors?.() ?? decisionGovernors(input.records.values());
  // The changed paths, old and new (one list, no array per change).
  const changedPaths: string[] = [];
  for (const c of input.changed) {
    changedPaths.push(c.path);
    if (c.from) changedPaths.push(c.from);
  }
  const coverage = changeCoverage(
    [...decisions, ...adrGovernors(input.adrs, input.records)],
    changedPaths,
    withIds,
  );
  const byMade = governedBy(decisions, new Set(split.made.map((s) => s.id)), changedPaths);
  const uncovered: PrCommentModel["uncovered"] = [];
  let covered = 0;
  let coveredByMade = 0;
  const judge = baselineJudge(input.baseline, input.today);
  for (const change of sorted([...input.changed], (a, b) => (a.path < b.path ? -1 : 1))) {
    const atPath = coverage.covers(change.path);
    // With ids wanted, the old path's governors count too even when the new path is covered.
    const atFrom = change.from && (withIds || !atPath) ? coverage.covers(change.from) : false;
    if (atPath || atFrom) {
      covered++;
      if (byMade.has(change.path) || (change.from !== undefined && byMade.has(change.from)))
        coveredByMade++;
    } else uncovered.push({ path: change.path, baseline: judge(change.path) });
  }
  const records = changedRecords(input);
  // Only open questions read the backlog touched: without any, it is not gathered.
  const touched = !withIds
    ? new Set<string>()
    : touchedBacklog(input, [
        ...coverage.ids,
        ...split.made.map((s) => s.id),
        ...records.map((r) => r.id),
      ]);
  const declared = new Set(input.added.map((e) => e.id));
  // Questions about the code itself: their paths cover a changed file, or they name a governor.
  const aboutCode = new Set(
    questionsAffectingPaths(input.questions, changedPaths, new Set(coverage.ids)).map((q) => q.id),
  );
  const questions = input.questions
    .filter(
      (q) =>
        declared.has(q.id) ||
        aboutCode.has(q.id) ||
        [...q.affects.stories, ...q.affects.tasks].some((id) => touched.has(id)),
    )
    .map((q) => ({ id: q.id, question: q.question }))
    .sort(byId);
  const linked = new Set(input.backlog.stories.flatMap((s) => s.rule_ids));
  const rules = input.backlog.rules
    .filter((r) => !linked.has(r.id))
    .map((r) => ({ id: r.id, title: r.title }))
    .sort(byId);
  const notices: string[] = [...input.staleness.notices];
  if (input.unavailable)
    notices.push(
      `${input.unavailable}: changed files, coverage and new records could not be computed; ` +
        "fetch more history (actions/checkout fetch-depth: 0) for a full comment",
    );
  if (input.worktree)
    notices.push(
      `the work tree is at ${input.worktree.slice(0, 12)}, not --head ${input.head.slice(0, 12)}: the log and staleness were read from the work tree`,
    );
  if (split.assumed.length > 0)
    notices.push(
      `${split.assumed.length} record(s) counted as made stale by this PR: more commits changed their scope than are listed, the PR merged its base in, and they have no fingerprints to compare at the merge base`,
    );
  const incomplete = records.filter((r) => r.incomplete.length > 0).length;
  const touchedOutside = touchedByPr(input);
  const notStale = notStaleByPr(input);
  const short = shortIds(recordIds(input.records), [
    ...touchedOutside.map((r) => r.id),
    ...notStale.moved.map((r) => r.id),
    ...notStale.review.map((r) => r.id),
    ...split.made.map((s) => s.id),
    ...split.already.map((s) => s.id),
    ...records.map((r) => r.id),
    ...split.unattributed.map((u) => u.id),
  ]);
  // The split's and the records' entries are this call's own objects: named in place.
  const named = <T extends { id: string }>(item: T): T & Named => {
    const record = input.records.get(item.id);
    const extra: Omit<Named, "location"> = { short_id: short.get(item.id)! };
    if (record?.why) extra.why = record.why;
    if (record?.incomplete?.length) extra.incomplete = record.incomplete;
    return Object.assign(item, extra);
  };
  const { failing, unevaluated } = evaluateGates(failOn, {
    input,
    split,
    uncovered,
    incomplete,
    questions: questions.length,
  });
  return {
    format: "adrift.pr-comment",
    version: PR_COMMENT_VERSION,
    base: input.base,
    head: input.head,
    merge_base: input.merge_base ?? null,
    forge: input.forge ?? null,
    site_url: input.site_url ?? null,
    summary: {
      changed_files: input.changed.length,
      covered,
      covered_by_made_stale: coveredByMade,
      uncovered: uncovered.length,
      made_stale: split.made.length,
      already_stale: split.already.length,
      new_records: records.filter((r) => r.change === "new").length,
      incomplete,
      open_questions: questions.length,
      proposed: records.filter((r) => r.proposed).length,
      moved: notStale.moved.length,
      review: notStale.review.length,
      touched: touchedOutside.length,
    },
    notices: notices.sort(),
    stale: split.made.map(named),
    already_stale: split.already.map(named),
    records: records.map(named),
    uncovered,
    questions,
    rules_without_stories: rules,
    drafts: input.drafts
      .map((d) => ({ path: d.path, records: d.record_ids.length }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
    unattributed: split.unattributed.map(named),
    touched: touchedOutside.map(named),
    moved: notStale.moved.map(named),
    review: notStale.review.map(named),
    failing,
    unevaluated,
  };
}

/** Every list of the model that names records, in the order the comment shows them. */
function namedLists(model: PrCommentModel) {
  return [
    model.stale,
    model.already_stale,
    model.records,
    model.unattributed,
    model.touched ?? [],
    model.moved ?? [],
    model.review ?? [],
  ];
}

/** The ids of the records a comment names, each list's first `max` (what a body can show). */
export function namedRecordIds(model: PrCommentModel, max: number): string[] {
  return [...new Set(namedLists(model).flatMap((l) => l.slice(0, max).map((r) => r.id)))];
}

/** The ids of the records the comment names (each list's first `max`) that carry no why yet. */
export function lacksWhys(model: PrCommentModel, max: number): string[] {
  const ids = new Set<string>();
  for (const l of namedLists(model)) for (const r of l.slice(0, max)) if (!r.why) ids.add(r.id);
  return [...ids];
}

/** A change to a named record, whatever list it is in. */
type NamedChange = <T extends Named & { id: string }>(item: T) => T;

/** The model with `at` applied to the record of every list that names records. */
function eachNamed(model: PrCommentModel, at: NamedChange): PrCommentModel {
  return {
    ...model,
    stale: model.stale.map(at),
    already_stale: model.already_stale.map(at),
    records: model.records.map(at),
    unattributed: model.unattributed.map(at),
    touched: (model.touched ?? []).map(at),
    moved: (model.moved ?? []).map(at),
    review: (model.review ?? []).map(at),
  };
}

/** The model with the whys of named records (read by the caller where the index does not keep them). */
export function withWhys(
  model: PrCommentModel,
  whys: ReadonlyMap<string, RecordWhy>,
): PrCommentModel {
  if (whys.size === 0) return model;
  const at = <T extends Named & { id: string }>(item: T): T => {
    const why = item.why ? undefined : whys.get(item.id);
    return why ? { ...item, why } : item;
  };
  return eachNamed(model, at);
}

/** The model with each named record's place in the log (found by the caller at the head). */
export function withLocations(
  model: PrCommentModel,
  locations: ReadonlyMap<string, LogLocation>,
): PrCommentModel {
  if (locations.size === 0) return model;
  const at = <T extends Named & { id: string }>(item: T): T => {
    const location = locations.get(item.id);
    return location ? { ...item, location } : item;
  };
  return eachNamed(model, at);
}
