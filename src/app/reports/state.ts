import {
  readReportIndex,
  readStateCache,
  writeReportIndex,
  writeStateCache,
} from "../../adapters/state-cache.js";
import type { ProjectState } from "../../core/project/state.js";
import { indexState, type ReportIndex } from "../../core/reports/report-index.js";
import type { AppContext } from "../dependencies.js";
import { logKeyWithMarks } from "../staleness/marks-set-aside.js";

/** What caches derived from the log are keyed by: the log dir, each file's contents, the marks set aside. */
export function logKey(ctx: AppContext): Promise<string> {
  return logKeyWithMarks(ctx);
}

/**
 * The folded project state for reports: from the cache under the git dir when no log file
 * changed since it was written, else read, validated and folded (and cached).
 */
export async function loadReportState(ctx: AppContext): Promise<ProjectState> {
  const key = await logKey(ctx);
  const cached = readStateCache(ctx.git.location.gitDir, key);
  if (cached) return cached;
  const { loadProject } = await import("../log/load.js");
  const { state } = await loadProject(ctx);
  writeStateCache(ctx.git.location.gitDir, key, state);
  return state;
}

/** The log's fold while one is under way, for others that need it at the same time (staleness). */
export type SharedFold = { state?: Promise<ProjectState> };

/**
 * The report index (what the PR comment reads of the log) for the log as `key` names it: from
 * its cache when the log is unchanged, else derived from the folded state (the state cache when
 * it is current, or a full read, validated and folded) and cached. The folded state is not
 * cached on this path: writing it would cost more than the comment.
 */
export async function loadReportIndex(
  ctx: AppContext,
  key: string,
  shared: SharedFold = {},
): Promise<ReportIndex> {
  const gitDir = ctx.git.location.gitDir;
  const cached = readReportIndex(gitDir, key);
  if (cached) return cached;
  let state = readStateCache(gitDir, key);
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
