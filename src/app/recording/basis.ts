import { anchorSplits } from "../../core/anchors/anchor-entries.js";
import { AdriftError } from "../../core/errors.js";
import { type Basis, scopeProblem } from "../../core/events/common.js";
import { compileScopes, literalBase } from "../../core/rules/scope.js";
import type { AppContext } from "../dependencies.js";
import { fingerprintFiles } from "../staleness/engine.js";
import { withoutOwnFilesContext } from "../staleness/own-files.js";
import { type ResolvedAnchors, resolveAnchors, suggestAnchors } from "./anchors.js";

/** Below this many files a repository is too small for the broad-scope warning to mean anything. */
const MIN_FILES_FOR_BREADTH = 10;

/**
 * Normalises user-typed scope entries (`./src/a.ts` -> `src/a.ts`); throws on unsafe ones. The
 * repository root (`.`, `./`) is the whole repository, `**`: scopes never match adrift's own
 * folder, so committing the record (or its re-verification) does not change its state.
 */
export function normalizeScopes(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of paths) {
    let p = raw.trim().replace(/\\/g, "/");
    while (p.startsWith("./")) p = p.slice(2);
    p = p.replace(/\/{2,}/g, "/");
    if (p === "." || (p === "" && raw.trim() !== "")) p = "**";
    // git would read ":!a.txt", ":(glob)x" as pathspec magic; a scope is a path or a glob.
    const problem = p.startsWith(":")
      ? "starts with ':', which git reads as pathspec magic (':!a.txt' excludes a.txt); give the paths, directories/ or globs the record rests on, from the repository root"
      : scopeProblem(p);
    if (problem)
      throw new AdriftError(
        "validation_failed",
        `path ${JSON.stringify(raw.slice(0, 200))} ${problem}`,
        { path: raw },
      );
    if (!out.includes(p)) out.push(p);
  }
  return out;
}

/**
 * Notes about a basis worth telling the user: how many files the scope matches, warnings (e.g. a
 * scope that matches most of the repo), and the files whose uncommitted content it holds.
 */
export type BasisNotes = {
  matched_files?: number;
  warnings: string[];
  uncommitted?: string[];
  /**
   * anchors the change touched in file entries given whole (`src/a.ts#parse`): what the record
   * is likely about; `--anchor auto` takes them
   */
  suggested_anchors?: string[];
};

/** How a basis treats anchors: `auto` anchors file entries to the symbols the change touched. */
export type AnchorMode = "auto" | "suggest";

/**
 * Resolves the revision (default HEAD) and builds the basis of a record: the scope as the author
 * sees it. Based on HEAD while files in scope have uncommitted changes (staged or not, untracked
 * ones included), the fingerprints are the working tree's and `uncommitted` lists those files:
 * the commit that carries the record with them leaves them as the record saw them.
 */
export async function buildBasis(
  context: AppContext,
  paths: readonly string[],
  revision = "HEAD",
  anchorMode: AnchorMode = "suggest",
): Promise<{ basis: Basis; notes: BasisNotes }> {
  const ctx = withoutOwnFilesContext(context);
  const entries = normalizeScopes(paths);
  const resolved = await ctx.git.resolveRevision(revision);
  if (!resolved)
    throw new AdriftError(
      "validation_failed",
      revision === "HEAD"
        ? "the repository has no commits yet: commit first, so the decision has a revision to be based on"
        : `revision "${revision}" does not name a commit in this repository`,
      { revision },
    );
  if (entries.length === 0)
    return { basis: { revision: resolved, touched_paths: entries }, notes: { warnings: [] } };
  const head = revision === "HEAD" ? resolved : await ctx.git.resolveRevision("HEAD");
  let { touched, anchors, warnings } = await anchorsOf(ctx, entries, resolved, resolved === head);
  const suggested =
    resolved === head
      ? await suggestAnchors(ctx, touched, anchors, resolved)
      : new Map<string, string[]>();
  const suggestions = [...suggested].flatMap(([file, names]) => names.map((n) => `${file}#${n}`));
  if (anchorMode === "auto" && suggestions.length > 0) {
    const narrowed = entries.flatMap((e) => {
      const names = suggested.get(e);
      return names ? names.map((n) => `${e}#${n}`) : [e];
    });
    ({ touched, anchors, warnings } = await anchorsOf(ctx, narrowed, resolved, true));
  }
  const work = resolved === head ? await ctx.git.worktreeTree(touched.map(literalBase)) : undefined;
  const scopes = compileScopes(touched);
  const uncommitted = (work?.changed ?? []).filter((file) => scopes.some((s) => s.matches(file)));
  const { fingerprints, notes } = await fingerprintScope(
    ctx,
    work ? work.tree : resolved,
    touched,
    resolved,
  );
  const anchored = anchors.length > 0 ? { anchors } : {};
  notes.warnings.push(...warnings);
  if (anchorMode !== "auto" && suggestions.length > 0) notes.suggested_anchors = suggestions;
  if (uncommitted.length === 0)
    return {
      basis: { revision: resolved, touched_paths: touched, fingerprints, ...anchored },
      notes,
    };
  return {
    basis: { revision: resolved, touched_paths: touched, fingerprints, uncommitted, ...anchored },
    notes: { ...notes, uncommitted },
  };
}

/**
 * The anchors among `entries` (`src/a.ts#parse`), read from what the author sees: the working
 * tree when the record is based on HEAD, else the revision. Entries without a `#` cost nothing.
 */
async function anchorsOf(
  ctx: AppContext,
  entries: string[],
  resolved: string,
  atHead: boolean,
): Promise<ResolvedAnchors> {
  if (!entries.some((e) => e.includes("#"))) return { touched: entries, anchors: [], warnings: [] };
  const files = entries.flatMap((e) => [e, ...anchorSplits(e).map((s) => s.path)]);
  const work = atHead ? await ctx.git.worktreeTree(files) : undefined;
  return resolveAnchors(ctx, work ? work.tree : resolved, entries);
}

/**
 * Fingerprints the scope at `revision` (a commit, or the working tree's tree) and says how many
 * files it covers, with warnings naming `shown` (the revision the record is based on).
 */
export async function fingerprintScope(
  context: AppContext,
  revision: string,
  touched: readonly string[],
  shown = revision,
): Promise<{ fingerprints: Record<string, string>; notes: BasisNotes }> {
  const ctx = withoutOwnFilesContext(context);
  const { fingerprints, matched, total, empty } = await fingerprintFiles(
    ctx.git,
    revision,
    touched,
    ctx.config.broad_scope_ratio,
  );
  const warnings = empty.map(
    (entry) => `${entry} matches no file at ${shown.slice(0, 12)} (check the spelling)`,
  );
  if (total >= MIN_FILES_FOR_BREADTH && matched > total * ctx.config.broad_scope_ratio)
    warnings.push(
      `the scope covers ${matched} of ${total} files (more than ${Math.round(ctx.config.broad_scope_ratio * 100)}% of the repository): narrow it, or nearly every change will make this record stale`,
    );
  return { fingerprints, notes: { matched_files: matched, warnings } };
}
