import type { IncompletenessReason } from "../rules/completeness.js";
import { scopeKind } from "../rules/scope.js";
import { buildScopeIndex, coverageOf, type Governor } from "../rules/scope-index.js";
import type { ChangeCommit, PathChange, StalenessReport } from "../rules/staleness-types.js";
import { type Baseline, type BaselineVerdict, baselineJudge } from "./baseline.js";
import { adrGovernors, decisionGovernors } from "./governors.js";
import type {
  AdrInput,
  BacklogInput,
  ChangedPath,
  DraftInput,
  QuestionInput,
  RangeCommit,
} from "./inputs.js";
import type { RawEvent } from "./log-ids.js";
import type { ReportRecords } from "./report-index.js";

/** The version of the PR comment's JSON shape (docs/formats.md). */
export const PR_COMMENT_VERSION = 1;

/** Conditions `--fail-on` can name. */
export const FAIL_CONDITIONS = ["stale", "uncovered", "incomplete", "open-questions"] as const;
export type FailCondition = (typeof FAIL_CONDITIONS)[number];

/** Everything a PR comment is computed from (no clock, no git: pure). */
export type PrCommentInput = {
  base: string;
  head: string;
  /** why history could not give the diff (depth-1 clone), when it could not */
  unavailable?: string;
  /** changed code paths (adrift's own files excluded) */
  changed: readonly ChangedPath[];
  commits: readonly RangeCommit[];
  /** the log's records as reports see them, by id */
  records: ReportRecords;
  /** events new in the PR (in the head log, not in the base log), as their lines say */
  added: readonly RawEvent[];
  staleness: StalenessReport;
  adrs: readonly AdrInput[];
  backlog: BacklogInput;
  questions: readonly QuestionInput[];
  drafts: readonly DraftInput[];
  baseline?: Baseline;
  /** YYYY-MM-DD, for baseline expiry */
  today: string;
};

export type PrStale = { id: string; outcome: string; paths: PathChange[]; commits: ChangeCommit[] };
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
  summary: {
    changed_files: number;
    covered: number;
    made_stale: number;
    new_records: number;
    incomplete: number;
    open_questions: number;
    /** new and amended records of the PR an agent proposed and no person confirmed */
    proposed: number;
  };
  notices: string[];
  stale: PrStale[];
  records: PrRecord[];
  uncovered: { path: string; baseline: BaselineVerdict }[];
  questions: { id: string; question: string }[];
  rules_without_stories: { id: string; title: string }[];
  drafts: { path: string; records: number }[];
  unattributed: { id: string; outcome: string; paths: string[] }[];
  failing: FailCondition[];
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

