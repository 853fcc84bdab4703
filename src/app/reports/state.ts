import { stampsOfKey } from "../../adapters/log-files.js";
import {
  foldedOnce,
  noteFoldedOnce,
  readReportIndex,
  readStateCacheEntry,
  type StateCacheEntry,
  writeReportIndex,
  writeStateCache,
} from "../../adapters/state-cache.js";
import type { OrderedLog } from "../../core/project/order.js";
import type { ProjectState } from "../../core/project/state.js";
import { indexState, type ReportIndex } from "../../core/reports/report-index.js";
import type { AppContext } from "../dependencies.js";
import { logKeyWithMarks } from "../staleness/marks-set-aside.js";

/** What caches derived from the log are keyed by: the log dir, each file's contents, the marks set aside. */
export function logKey(ctx: AppContext): Promise<string> {
  return logKeyWithMarks(ctx);
}

/**
 * How much of the log may be appended since the cached fold before the cache is written again:
 * a sixteenth. Writing it costs what its size does (70 ms for 12 MB on 10,000 records); folding
 * the appends on top costs what they do plus validating them (loading the event schemas: ~50 ms
 * on Node 20). So the first command to fold new appends does not write the cache (a site
 * rebuilt after each new record never pays for it), the second to fold the same log does (a log
 * read twice is read again), and the cache never lags by more than a sixteenth of the log.
 */
const REWRITE_SHARE = 16;

/** The cached state, folded with what was appended since when the log only grew; else undefined. */
async function cachedState(
  ctx: AppContext,
  cached: StateCacheEntry | undefined,
  key: string,
): Promise<ProjectState | undefined> {
  if (!cached) return undefined;
  if (cached.key === key) return cached.state;
  const { stateAfterGrowth } = await import("../log/state-after-growth.js");
  const grown = await stateAfterGrowth(ctx, cached, key);
  if (!grown) return undefined;
  const gitDir = ctx.git.location.gitDir;
  const size = stampsOfKey(key).reduce((n, stamp) => n + stamp[1], 0);
  if (grown.appended * REWRITE_SHARE >= size || foldedOnce(gitDir, key))
    writeStateCache(gitDir, key, grown.state, grown.last);
  else noteFoldedOnce(gitDir, key);
  return grown.state;
}

/**
 * The folded project state for reports: from the cache under the git dir when no log file
 * changed since it was written; the cache with the appended events folded on top when the log
 * only grew by appends since (a new record costs its own lines, not the whole log again; the
 * cache is written again when the same log is folded a second time or the appends weigh a
 * sixteenth of the log); else read, validated and folded, and cached. `key`: the log's key when the caller took it (`logKey`).
 */
export async function loadReportState(ctx: AppContext, key?: string): Promise<ProjectState> {
  const gitDir = ctx.git.location.gitDir;
  key ??= await logKey(ctx);
  const cached = await cachedState(ctx, readStateCacheEntry(gitDir), key);
  if (cached) return cached;
  const { loadProject } = await import("../log/load.js");
  const { state, log } = await loadProject(ctx);
  writeStateCache(gitDir, key, state, lastIdOf(log));
  return state;
}

/** What no event id sorts after: a cached fold that nothing may be folded onto. */
const NOTHING_AFTER = "\uffff";

/**
 * The greatest event id a read log holds, known or from a newer adrift ("" when none). A log
 * where different lines share an id gives NOTHING_AFTER: the refused lines' ids are not kept,
 * and an appended line with one of them would join that dispute in a full read.
 */
function lastIdOf(log: OrderedLog): string {
  if (log.problems.some((p) => p.code === "duplicate_id")) return NOTHING_AFTER;
  // ULIDs are compared as strings (Math.max would not).
  return [log.events.at(-1)?.id ?? "", log.unknown.at(-1)?.id ?? ""].sort()[1]!;
}

/** The log's fold while one is under way, for others that need it at the same time (staleness). */
export type SharedFold = { state?: Promise<ProjectState> };

/**
 * The report index (what the PR comment reads of the log) for the log as `key` names it: from
 * its cache when the log is unchanged, else derived from the folded state (the state cache when
 * it is current or the log only grew since, or a full read, validated and folded) and cached.
 * A full fold is not cached on this path: writing it would cost more than the comment.
 */
export async function loadReportIndex(
  ctx: AppContext,
  key: string,
  shared: SharedFold = {},
): Promise<ReportIndex> {
  const gitDir = ctx.git.location.gitDir;
  const cached = readReportIndex(gitDir, key);
  if (cached) return cached;
  let state = await cachedState(ctx, readStateCacheEntry(gitDir), key);
  if (!state) {
    shared.state = import("../log/load.js").then(
      async ({ loadProject }) => (await loadProject(ctx)).state,
    );
    state = await shared.state;
  }
  const index = indexState(state);
  writeReportIndex(gitDir, key, index);
  return index;
}

/**
 * The outcomes of the records `ids` names, for a reader of `adrift stale` who needs to know what
 * each id is: from the report index when it is current for the log, else derived from the folded
 * state (`loadReportState`: the state cache, with what was appended since folded on top; a full
 * read only when there is no cache, which it then writes, so a log is read whole once, not after
 * every append) and cached. A record without an outcome is left out.
 */
export async function recordOutcomes(
  ctx: AppContext,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const key = await logKey(ctx);
  const gitDir = ctx.git.location.gitDir;
  let index = readReportIndex(gitDir, key);
  if (!index) {
    index = indexState(await loadReportState(ctx, key));
    writeReportIndex(gitDir, key, index);
  }
  for (const id of ids) {
    const outcome = index.records.get(id)?.card.outcome;
    if (outcome?.trim()) out.set(id, outcome);
  }
  return out;
}
