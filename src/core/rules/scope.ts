import picomatch from "picomatch";

/** How a scope entry reads: one path (file, or a directory named without a slash), a directory prefix, or a glob. */
export type ScopeKind = "path" | "directory" | "glob";

/** A compiled scope entry. */
export type Scope = {
  entry: string;
  kind: ScopeKind;
  matches(path: string): boolean;
  specificity: number;
};

const GLOB_CHARS = /[*?[\]{}]/;

/** Classifies a scope entry. */
export function scopeKind(entry: string): ScopeKind {
  if (GLOB_CHARS.test(entry)) return "glob";
  if (entry.endsWith("/")) return "directory";
  return "path";
}

/**
 * Compiles a scope entry into a matcher over repo-relative file paths (forward slashes).
 * A plain path matches itself and, when it names a directory, everything below it.
 * `specificity` orders scopes from most to least specific (deeper and literal first).
 */
export function compileScope(entry: string): Scope {
  const kind = scopeKind(entry);
  const depth = entry.split("/").filter(Boolean).length;
  if (kind === "glob") {
    const isMatch = picomatch(entry, { dot: true });
    const literalDepth = entry.split("/").filter((s) => s && !GLOB_CHARS.test(s)).length;
    return { entry, kind, matches: (p) => isMatch(p), specificity: literalDepth * 10 + 1 };
  }
  if (kind === "directory") {
    return { entry, kind, matches: (p) => p.startsWith(entry), specificity: depth * 10 + 2 };
  }
  const prefix = `${entry}/`;
  return {
    entry,
    kind,
    matches: (p) => p === entry || p.startsWith(prefix),
    specificity: depth * 10 + 5,
  };
}

/**
 * The literal directories a glob starts with, with a trailing slash (`src/api/` for
 * `src/api/**\/*.ts`; "" when it starts with a pattern). Every path the glob matches lies below.
 */
export function globBase(entry: string): string {
  let base = "";
  for (const segment of entry.split("/").slice(0, -1)) {
    if (/[*?[\]{}!()+@]/.test(segment)) break;
    base += `${segment}/`;
  }
  return base;
}

/** The literal directory part of a scope entry (the whole entry when it has no wildcard). */
export function literalBase(entry: string): string {
  return scopeKind(entry) === "glob" ? globBase(entry).replace(/\/$/, "") : entry;
}

/** Compiles every entry of a scope list. */
export function compileScopes(entries: readonly string[]): Scope[] {
  return entries.map(compileScope);
}

/** The entries of `scopes` that match `path` (empty when none). */
export function matchingScopes(scopes: readonly Scope[], path: string): Scope[] {
  return scopes.filter((s) => s.matches(path));
}
