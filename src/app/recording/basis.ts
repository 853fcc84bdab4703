import { anchorSplits } from "../../core/anchors/anchor-entries.js";
import { AdriftError } from "../../core/errors.js";
import { type Basis, scopeProblem } from "../../core/events/common.js";
import {
  compileScopes,
  escapeLiteral,
  globBase,
  isExclusion,
  literalBase,
  scopeKind,
  unescapeEntry,
} from "../../core/rules/scope.js";
import type { AppContext } from "../dependencies.js";
import { fingerprintFiles } from "../staleness/engine.js";
import { withoutOwnFilesContext } from "../staleness/own-files.js";
import { type ResolvedAnchors, resolveAnchors, suggestAnchors } from "./anchors.js";

/** Below this many files a repository is too small for the broad-scope warning to mean anything. */
const MIN_FILES_FOR_BREADTH = 10;

/** A backslash before one of these escapes it (`app/\[id\]/`); any other is a Windows separator. */
const ESCAPED = /\\(?![*?[\]{}()!+@\\])/g;

/**
 * Normalises user-typed scope entries (`./src/a.ts` -> `src/a.ts`); throws on unsafe ones. The
 * repository root (`.`, `./`) is the whole repository, `**`: scopes never match adrift's own
 * folder, so committing the record (or its re-verification) does not change its state. A `!`
 * entry excludes (`!src/errors/**`) and needs another entry to exclude from.
 */
export function normalizeScopes(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of paths) {
    const trimmed = raw.trim();
    const bang = trimmed.startsWith("!") ? "!" : "";
    let p = trimmed.slice(bang.length).replace(ESCAPED, "/");
    while (p.startsWith("./")) p = p.slice(2);
    p = p.replace(/\/{2,}/g, "/");
    if (p === "." || (p === "" && trimmed.slice(bang.length) !== "")) p = "**";
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
    if (!out.includes(bang + p)) out.push(bang + p);
  }
  if (out.length > 0 && out.every(isExclusion))
    throw new AdriftError(
      "validation_failed",
      `the scope ${out.map((e) => JSON.stringify(e)).join(", ")} only excludes: a '!' entry takes paths out of the other entries; give what the record rests on too (e.g. --path 'src/**' --path '!src/errors/**')`,
      { paths: out },
    );
  return out;
}

/**
 * The entries with every file or folder they name literally written so (`app/[id]/` ->
 * `app/\[id\]/` when the folder `app/[id]` exists in `tree`): a name with `[`, `(`, `+` or `{`
 * is the file it names, not a pattern, whatever is added later. A glob keeps its wildcards and
 * has its existing leading folders escaped (`app/[id]/**` -> `app/\[id\]/**`). Entries without
 * a special character cost nothing; the others one git call.
 */
export async function literalScopes(
  ctx: AppContext,
  entries: readonly string[],
  tree: string,
): Promise<string[]> {
  const special = (s: string) => /[*?[\]{}()!+@]/.test(s.replace(/\\./g, ""));
  const parts = (entry: string) => {
    const body = isExclusion(entry) ? entry.slice(1) : entry;
    const segments = body.replace(/\/$/, "").split("/");
    return { body, segments, whole: unescapeEntry(body.replace(/\/$/, "")) };
  };
  const open = entries.filter((e) => scopeKind(e) === "glob" && !e.includes("#"));
  if (open.length === 0) return [...entries];
  const asked = new Set<string>();
  for (const entry of open) {
    const { segments, whole } = parts(entry);
    asked.add(whole);
    for (let i = 0; i < segments.length - 1; i++)
      if (special(segments[i]!))
        asked.add(
          segments
            .slice(0, i + 1)
            .map(unescapeEntry)
            .join("/"),
        );
  }
  const found = await ctx.git.objectIds(tree, [...asked]);
  return entries.map((entry) => {
    if (!open.includes(entry)) return entry;
    const { body, segments, whole } = parts(entry);
    const bang = body === entry ? "" : "!";
    if (found.has(whole)) return `${bang}${escapeLiteral(whole)}${body.endsWith("/") ? "/" : ""}`;
    const out = [...segments];
    for (let i = 0; i < segments.length - 1; i++) {
      if (!special(segments[i]!)) continue;
      const prefix = segments
        .slice(0, i + 1)
        .map(unescapeEntry)
        .join("/");
      if (!found.has(prefix)) break;
      out[i] = escapeLiteral(unescapeEntry(segments[i]!), true);
    }
    return `${bang}${out.join("/")}${body.endsWith("/") ? "/" : ""}`;
  });
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
  const typed = normalizeScopes(paths);
  const resolved = await ctx.git.resolveRevision(revision);
  if (!resolved)
    throw new AdriftError(
      "validation_failed",
      revision === "HEAD"
        ? "the repository has no commits yet: commit first, so the decision has a revision to be based on"
        : `revision "${revision}" does not name a commit in this repository`,
      { revision },
    );
  if (typed.length === 0)
    return { basis: { revision: resolved, touched_paths: typed }, notes: { warnings: [] } };
  const head = revision === "HEAD" ? resolved : await ctx.git.resolveRevision("HEAD");
  const entries = await literalScopes(ctx, typed, await namedIn(ctx, typed, resolved, head));
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
 * Where the names of glob-looking entries are looked up: what the author sees (the working tree
 * under their literal folders) when the record is based on HEAD, else the revision.
 */
async function namedIn(
  ctx: AppContext,
  entries: readonly string[],
  resolved: string,
  head: string | undefined,
): Promise<string> {
  const globs = entries.filter((e) => scopeKind(e) === "glob");
  if (globs.length === 0 || resolved !== head) return resolved;
  const work = await ctx.git.worktreeTree([...new Set(globs.map((e) => globBase(e)))]);
  return work?.tree ?? resolved;
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
  const files = entries.flatMap((e) => {
    const named = unescapeEntry(e);
    return [named, ...anchorSplits(named).map((s) => s.path)];
  });
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
  const warnings = empty.map((entry) =>
    scopeKind(entry) === "glob" && /[[\]{}]/.test(entry)
      ? `${entry} matches no file at ${shown.slice(0, 12)}: it is a pattern; to name a file or folder not there yet whose name holds [ ] { } * or ?, escape them (${escapeLiteral(unescapeEntry(entry))})`
      : `${entry} matches no file at ${shown.slice(0, 12)} (check the spelling)`,
  );
  if (total >= MIN_FILES_FOR_BREADTH && matched > total * ctx.config.broad_scope_ratio)
    warnings.push(
      `the scope covers ${matched} of ${total} files (more than ${Math.round(ctx.config.broad_scope_ratio * 100)}% of the repository): narrow it, or nearly every change will make this record stale`,
    );
  return { fingerprints, notes: { matched_files: matched, warnings } };
}
