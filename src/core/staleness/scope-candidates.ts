import { compileScope, type Scope, withExclusions } from "../rules/scope.js";
import { withPrefix } from "./history.js";

/**
 * The entries of the sorted `paths` that a scope entry may match (exact for paths and
 * directories, unless the scope's list excludes some). An exclusion has none.
 */
export function candidatesFor(scope: Scope, paths: readonly string[]): string[] {
  if (scope.exclude) return [];
  const guarded = scope.key !== scope.entry;
  const kept = (found: string[]) => (guarded ? found.filter((p) => scope.matches(p)) : found);
  if (scope.kind === "directory") return kept(withPrefix(paths, scope.literal));
  if (scope.kind === "path") {
    const below = withPrefix(paths, `${scope.literal}/`);
    const exact = withPrefix(paths, scope.literal).filter((p) => p === scope.literal);
    return kept([...exact, ...below]);
  }
  // `lib/**` matches `lib` itself: the prefix is the base without its slash.
  return withPrefix(paths, scope.literal.replace(/\/$/, "")).filter((p) => scope.matches(p));
}

/** Caches candidate lists per scope entry: many records share entries. */
export class CandidateCache {
  private readonly cache = new Map<string, string[]>();
  constructor(private readonly paths: readonly string[]) {}
  /** The candidates of one scope. */
  get(scope: Scope): string[] {
    let hit = this.cache.get(scope.key);
    if (!hit) {
      hit = candidatesFor(scope, this.paths);
      this.cache.set(scope.key, hit);
    }
    return hit;
  }
}

const compiled = new Map<string, Scope>();

/**
 * Compiles scope entries once per process: thousands of records share a few hundred entries.
 * A list with exclusions is compiled as a whole (its entries' matchers apply them).
 */
export function compiledScopes(entries: readonly string[]): Scope[] {
  const scopes = entries.map((entry) => {
    let scope = compiled.get(entry);
    if (!scope) {
      scope = compileScope(entry);
      compiled.set(entry, scope);
    }
    return scope;
  });
  return scopes.some((s) => s.exclude) ? withExclusions(scopes) : scopes;
}
