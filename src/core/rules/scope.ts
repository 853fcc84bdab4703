import picomatch from "picomatch";

// A scope entry is a path (file, or a directory named without a slash), a directory prefix
// (`src/auth/`), a glob (`src/**/*.ts`), or an exclusion (`!src/errors/**`): a path the other
// entries match is out of the scope when an exclusion matches it. A backslash makes the next
// character literal (`app/\[id\]/` is the folder `app/[id]/`): an entry whose every wildcard is
// escaped is a path or a directory. Recording writes an entry naming an existing file or folder
// that way (see `escapeLiteral`), so `app/[id]/page.tsx` stays that file whatever is added later.

/** How a scope entry reads: one path (file, or a directory named without a slash), a directory prefix, or a glob. */
export type ScopeKind = "path" | "directory" | "glob";

/** A compiled scope entry. */
export type Scope = {
  entry: string;
  kind: ScopeKind;
  /** the path a path or directory entry names, escapes removed (`app/[id]/`); a glob's literal base */
  literal: string;
  /** an exclusion (`!…`): it matches nothing itself and takes paths out of the other entries */
  exclude: boolean;
  /** the cache key: the entry, and the exclusions of its list that its `matches` applies */
  key: string;
  matches(path: string): boolean;
  specificity: number;
};

/** Characters a glob reads specially (picomatch's wildcards, classes, braces and extglobs). */
const GLOB_CHARS = new Set(["*", "?", "[", "]", "{", "}"]);
/** Characters escaped when an entry is written literally (`escapeLiteral`). */
const SPECIAL = /[*?[\]{}()!+@\\]/g;
/** The characters that make an entry a glob, and the escape itself. */
const WILDCARDS = /[*?[\]{}\\]/g;

/** True for an exclusion entry (`!src/errors/**`); `\!a.md` names the file `!a.md`. */
export function isExclusion(entry: string): boolean {
  return entry.startsWith("!");
}

/** The entry an exclusion takes out (`src/errors/**` for `!src/errors/**`), or the entry itself. */
export function excludedEntry(entry: string): string {
  return isExclusion(entry) ? entry.slice(1) : entry;
}

const WILDCARD = /[*?[\]{}]/;
const SPECIAL_CHAR = /[*?[\]{}!()+@]/;

/** True when `text` holds a glob character no backslash escapes. */
function hasWildcard(text: string): boolean {
  if (!text.includes("\\")) return WILDCARD.test(text); // the usual entry: one regex test
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") i++;
    else if (GLOB_CHARS.has(c)) return true;
  }
  return false;
}

/** `text` with its escapes removed (`app/\[id\]` -> `app/[id]`). */
export function unescapeEntry(text: string): string {
  return text.includes("\\") ? text.replace(/\\(.)/g, "$1") : text;
}

/**
 * A scope entry as a reader sees it: an entry that names one file or folder, as that path
 * (`app/\[id\]/` -> `app/[id]/`); a glob or an exclusion as written, where the escapes mean
 * something.
 */
export function shownEntry(entry: string): string {
  return scopeKind(entry) !== "glob" && !isExclusion(entry) ? unescapeEntry(entry) : entry;
}

/**
 * `path` written so that a scope reads it literally (`app/[id]/` -> `app/\[id\]/`): its
 * wildcards escaped, and a leading `!`. Inside a glob (`inGlob`) every character picomatch
 * reads specially is escaped too (`(group)` -> `\(group\)`); in a path entry they mean nothing.
 */
export function escapeLiteral(path: string, inGlob = false): string {
  const escaped = path.replace(inGlob ? SPECIAL : WILDCARDS, (c) => `\\${c}`);
  return escaped.startsWith("!") ? `\\${escaped}` : escaped;
}

/** Classifies a scope entry (an exclusion by what it excludes). */
export function scopeKind(entry: string): ScopeKind {
  const body = excludedEntry(entry);
  if (hasWildcard(body)) return "glob";
  if (body.endsWith("/")) return "directory";
  return "path";
}

