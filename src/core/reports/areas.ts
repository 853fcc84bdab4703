import { compileScope } from "../rules/scope.js";
import { type Governor, governorGroups, type ScopeIndex } from "../staleness/scope-index.js";

/** A code area (a directory cut at the configured depth) and who governs its files. */
export type Area = {
  area: string;
  files: number;
  /** files a non-superseded decision or an accepted ADR governs, whatever its state */
  covered_files: number;
  /** covered files that a stale decision governs (it may not be the only one) */
  covered_by_stale: number;
  /** covered files that only stale decisions govern: covered, yet nothing fresh vouches for them */
  covered_only_by_stale: number;
  decisions: string[];
  adrs: string[];
};

/** The area of a file: its directory cut to `depth` segments ("." for files at the root). */
export function areaOf(path: string, depth: number): string {
  const dirs = path.split("/").slice(0, -1);
  return dirs.length === 0 ? "." : dirs.slice(0, depth).join("/");
}

/** What a group of governors (`governorGroups`) says of a file it matches. */
type GroupSummary = {
  /** the governors that cover code (intent cards do not), each once */
  covering: readonly Governor[];
  /** one of them is stale */
  anyStale: boolean;
  /** all of them are (true when there are none) */
  allStale: boolean;
};

/**
 * Groups files into areas and says, per area, how many files are governed, by whom, and how many
 * of those a stale decision (one of `stale`) governs. A file's governors come in groups shared
 * by many files (its directory's, a glob's): each group is summarised once, and added to an
 * area's lists once.
 */
export function coverageByArea(
  index: ScopeIndex,
  files: readonly string[],
  depth: number,
  stale: ReadonlySet<string> = new Set(),
): Area[] {
  const groupsOf = governorGroups(index);
  const summaries = new Map<readonly Governor[], GroupSummary>();
  const summary = (group: readonly Governor[]): GroupSummary => {
    let found = summaries.get(group);
    if (!found) {
      const covering = [...new Set(group.filter((g) => g.kind !== "intent"))];
      found = {
        covering,
        anyStale: covering.some((g) => stale.has(g.id)),
        allStale: covering.every((g) => stale.has(g.id)),
      };
      summaries.set(group, found);
    }
    return found;
  };
  type Tally = Area & { d: Set<string>; a: Set<string>; added: Set<GroupSummary> };
  const areas = new Map<string, Tally>();
  for (const file of files) {
    const key = areaOf(file, depth);
    let area = areas.get(key);
    if (!area) {
      area = {
        area: key,
        files: 0,
        covered_files: 0,
        covered_by_stale: 0,
        covered_only_by_stale: 0,
        decisions: [],
        adrs: [],
        d: new Set(),
        a: new Set(),
        added: new Set(),
      };
      areas.set(key, area);
    }
    area.files++;
    let covered = false;
    let anyStale = false;
    let allStale = true;
    for (const group of groupsOf(file)) {
      const s = summary(group);
      if (s.covering.length === 0) continue;
      covered = true;
      anyStale ||= s.anyStale;
      allStale &&= s.allStale;
      if (area.added.has(s)) continue;
      area.added.add(s);
      for (const g of s.covering) (g.kind === "adr" ? area.a : area.d).add(g.id);
    }
    if (covered) area.covered_files++;
    if (anyStale) {
      area.covered_by_stale++;
      if (allStale) area.covered_only_by_stale++;
    }
  }
  return [...areas.values()]
    .sort((x, y) => (x.area < y.area ? -1 : x.area > y.area ? 1 : 0))
    .map(({ d, a, added: _added, ...area }) => ({
      ...area,
      decisions: [...d].sort(),
      adrs: [...a].sort(),
    }));
}

/**
 * Counts the files of a tree each scope entry matches. Literal entries use per-directory
 * counts (one pass over the tree); globs are tested file by file.
 */
export function matchCounter(files: readonly string[]): (entry: string) => number {
  const exact = new Set(files);
  const dirCount = new Map<string, number>();
  for (const file of files)
    for (let cut = file.indexOf("/"); cut > 0; cut = file.indexOf("/", cut + 1)) {
      const dir = file.slice(0, cut);
      dirCount.set(dir, (dirCount.get(dir) ?? 0) + 1);
    }
  // Records share entries (a module's glob, a folder): each is counted once.
  const counted = new Map<string, number>();
  return (entry) => {
    const known = counted.get(entry);
    if (known !== undefined) return known;
    const scope = compileScope(entry);
    const count = scope.exclude
      ? 0 // it takes files out of the other entries, matches none itself
      : scope.kind === "glob"
        ? files.filter((f) => scope.matches(f)).length
        : scope.kind === "directory"
          ? (dirCount.get(scope.literal.slice(0, -1)) ?? 0)
          : exact.has(scope.literal)
            ? 1
            : (dirCount.get(scope.literal) ?? 0);
    counted.set(entry, count);
    return count;
  };
}
