import {
  compileScope,
  globBase,
  isExclusion,
  type Scope,
  scopeKind,
  unescapeEntry,
} from "../rules/scope.js";
import type { AssessedRecord } from "./record-contents.js";
import { compiledScopes } from "./scope-candidates.js";
import { ScopeMatcher } from "./scope-index.js";

/** Up to this many paths, records are tested one by one rather than through a scope index. */
const FEW_PATHS = 64;

/**
 * The records whose scope matches one of `paths` (for the staged change), in their order. For a
 * few paths (a usual commit) each entry is tested against them directly, compiling only the
 * globs whose literal base holds one of them: cheaper than indexing thousands of records.
 */
export function recordsTouching(
  records: readonly AssessedRecord[],
  paths: readonly string[],
): AssessedRecord[] {
  if (paths.length > FEW_PATHS) {
    const matcher = new ScopeMatcher(records);
    const hit = new Set<number>();
    for (const path of paths) for (const r of matcher.recordsFor(path)) hit.add(r);
    return records.filter((_, r) => hit.has(r));
  }
  const compiled = new Map<string, Scope>();
  const matchesAny = (entry: string): boolean => {
    switch (scopeKind(entry)) {
      case "path": {
        const named = unescapeEntry(entry);
        return paths.some((p) => p === named || (p.startsWith(named) && p[named.length] === "/"));
      }
      case "directory": {
        const named = unescapeEntry(entry);
        return paths.some((p) => p.startsWith(named));
      }
      default: {
        const base = globBase(entry).replace(/\/$/, "");
        if (!paths.some((p) => p.startsWith(base))) return false;
        let scope = compiled.get(entry);
        if (!scope) {
          scope = compileScope(entry);
          compiled.set(entry, scope);
        }
        return paths.some((p) => scope.matches(p));
      }
    }
  };
  return records.filter((r) => {
    const entries = r.basis.touched_paths;
    // A scope with exclusions is tested whole (rare): its entries alone would say too much.
    if (!entries.some(isExclusion)) return entries.some(matchesAny);
    const scopes = compiledScopes(entries);
    return paths.some((p) => scopes.some((s) => s.matches(p)));
  });
}