function madeStale(input: PrCommentInput): PrStale[] {
  const prCommits = new Set(input.commits.map((c) => c.hash));
  const marked = new Set(
    input.added.flatMap((e) =>
      e.type === "decision_marked_stale" ? [String(e.data.decision_id)] : [],
    ),
  );
  const out: PrStale[] = [];
  for (const f of input.staleness.findings) {
    if (f.state !== "stale" || f.method !== "history") continue;
    // A finding lists a few commits (MAX_LISTED_COMMITS): arrays, not sets, and the finding's
    // own lists when nothing is filtered out.
    const commits = f.commits.every((c) => prCommits.has(c.hash))
      ? f.commits
      : f.commits.filter((c) => prCommits.has(c.hash));
    if (commits.length === 0 && !marked.has(f.record_id)) continue;
    const record = input.records.get(f.record_id);
    if (!record || record.status === "superseded") continue;
    const inPr = (p: PathChange) =>
      p.commits.length === 0 || p.commits.some((h) => commits.some((c) => c.hash === h));
    const paths = f.paths.every(inPr) ? f.paths : f.paths.filter(inPr);
    out.push({ id: f.record_id, outcome: record.card.outcome, paths, commits });
  }
  return sorted(out, byId);
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

/** Whether changed paths are covered and, when `withIds`, the ids of the governors that cover them. */
type ChangeCoverage = { covers(path: string): boolean; ids: Iterable<string> };

/** Adds `path` and its ancestor directories ("a/b/c", "a/b", "a") to `set`. */
function addWithAncestors(set: Set<string>, path: string): void {
  for (let p = path; p !== "" && !set.has(p); p = p.slice(0, Math.max(0, p.lastIndexOf("/"))))
    set.add(p);
}

/**
 * Coverage of `paths` (the changed paths, old and new), through the scope index with two
 * shortcuts that leave the answers as they were. A literal or directory entry can only match a
 * path it names or an ancestor of, so only those entries are indexed (a few thousand of 10,000
 * on the benchmark; a handful on a small pull request). Globs go to an index of their own, so
 * a path a literal or directory covers is not tested against them (picomatch, each compiled on
 * first use) unless the governors' ids are wanted: only open questions read them, and then
 * both indexes answer for every path.
 */
function changeCoverage(
  governors: readonly Governor[],
  paths: Iterable<string>,
  withIds: boolean,
): ChangeCoverage {
  const near = new Set<string>();
  for (const path of paths) addWithAncestors(near, path);
  const plain: Governor[] = [];
  const globbed: Governor[] = [];
  const sort = (entry: string): "glob" | "near" | undefined => {
    const kind = scopeKind(entry);
    if (kind === "glob") return "glob";
    return near.has(kind === "directory" ? entry.slice(0, -1) : entry) ? "near" : undefined;
  };
  for (const governor of governors) {
    // Most governors have one entry: they go (or not) as they are, with no arrays built.
    if (governor.entries.length === 1) {
      const only = sort(governor.entries[0]!);
      if (only === "near") plain.push(governor);
      else if (only === "glob") globbed.push(governor);
      continue;
    }
    const sorts = governor.entries.map(sort);
    if (sorts.includes("near"))
      plain.push({ ...governor, entries: governor.entries.filter((_, i) => sorts[i] === "near") });
    if (sorts.includes("glob"))
      globbed.push({
        ...governor,
        entries: governor.entries.filter((_, i) => sorts[i] === "glob"),
      });
  }
  const literal = coverageOf(buildScopeIndex(plain));
  const glob = coverageOf(buildScopeIndex(globbed));
  return {
    covers: withIds
      ? (path) => {
          const byLiteral = literal.covers(path);
          return glob.covers(path) || byLiteral;
        }
      : (path) => literal.covers(path) || glob.covers(path),
    // Read after the paths were asked for: both sets fill as `covers` runs.
    ids: {
      *[Symbol.iterator]() {
        yield* literal.ids;
        yield* glob.ids;
      },
    },
  };
}

/** Builds the PR comment model (pure). */
export function buildPrComment(
  input: PrCommentInput,
  failOn: readonly FailCondition[],
): PrCommentModel {
  // Only open questions read the governors' ids (the backlog they touch).
  const withIds = input.questions.length > 0;
  const coverage = changeCoverage(
    [
      ...(input.records.governors?.() ?? decisionGovernors(input.records.values())),
      ...adrGovernors(input.adrs, input.records),
    ],
    input.changed.flatMap((c) => (c.from ? [c.path, c.from] : [c.path])),
    withIds,
  );
  const uncovered: PrCommentModel["uncovered"] = [];
  let covered = 0;
  const judge = baselineJudge(input.baseline, input.today);
  for (const change of sorted([...input.changed], (a, b) => (a.path < b.path ? -1 : 1))) {
    const atPath = coverage.covers(change.path);
    // With ids wanted, the old path's governors count too even when the new path is covered.
    const atFrom = change.from && (withIds || !atPath) ? coverage.covers(change.from) : false;
    if (atPath || atFrom) covered++;
    else
      uncovered.push({
        path: change.path,
        baseline: judge(change.path),
      });
  }
  const stale = madeStale(input);
  const records = changedRecords(input);
  // Only open questions read the backlog touched: without any, it is not gathered.
  const touched = !withIds
    ? new Set<string>()
    : touchedBacklog(input, [
        ...coverage.ids,
        ...stale.map((s) => s.id),
        ...records.map((r) => r.id),
      ]);
  const declared = new Set(input.added.map((e) => e.id));
  const questions = input.questions
    .filter(
      (q) =>
        declared.has(q.id) ||
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
  const unattributed = input.staleness.findings
    .filter((f) => f.state === "stale" && f.method === "fingerprints")
    .map((f) => ({
      id: f.record_id,
      outcome: input.records.get(f.record_id)?.card.outcome ?? "",
      paths: f.paths.map((p) => p.path).sort(),
    }))
    .sort(byId);
  if (input.unavailable)
    notices.push(
      `${input.unavailable}: changed files, coverage and new records could not be computed; ` +
        "fetch more history (actions/checkout fetch-depth: 0) for a full comment",
    );
  const incomplete = records.filter((r) => r.incomplete.length > 0).length;
  const model: PrCommentModel = {
    format: "adrift.pr-comment",
    version: PR_COMMENT_VERSION,
    base: input.base,
    head: input.head,
    summary: {
      changed_files: input.changed.length,
      covered,
      made_stale: stale.length,
      new_records: records.filter((r) => r.change === "new").length,
      incomplete,
      open_questions: questions.length,
      proposed: records.filter((r) => r.proposed).length,
    },
    notices: notices.sort(),
    stale,
    records,
    uncovered,
    questions,
    rules_without_stories: rules,
    drafts: input.drafts
      .map((d) => ({ path: d.path, records: d.record_ids.length }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
    unattributed,
    failing: [],
  };
  const holds: Record<FailCondition, boolean> = {
    stale: stale.length > 0,
    uncovered: uncovered.some((u) => u.baseline !== "baselined"),
    incomplete: incomplete > 0,
    "open-questions": questions.length > 0,
  };
  model.failing = FAIL_CONDITIONS.filter((c) => failOn.includes(c) && holds[c]);
  return model;
}
