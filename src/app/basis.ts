import { AdriftError } from "../core/errors.js";
import { type Basis, scopeProblem } from "../core/events/common.js";
import type { AppContext } from "./context.js";
import { fingerprintFiles } from "./stale-engine.js";

/** Below this many files a repository is too small for the broad-scope warning to mean anything. */
const MIN_FILES_FOR_BREADTH = 10;

/**
 * Normalises user-typed scope entries (`./src/a.ts` -> `src/a.ts`); throws on unsafe ones, and
 * on the repository root (`.`, `./`): the whole repository holds adrift's own log, so committing
 * the record (or its re-verification) would change its scope, and it could never be fresh.
 */
export function normalizeScopes(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of paths) {
    let p = raw.trim().replace(/\\/g, "/");
    while (p.startsWith("./")) p = p.slice(2);
    p = p.replace(/\/{2,}/g, "/");
    if (p === "." || (p === "" && raw.trim() !== ""))
      throw new AdriftError(
        "validation_failed",
        `path ${JSON.stringify(raw.trim())} names the whole repository, adrift's own log included: committing the record would make it stale at once; give the directories it governs instead (e.g. src/), or no path for a decision that governs no code`,
        { path: raw },
      );
    const problem = scopeProblem(p);
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

/** Notes about a basis worth telling the user (e.g. a scope that matches most of the repo). */
export type BasisNotes = { matched_files?: number; warnings: string[] };

/** Resolves the revision (default HEAD) and builds the basis of a record. */
export async function buildBasis(
  ctx: AppContext,
  paths: readonly string[],
  revision = "HEAD",
): Promise<{ basis: Basis; notes: BasisNotes }> {
  const touched = normalizeScopes(paths);
  const resolved = await ctx.git.resolveRevision(revision);
  if (!resolved)
    throw new AdriftError(
      "validation_failed",
      revision === "HEAD"
        ? "the repository has no commits yet: commit first, so the decision has a revision to be based on"
        : `revision "${revision}" does not name a commit in this repository`,
      { revision },
    );
  if (touched.length === 0)
    return { basis: { revision: resolved, touched_paths: touched }, notes: { warnings: [] } };
  const { fingerprints, notes } = await fingerprintScope(ctx, resolved, touched);
  return { basis: { revision: resolved, touched_paths: touched, fingerprints }, notes };
}

/** Fingerprints the scope at `revision` and says how many files it covers, with warnings. */
export async function fingerprintScope(
  ctx: AppContext,
  revision: string,
  touched: readonly string[],
): Promise<{ fingerprints: Record<string, string>; notes: BasisNotes }> {
  const { fingerprints, matched, total, empty } = await fingerprintFiles(
    ctx.git,
    revision,
    touched,
    ctx.config.broad_scope_ratio,
  );
  const warnings = empty.map(
    (entry) => `${entry} matches no file at ${revision.slice(0, 12)} (check the spelling)`,
  );
  if (total >= MIN_FILES_FOR_BREADTH && matched > total * ctx.config.broad_scope_ratio)
    warnings.push(
      `the scope covers ${matched} of ${total} files (more than ${Math.round(ctx.config.broad_scope_ratio * 100)}% of the repository): narrow it, or nearly every change will make this record stale`,
    );
  return { fingerprints, notes: { matched_files: matched, warnings } };
}
