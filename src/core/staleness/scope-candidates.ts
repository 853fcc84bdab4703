import { compileScopes, globBase, type Scope } from "../rules/scope.js";
import { withPrefix } from "./history.js";

/** The entries of the sorted `paths` that a scope entry may match (exact for paths and directories). */
export function candidatesFor(scope: Scope, paths: readonly string[]): string[] {
  if (scope.kind === "directory") return withPrefix(paths, scope.entry);
  if (scope.kind === "path") {
    const below = withPrefix(paths, `${scope.entry}/`);
    const exact = withPrefix(paths, scope.entry).filter((p) => p === scope.entry);
    return [...exact, ...below];
  }
  // `lib/**` matches `lib` itself: the prefix is the base without its slash.
  return withPrefix(paths, globBase(scope.entry).replace(/\/$/, "")).filter((p) =>
    scope.matches(p),
  );
}

/** Caches candidate lists per scope entry: many records share entries. */
export class CandidateCache {
  private readonly cache = new Map<string, string[]>();
  constructor(private readonly paths: readonly string[]) {}
  /** The candidates of one scope. */
  get(scope: Scope): string[] {
    let hit = this.cache.get(scope.entry);
    if (!hit) {
      hit = candidatesFor(scope, this.paths);
      this.cache.set(scope.entry, hit);
    }
    return hit;
  }
}

const compiled = new Map<string, Scope>();

/** Compiles scope entries once per process: thousands of records share a few hundred entries. */
export function compiledScopes(entries: readonly string[]): Scope[] {
  return entries.map((entry) => {
    let scope = compiled.get(entry);
    if (!scope) {
      scope = compileScopes([entry])[0]!;
      compiled.set(entry, scope);
    }
    return scope;
  });
}
