import { cleanGitEnv } from "../adapters/git/env.js";
import { type ChangedPath, ReportGit } from "../adapters/git/report-git.js";
import { DECISIONS_DIR } from "../core/config-defaults.js";
import { AdriftError } from "../core/errors.js";
import type { AppContext } from "./context.js";

/** A resolved pull-request range: base, head, their merge base and what changed. */
export type DiffRange = {
  base: string;
  head: string;
  /** the commit the diff starts from (merge base, or the merge commit's first parent) */
  from?: string;
  changed: ChangedPath[];
  /** why the range could not be computed from history, when it could not */
  unavailable?: string;
  /** the commit the work tree is at (HEAD), resolved with the range */
  worktree?: string;
};

/** The report git adapter of a context. */
export function reportGit(ctx: AppContext): ReportGit {
  return new ReportGit(ctx.git.location, cleanGitEnv(ctx.env));
}

/**
 * Resolves `base...head`. When history does not reach the merge base (a depth-1 clone),
 * the result says so instead of failing, and `changed` is empty. Three git processes one
 * after the other: the revisions (with the work tree's HEAD), the merge base, the diff.
 */
export async function resolveRange(
  ctx: AppContext,
  baseRef: string,
  headRef = "HEAD",
): Promise<DiffRange> {
  const git = reportGit(ctx);
  const [head, base, worktree] = await git.resolveAll([headRef, baseRef, "HEAD"]);
  if (!head)
    throw new AdriftError("not_found", `--head ${headRef} does not name a commit in this clone`, {
      head: headRef,
    });
  const at = worktree ? { worktree } : {};
  if (!base)
    return {
      base: baseRef,
      head,
      changed: [],
      unavailable: `base ${baseRef} is not in this clone (shallow or not fetched)`,
      ...at,
    };
  const from = await git.mergeBase(base, head);
  if (!from)
    return {
      base,
      head,
      changed: [],
      unavailable: `no merge base of ${baseRef} and ${headRef} in this clone (history too shallow)`,
      ...at,
    };
  return { base, head, from, changed: await git.diff(from, head), ...at };
}

/** Every path a change touches: new paths, and old paths of renames. */
export function touchedPaths(changed: readonly ChangedPath[]): string[] {
  const out = new Set<string>();
  for (const c of changed) {
    out.add(c.path);
    if (c.from) out.add(c.from);
  }
  return [...out].sort();
}

/** True for adrift's own files (log, config, baseline, ADRs and drafts): records, not code. */
export function isAdriftFile(ctx: AppContext, path: string): boolean {
  const dirs = [DECISIONS_DIR, ctx.config.log_dir, ctx.config.adr_dir, ctx.config.drafts_dir];
  return dirs.some((dir) => path.startsWith(dir.replace(/\/?$/, "/")));
}
