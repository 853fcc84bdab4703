import { cleanGitEnv } from "../adapters/git/env.js";
import { type ChangedPath, type RangeCommit, ReportGit } from "../adapters/git/report-git.js";
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
  /** the commits of `from..head`, newest first (when asked for) */
  commits?: RangeCommit[];
};

/** The report git adapter of a context. */
export function reportGit(ctx: AppContext): ReportGit {
  return new ReportGit(ctx.git.location, cleanGitEnv(ctx.env));
}

/** A range before its diff: its ends and merge base, or why history could not give them. */
export type RangeEnds = Omit<DiffRange, "changed" | "commits">;

/**
 * The ends of `base...head` and their merge base, with the work tree's HEAD: two git processes
 * side by side. Throws `not_found` when `head` is not a commit of this clone.
 */
export async function resolveEnds(
  ctx: AppContext,
  baseRef: string,
  headRef = "HEAD",
): Promise<RangeEnds> {
  const git = reportGit(ctx);
  const [[head, base, worktree], from] = await Promise.all([
    git.resolveAll([headRef, baseRef, "HEAD"]),
    git.mergeBase(`${baseRef}^{commit}`, `${headRef}^{commit}`),
  ]);
  if (!head)
    throw new AdriftError("not_found", `--head ${headRef} does not name a commit in this clone`, {
      head: headRef,
    });
  const at = worktree ? { worktree } : {};
  if (!base)
    return {
      base: baseRef,
      head,
      unavailable: `base ${baseRef} is not in this clone (shallow or not fetched)`,
      ...at,
    };
  if (!from)
    return {
      base,
      head,
      unavailable: `no merge base of ${baseRef} and ${headRef} in this clone (history too shallow)`,
      ...at,
    };
  return { base, head, from, ...at };
}

/** What changed between a range's ends (and, with `commits`, its commits, side by side). */
export async function rangeChanges(
  ctx: AppContext,
  ends: RangeEnds,
  options: { commits?: boolean } = {},
): Promise<DiffRange> {
  const git = reportGit(ctx);
  const { from, head } = ends;
  const [changed, commits] = from
    ? await Promise.all([
        git.diff(from, head),
        options.commits ? git.commits(from, head) : undefined,
      ])
    : [[], options.commits ? [] : undefined];
  return { ...ends, changed, ...(commits ? { commits } : {}) };
}

/**
 * Resolves `base...head`. When history does not reach the merge base (a depth-1 clone),
 * the result says so instead of failing, and `changed` is empty.
 */
export async function resolveRange(
  ctx: AppContext,
  baseRef: string,
  headRef = "HEAD",
  options: { commits?: boolean } = {},
): Promise<DiffRange> {
  return rangeChanges(ctx, await resolveEnds(ctx, baseRef, headRef), options);
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
  return adriftFileTest(ctx)(path);
}

/** `isAdriftFile` for many paths: the folders are read from the config once. */
export function adriftFileTest(ctx: AppContext): (path: string) => boolean {
  const dirs = [DECISIONS_DIR, ctx.config.log_dir, ctx.config.adr_dir, ctx.config.drafts_dir].map(
    (dir) => dir.replace(/\/?$/, "/"),
  );
  return (path) => dirs.some((dir) => path.startsWith(dir));
}
