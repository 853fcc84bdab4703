import { isExclusion, scopeKind, unescapeEntry } from "../rules/scope.js";
import { buildScopeIndex, coverageOf, type Governor } from "../staleness/scope-index.js";

/** Whether changed paths are covered and, when `withIds`, the ids of the governors that cover them. */
export type ChangeCoverage = { covers(path: string): boolean; ids: Iterable<string> };

/** Adds `path` and its ancestor directories ("a/b/c", "a/b", "a") to `set`. */
function addWithAncestors(set: Set<string>, path: string): void {
  for (let p = path; p !== "" && !set.has(p); p = p.slice(0, Math.max(0, p.lastIndexOf("/"))))
    set.add(p);
}

/**
 * Coverage of `paths` (the changed paths, old and new), through the scope index with two
 * shortcuts that leave the answers as they were. A literal or directory entry can only match a
 * path it names or an ancestor of, so only those entries are indexed (a few thousand of 10,000
 * on the benchmark; a handful on a small pull request). Globs go to an index of their own, so
 * a path a literal or directory covers is not tested against them (picomatch, each compiled on
 * first use) unless the governors' ids are wanted: only open questions read them, and then
 * both indexes answer for every path.
 */
export function changeCoverage(
  governors: readonly Governor[],
  paths: Iterable<string>,
  withIds: boolean,
): ChangeCoverage {
  const near = new Set<string>();
  for (const path of paths) addWithAncestors(near, path);
  const plain: Governor[] = [];
  const globbed: Governor[] = [];
  const sort = (entry: string): "glob" | "near" | undefined => {
    const kind = scopeKind(entry);
    if (kind === "glob") return "glob";
    const named = unescapeEntry(entry);
    return near.has(kind === "directory" ? named.slice(0, -1) : named) ? "near" : undefined;
  };
  for (const governor of governors) {
    // A scope with exclusions is matched whole (the index tests it path by path).
    if (governor.entries.some(isExclusion)) {
      globbed.push(governor);
      continue;
    }
    // Most governors have one entry: they go (or not) as they are, with no arrays built.
    if (governor.entries.length === 1) {
      const only = sort(governor.entries[0]!);
      if (only === "near") plain.push(governor);
      else if (only === "glob") globbed.push(governor);
      continue;
    }
    const sorts = governor.entries.map(sort);
    if (sorts.includes("near"))
      plain.push({ ...governor, entries: governor.entries.filter((_, i) => sorts[i] === "near") });
    if (sorts.includes("glob"))
      globbed.push({
        ...governor,
        entries: governor.entries.filter((_, i) => sorts[i] === "glob"),
      });
  }
  const literal = coverageOf(buildScopeIndex(plain));
  const glob = coverageOf(buildScopeIndex(globbed));
  return {
    covers: withIds
      ? (path) => {
          const byLiteral = literal.covers(path);
          return glob.covers(path) || byLiteral;
        }
      : (path) => literal.covers(path) || glob.covers(path),
    // Read after the paths were asked for: both sets fill as `covers` runs.
    ids: {
      *[Symbol.iterator]() {
        yield* literal.ids;
        yield* glob.ids;
      },
    },
  };
}
