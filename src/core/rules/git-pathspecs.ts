import { isExclusion, scopeKind, unescapeEntry } from "./scope.js";

// The installed hooks ask git, without node, whether a change touches what some record governs:
// `git diff-index --cached --quiet HEAD -- <pathspecs>`. Scopes match with picomatch
// (`scope.ts`); git matches pathspecs its own way. The pathspecs here are a superset of what
// the scopes match, never less: a path a scope matches always matches one of them, so the
// fast path can only run node more often than needed, never skip a change a scope covers.

/** A literal segment: nothing picomatch reads specially (a backslash escapes, `!` negates, …). */
const LITERAL = /^[^*?[\]{}()!+@\\|^$]+$/;

/**
 * A glob segment whose picomatch and git `:(glob)` readings agree: `*` over literal characters.
 * Not `?`: git matches one byte, picomatch one character (`?.ts` and `é.ts` disagree).
 */
const SIMPLE = /^[^?[\]{}()!+@\\|^$]+$/;

/** A segment read literally: escaped characters (`\[id\]`) and no special one left unescaped. */
function literalSegment(segment: string): boolean {
  const unescaped = segment.replace(/\\./g, "");
  return unescaped === "" ? segment !== "" : LITERAL.test(unescaped);
}

function literal(path: string): string {
  return `:(top,literal)${path}`;
}

/**
 * The git pathspecs that cover one scope entry (`src/a.ts`, `src/auth/`, `src/**\/*.ts`), as a
 * superset (an escaped character is literal; an exclusion adds none). A glob git reads like picomatch (`*`, `?`, and `**` as a whole segment) is given as
 * `:(glob)`; any other glob is covered by the literal directories it starts with, or by the
 * whole tree (`:(top)`) when it starts with a pattern.
 */
export function pathspecsOfScope(entry: string): string[] {
  // An exclusion only narrows what the other entries cover: a superset needs nothing for it.
  if (isExclusion(entry)) return [];
  const segments = entry.split("/");
  const plain = (s: string) => s !== "" && s !== "." && s !== "..";
  if (scopeKind(entry) !== "glob") {
    const path = unescapeEntry(entry);
    const parts = path.split("/");
    const body = path.endsWith("/") ? parts.slice(0, -1) : parts;
    return body.every((s) => plain(s)) ? [literal(path)] : [":(top)"];
  }
  const simple = segments.every(
    (s) => plain(s) && (s === "**" || (SIMPLE.test(s) && !s.includes("**"))),
  );
  if (simple) {
    if (segments.at(-1) !== "**" || segments.length === 1) return [`:(top,glob)${entry}`];
    // picomatch's `a/**` (and `a/**/**`) also matches `a` itself, git's does not: `a` is added
    // (a literal `a` covers everything below it too).
    const base = segments.slice(0, -1);
    while (base.at(-1) === "**") base.pop();
    if (base.length === 0) return [":(top)"];
    return base.every((s) => LITERAL.test(s))
      ? [literal(base.join("/"))]
      : [`:(top,glob)${base.join("/")}`, `:(top,glob)${entry}`];
  }
  const base: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (!plain(segment) || !literalSegment(segment)) break;
    base.push(unescapeEntry(segment));
  }
  // Without the slash: picomatch may match the directory's own path too (`a/**/!(a)` matches
  // `a`), and a literal `a` covers it and everything below it.
  return base.length > 0 ? [literal(base.join("/"))] : [":(top)"];
}

/**
 * The pathspecs covering every scope entry of `scopes` and adrift's own folders (`own`, as
 * directories), plus pathspecs made earlier (`known`), without repeats and without an entry
 * another one already covers literally.
 */
export function gatePathspecs(
  scopes: Iterable<string>,
  own: readonly string[],
  known: readonly string[] = [],
): string[] {
  const specs = new Set<string>(known);
  for (const dir of own) specs.add(literal(dir.endsWith("/") ? dir : `${dir}/`));
  for (const entry of scopes) for (const spec of pathspecsOfScope(entry)) specs.add(spec);
  if (specs.has(":(top)")) return [":(top)"];
  // A literal directory covers the literal paths below it (looked up by ancestor: 10,000
  // scopes cost 10,000 lookups per level, not 10,000 squared).
  const LITERAL_PREFIX = ":(top,literal)";
  const dirs = new Set(
    [...specs]
      .filter((s) => s.startsWith(LITERAL_PREFIX))
      .map((s) => s.slice(LITERAL_PREFIX.length).replace(/\/$/, "")),
  );
  const covered = (spec: string) => {
    if (!spec.startsWith(LITERAL_PREFIX)) return false;
    const parts = spec.slice(LITERAL_PREFIX.length).replace(/\/$/, "").split("/");
    for (let n = 1; n < parts.length; n++) if (dirs.has(parts.slice(0, n).join("/"))) return true;
    return false;
  };
  return [...specs].filter((s) => !covered(s)).sort();
}
