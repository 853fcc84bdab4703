import { cleanGitEnv } from "../../adapters/git/env.js";
import { type ChangedPath, type RangeCommit, ReportGit } from "../../adapters/git/report-git.js";
import { DECISIONS_DIR } from "../../core/config-defaults.js";
import { AdriftError } from "../../core/errors.js";
import { safeText } from "../../core/render/terminal.js";
import { clip } from "../../core/render/text.js";
import { coverageExclusion } from "../../core/rules/coverage-exclude.js";
import type { AppContext } from "../dependencies.js";

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

/** True for a full commit id (SHA-1 or SHA-256): a commit that may exist upstream, unfetched. */
function isFullCommitId(ref: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(ref);
}

/**
 * True when `ref` could be a branch that some remote has (git's rules for a ref name, as
 * `git check-ref-format --branch` applies them): not a revision expression (`main~2`, `a..b`),
 * an option (`-x`), or a name git refuses.
 */
function fetchableName(ref: string): boolean {
  if (ref === "" || ref === "@" || ref.startsWith("-") || ref.endsWith("/") || ref.endsWith("."))
    return false;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code <= 32 || code === 127) return false; // control characters and space
  }
  if (/[~^:?*[\\]|\.\.|@\{|\/\//.test(ref)) return false;
  return ref
    .split("/")
    .every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
}

/**
 * The command that fetches `ref` from origin, as a user would type it; undefined when no fetch
 * can bring it (a revision expression, an option, a name git refuses).
 */
export function fetchCommand(ref: string): string | undefined {
  if (isFullCommitId(ref)) return `git fetch origin ${ref}`;
  if (!fetchableName(ref)) return undefined;
  const remote = /^(?:refs\/remotes\/)?origin\/(.+)$/.exec(ref);
  if (remote) return `git fetch origin ${remote[1]}`;
  const branch = ref.replace(/^refs\/heads\//, "");
  return `git fetch origin ${branch}:${branch}`;
}

/** A ref that names no commit here: a usage error that says how to fetch it. */
function unresolved(option: "--base" | "--head", ref: string): AdriftError {
  const shown = safeText(clip(ref, 120));
  const fetch = fetchCommand(ref);
  return new AdriftError(
    "usage",
    fetch === undefined
      ? `${option} ${shown} does not name a commit in this clone, and is not a branch name a fetch could bring: check it`
      : `${option} ${shown} does not name a commit in this clone: check the name, or fetch it ` +
          `(${safeText(clip(fetch, 160))}; in GitHub Actions, actions/checkout with fetch-depth: 0)`,
    { option, ref },
  );
}

/**
 * The ends of `base...head` and their merge base, with the work tree's HEAD: two git processes
 * side by side. Fails closed: a `head` or `base` that names no commit here is a usage error
 * (a typo, or a branch never fetched, would otherwise give an empty, passing comment). Only a
 * shallow clone gets a range without a merge base (`unavailable`, saying why): its base is a
 * full commit id it did not fetch, or history stops before the merge base.
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
  if (!head && !worktree && headRef === "HEAD")
    throw new AdriftError("validation_failed", "the repository has no commits yet: commit first");
  if (!head) throw unresolved("--head", headRef);
  const at = worktree ? { worktree } : {};
  if (!base) {
    if (isFullCommitId(baseRef) && (await git.isShallow()))
      return {
        base: baseRef.toLowerCase(),
        head,
        unavailable: `base ${baseRef.slice(0, 12)} is not in this shallow clone`,
        ...at,
      };
    throw unresolved("--base", baseRef);
  }
  if (!from) {
    if (await git.isShallow())
      return {
        base,
        head,
        unavailable: `history in this shallow clone stops before the merge base of ${safeText(clip(baseRef, 120))} and ${safeText(clip(headRef, 120))}`,
        ...at,
      };
    throw new AdriftError(
      "usage",
      `--base ${safeText(clip(baseRef, 120))} and --head ${safeText(clip(headRef, 120))} share no history: give the branch the pull request merges into`,
      { option: "--base", ref: baseRef },
    );
  }
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
 * Resolves `base...head` (`resolveEnds`, then the diff). When a shallow clone's history does not
 * reach the merge base, the result says so instead of failing, and `changed` is empty.
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

/**
 * The files coverage counts: not adrift's own, and not left out by `coverage.exclude` (see
 * `coverageExclusion`). `excluded` counts the paths it refused for that reason.
 */
export function coverageFileTest(ctx: AppContext): {
  counts: (path: string) => boolean;
  excluded: () => number;
} {
  const isAdrift = adriftFileTest(ctx);
  const isExcluded = coverageExclusion(ctx.config.coverage?.exclude ?? []);
  let excluded = 0;
  return {
    counts: (path) => {
      if (isAdrift(path)) return false;
      if (!isExcluded(path)) return true;
      excluded++;
      return false;
    },
    excluded: () => excluded,
  };
}

/** The notice saying how many files `coverage.exclude` left out, when it left any. */
export function excludedNotice(count: number): string[] {
  return count > 0
    ? [`${count} file(s) left out of coverage by coverage.exclude in ${DECISIONS_DIR}/config.json`]
    : [];
}
