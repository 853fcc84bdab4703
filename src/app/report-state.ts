import { logDirsOf, logFileStamps } from "../adapters/log-files.js";
import { readStateCache, writeStateCache } from "../adapters/state-cache.js";
import type { ProjectState } from "../core/project/state.js";
import type { AppContext } from "./context.js";

async function logKey(ctx: AppContext): Promise<string> {
  const root = ctx.git.location.root;
  const stamps = await logFileStamps(logDirsOf(root, ctx.config.log_dir), root);
  return JSON.stringify([ctx.config.log_dir, stamps]);
}

/**
 * The folded project state for reports: from the cache under the git dir when no log file
 * changed since it was written, else read, validated and folded (and cached).
 */
export async function loadReportState(ctx: AppContext): Promise<ProjectState> {
  const key = await logKey(ctx);
  const cached = readStateCache(ctx.git.location.gitDir, key);
  if (cached) return cached;
  const { loadProject } = await import("./load.js");
  const { state } = await loadProject(ctx);
  writeStateCache(ctx.git.location.gitDir, key, state);
  return state;
}
