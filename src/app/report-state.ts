import { stat } from "node:fs/promises";
import path from "node:path";
import { listLogFiles } from "../adapters/log-store.js";
import { readStateCache, writeStateCache } from "../adapters/state-cache.js";
import type { ProjectState } from "../core/project/state.js";
import { type AppContext, repoPath } from "./context.js";

async function logKey(ctx: AppContext): Promise<string> {
  const dir = repoPath(ctx, ctx.config.log_dir);
  const files = await listLogFiles(dir);
  const stamps = await Promise.all(
    files.map(async (file) => {
      const s = await stat(file);
      return [path.relative(dir, file), s.size, s.mtimeMs];
    }),
  );
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
