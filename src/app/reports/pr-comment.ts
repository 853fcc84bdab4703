import { readFile } from "node:fs/promises";
import path from "node:path";
import { LOG_SUFFIX } from "../../adapters/log-files.js";
import { startSpan, timed } from "../../adapters/profile.js";
import {
  codeFingerprint,
  readRendered,
  renderedKey,
  writeRendered,
} from "../../adapters/rendered-cache.js";
import { readReportWhys, writeReportWhys } from "../../adapters/state-cache.js";
import { MAX_ITEMS_PER_SECTION } from "../../core/render/pr-comment-limits.js";
import { type RawEvent, rawEventsOf } from "../../core/reports/log-ids.js";
import {
  buildPrComment,
  type FailCondition,
  lacksWhys,
  namedRecordIds,
  type PrCommentInput,
  type PrCommentModel,
  prStaleSplit,
  withLocations,
  withWhys,
} from "../../core/reports/pr-comment.js";
import { type RecordWhy, whyOfCard } from "../../core/reports/report-index.js";
import type { AppContext } from "../dependencies.js";
import { recordLocations } from "../log/record-locations.js";
import { loadBaseline } from "./baseline.js";
import {
  adriftFileTest,
  coverageFileTest,
  type DiffRange,
  excludedNotice,
  rangeChanges,
  reportGit,
  resolveEnds,
} from "./diff-range.js";
import { detectForge } from "./forge.js";
import { readReportInputs } from "./inputs.js";
import { staleAtMergeBase } from "./pr-stale-base.js";
import { staleFindingsForReports } from "./staleness.js";
import { loadReportIndex, loadReportState, logKey, type SharedFold } from "./state.js";

/** Options of `pr-comment`. */
export type PrCommentOptions = { base: string; head?: string; failOn?: FailCondition[] };

/** The comment as data and as the Markdown body a bot posts. */
export type PrComment = { model: PrCommentModel; body: string };

/**
 * The modules whose code turns a model into the body (the renderer and what it calls), as
 * files beside this one: `.js` in the build, `.ts` in the source tree.
 */
export function rendererModules(): URL[] {
  const ext = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  return [
    "../../core/render/pr-comment",
    "../../core/render/pr-comment-limits",
    "../../core/render/pr-comment-items",
    "../../core/render/record-why",
    "../../core/render/html-escape",
    "../../core/render/report-md",
    "../../core/render/terminal",
    "../../core/render/text",
    "../../core/reports/forge",
    "../../vendor/markdown",
  ].map((m) => new URL(`${m}${ext}`, import.meta.url));
}

/**
 * The body of `model`: read back when the last run rendered this same model with this same
 * code (a rerun on the same commits), rendered (and kept) otherwise. The renderer and the
 * Markdown serializer are loaded only to render.
 */
async function renderBody(ctx: AppContext, model: PrCommentModel): Promise<string> {
  const render = async () => (await import("../../core/render/pr-comment.js")).renderPrComment;
  const code = codeFingerprint(rendererModules());
  if (code === undefined) return (await render())(model);
  const key = renderedKey(code, model);
  const kept = readRendered(ctx.git.location.gitDir, key);
  if (kept !== undefined) return kept;
  const body = (await render())(model);
  writeRendered(ctx.git.location.gitDir, key, body);
  return body;
}

/**
 * The whys of `ids`: from the file written with the report index of this log, else from the
 * folded log (its cache, or a full read) — only when the file is missing or was written for
 * another log (an index kept by a build before whys had a file); then every record's why is
 * written, so the next run reads the file.
 */
async function recordWhys(
  ctx: AppContext,
  key: string,
  ids: readonly string[],
): Promise<Map<string, RecordWhy>> {
  const kept = readReportWhys(ctx.git.location.gitDir, key, ids);
  if (kept) return kept;
  const state = await loadReportState(ctx);
  const all = new Map<string, RecordWhy>();
  for (const [id, record] of state.records) {
    const why = whyOfCard(record.card);
    if (why) all.set(id, why);
  }
  writeReportWhys(ctx.git.location.gitDir, key, all);
  const out = new Map<string, RecordWhy>();
  for (const id of ids) {
    const why = all.get(id);
    if (why) out.set(id, why);
  }
  return out;
}

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
 * `adrift pr-comment` (docs/reports.md): coverage, staleness, new records, questions, rules and drafts of a
 * pull request (`base...head`), as a model and a sticky-comment body. Deterministic: the same
 * inputs give the same bytes. A `base` or `head` that names no commit here is a usage error; on
 * a shallow clone too shallow for the range, the comment says what it could not tell.
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
  const forging = timed("forge", () => detectForge(ctx));
  for (const pending of [indexing, staling, forging]) pending.catch(() => undefined);
  const range = await ranging;
  const index = await indexing;
  const [added, staleness, inputs, forge] = await Promise.all([
    timed("added events", () => addedEvents(ctx, range)),
    staling,
    timed("ADRs and drafts", () => readReportInputs(ctx, index)),
    forging,
  ]);
  const built = startSpan("build the model");
  const key = await keying;
  const counted = coverageFileTest(ctx);
  const input: PrCommentInput = {
    base: range.base,
    head: range.head,
    ...(range.from ? { merge_base: range.from } : {}),
    ...(range.unavailable ? { unavailable: range.unavailable } : {}),
    ...(range.worktree && range.worktree !== range.head ? { worktree: range.worktree } : {}),
    changed: range.changed.filter((c) => counted.counts(c.path)),
    commits: range.commits ?? [],
    records: index.records,
    added,
    staleness,
    adrs: inputs.adrs,
    backlog: inputs.backlog,
    questions: inputs.questions,
    drafts: inputs.drafts,
    baseline: loadBaseline(ctx),
    today: ctx.clock.now().toISOString().slice(0, 10),
    ...(forge ? { forge } : {}),
    ...(ctx.config.site?.url ? { site_url: ctx.config.site.url } : {}),
  };
  // The few stale records the head's findings cannot place are judged at the merge base.
  const split = prStaleSplit(input);
  if (split.ask.length === 0) input.split = split;
  else
    input.atBase = await timed("staleness at the merge base", () =>
      staleAtMergeBase(ctx, range, split.ask),
    );
  let model = buildPrComment(input, options.failOn ?? []);
  const excluded = excludedNotice(counted.excluded());
  if (excluded.length > 0) model = { ...model, notices: [...model.notices, ...excluded].sort() };
  built();
  // The index read from its file keeps no whys: those of the records named are read apart.
  const lacking = lacksWhys(model, MAX_ITEMS_PER_SECTION);
  if (lacking.length > 0)
    model = withWhys(
      model,
      await timed("whys of the records named", () => recordWhys(ctx, key, lacking)),
    );
  if (forge) {
    const ids = namedRecordIds(model, MAX_ITEMS_PER_SECTION);
    const locations = await timed("record locations (git)", () =>
      recordLocations(ctx, range.head, ids),
    );
    model = withLocations(model, locations);
  }
  const rendered = startSpan("render the body");
  const body = await renderBody(ctx, model);
  rendered();
  return { model, body };
}
