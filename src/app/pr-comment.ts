import { readFile } from "node:fs/promises";
import path from "node:path";
import { LOG_SUFFIX } from "../adapters/log-files.js";
import { startSpan, timed } from "../adapters/profile.js";
import { renderPrComment } from "../core/render/pr-comment.js";
import { type RawEvent, rawEventsOf } from "../core/reports/log-ids.js";
import {
  buildPrComment,
  type FailCondition,
  type PrCommentModel,
} from "../core/reports/pr-comment.js";
import { loadBaseline } from "./baseline.js";
import type { AppContext } from "./context.js";
import {
  adriftFileTest,
  type DiffRange,
  rangeChanges,
  reportGit,
  resolveEnds,
} from "./diff-range.js";
import { readReportInputs } from "./report-inputs.js";
import { staleFindingsForReports } from "./report-staleness.js";
import { loadReportIndex, logKey, type SharedFold } from "./report-state.js";

/** Options of `pr-comment`. */
export type PrCommentOptions = { base: string; head?: string; failOn?: FailCondition[] };

/** The comment as data and as the Markdown body a bot posts. */
export type PrComment = { model: PrCommentModel; body: string };

/**
 * Log events new in the range: in the changed log files as the work tree has them, and not
 * in those files at the merge base. Only those files are read.
 */
async function addedEvents(ctx: AppContext, range: DiffRange): Promise<RawEvent[]> {
  if (!range.from) return [];
  const isAdrift = adriftFileTest(ctx);
  const changedLogs = range.changed
    .filter((c) => c.path.endsWith(LOG_SUFFIX) && isAdrift(c.path))
    .map((c) => c.path);
  if (changedLogs.length === 0) return [];
  const git = reportGit(ctx);
  const before = await git.tree(range.from, changedLogs);
  const blobs = await git.blobs(before.map((t) => t.oid));
  const known = new Set<string>();
  for (const entry of before)
    for (const e of rawEventsOf(blobs.get(entry.oid)?.toString("utf8") ?? "")) known.add(e.id);
  const added: RawEvent[] = [];
  for (const file of changedLogs) {
    let text = "";
    try {
      text = await readFile(path.join(ctx.git.location.root, file), "utf8");
    } catch {
      continue; // deleted in the work tree
    }
    for (const e of rawEventsOf(text)) if (!known.has(e.id)) added.push(e);
  }
  return added.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * SPEC §4.3 pr-comment: coverage, staleness, new records, questions, rules and drafts of a
 * pull request (`base...head`), as a model and a sticky-comment body. Deterministic: the same
 * inputs give the same bytes. On a clone too shallow for the range, says what it could not tell.
 */
export async function prComment(ctx: AppContext, options: PrCommentOptions): Promise<PrComment> {
  // Two rounds of git (the range's ends, then its diff and commits) run while the log's report
  // index and the stale findings are read; a bad range is still the first error reported.
  const ending = timed("range ends (git)", () => resolveEnds(ctx, options.base, options.head));
  const ranging = ending.then((ends) =>
    timed("diff and commits (git)", () => rangeChanges(ctx, ends, { commits: true })),
  );
  const keying = logKey(ctx);
  // A cold start folds the log once, for the report index and for staleness both.
  const shared: SharedFold = {};
  const indexing = keying.then((key) =>
    timed("report index", () => loadReportIndex(ctx, key, shared)),
  );
  const staling = Promise.all([ending, keying]).then(([ends, key]) =>
    timed("staleness", () => staleFindingsForReports(ctx, key, ends.worktree, ends.head, shared)),
  );
  for (const pending of [indexing, staling]) pending.catch(() => undefined);
  const range = await ranging;
  const index = await indexing;
  const worktreeHead = range.worktree;
  const commits = range.commits ?? [];
  const [added, staleness, inputs] = await Promise.all([
    timed("added events", () => addedEvents(ctx, range)),
    staling,
    timed("ADRs and drafts", () => readReportInputs(ctx, index)),
  ]);
  const built = startSpan("build the model");
  const isAdrift = adriftFileTest(ctx);
  const model = buildPrComment(
    {
      base: range.base,
      head: range.head,
      ...(range.unavailable ? { unavailable: range.unavailable } : {}),
      changed: range.changed.filter((c) => !isAdrift(c.path)),
      commits,
      records: index.records,
      added,
      staleness:
        worktreeHead === range.head
          ? staleness
          : {
              ...staleness,
              notices: [
                ...staleness.notices,
                `the work tree is at ${worktreeHead?.slice(0, 12)}, not --head ${range.head.slice(0, 12)}: the log and staleness were read from the work tree`,
              ],
            },
      adrs: inputs.adrs,
      backlog: inputs.backlog,
      questions: inputs.questions,
      drafts: inputs.drafts,
      baseline: loadBaseline(ctx),
      today: ctx.clock.now().toISOString().slice(0, 10),
    },
    options.failOn ?? [],
  );
  built();
  const rendered = startSpan("render the body");
  const body = renderPrComment(model);
  rendered();
  return { model, body };
}