/** A segment picomatch would read specially, escapes aside (a base stops before it). */
function specialSegment(segment: string): boolean {
  if (!segment.includes("\\")) return SPECIAL_CHAR.test(segment);
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === "\\") i++;
    else if ("*?[]{}!()+@".includes(c)) return true;
  }
  return false;
}

/**
 * Compiles one scope entry into a matcher over repo-relative file paths (forward slashes), on
 * its own: an exclusion's `matches` is its pattern's (`compileScopes` applies it to the others).
 * A plain path matches itself and, when it names a directory, everything below it.
 * `specificity` orders scopes from most to least specific (deeper and literal first).
 */
export function compileScope(entry: string): Scope {
  const body = excludedEntry(entry);
  const exclude = body !== entry;
  const kind = scopeKind(entry);
  const depth = body.split("/").filter(Boolean).length;
  if (kind === "glob") {
    const isMatch = picomatch(body, { dot: true });
    const literalDepth = body.split("/").filter((s) => s && !hasWildcard(s)).length;
    return {
      entry,
      kind,
      literal: globBase(body),
      exclude,
      key: entry,
      matches: (p) => isMatch(p),
      specificity: literalDepth * 10 + 1,
    };
  }
  const literal = unescapeEntry(body);
  if (kind === "directory") {
    return {
      entry,
      kind,
      literal,
      exclude,
      key: entry,
      matches: (p) => p.startsWith(literal),
      specificity: depth * 10 + 2,
    };
  }
  const prefix = `${literal}/`;
  return {
    entry,
    kind,
    literal,
    exclude,
    key: entry,
    matches: (p) => p === literal || p.startsWith(prefix),
    specificity: depth * 10 + 5,
  };
}

/**
 * The literal directories a glob starts with, with a trailing slash and escapes removed
 * (`src/api/` for `src/api/**\/*.ts`, `app/[id]/` for `app/\[id\]/*.tsx`; "" when it starts
 * with a pattern). Every path the glob matches lies below.
 */
export function globBase(entry: string): string {
  let base = "";
  for (const segment of excludedEntry(entry).split("/").slice(0, -1)) {
    if (specialSegment(segment)) break;
    base += `${unescapeEntry(segment)}/`;
  }
  return base;
}

/** The literal directory part of a scope entry (the path it names when it has no wildcard). */
export function literalBase(entry: string): string {
  return scopeKind(entry) === "glob"
    ? globBase(entry).replace(/\/$/, "")
    : unescapeEntry(excludedEntry(entry));
}

/**
 * Compiles every entry of a scope list: each entry's `matches` leaves out what the list's
 * exclusions match, and an exclusion itself matches nothing.
 */
export function compileScopes(entries: readonly string[]): Scope[] {
  const scopes = entries.map(compileScope);
  return withExclusions(scopes);
}

/** Applies the exclusions among `scopes` to the others (the list as given when there are none). */
export function withExclusions(scopes: readonly Scope[]): Scope[] {
  const exclusions = scopes.filter((s) => s.exclude);
  if (exclusions.length === 0) return [...scopes];
  const excluded = (p: string) => exclusions.some((s) => s.matches(p));
  const suffix = `\0${exclusions.map((s) => s.entry).join("\0")}`;
  return scopes.map((s) =>
    s.exclude
      ? { ...s, key: `${s.entry}${suffix}`, matches: () => false }
      : { ...s, key: `${s.entry}${suffix}`, matches: (p) => s.matches(p) && !excluded(p) },
  );
}

/** A test for a whole scope list: some entry matches the path and no exclusion does. */
export function scopeMatcher(entries: readonly string[]): (path: string) => boolean {
  const scopes = compileScopes(entries);
  return (path) => scopes.some((s) => s.matches(path));
}

/** The entries of `scopes` that match `path` (empty when none). */
export function matchingScopes(scopes: readonly Scope[], path: string): Scope[] {
  return scopes.filter((s) => s.matches(path));
}
