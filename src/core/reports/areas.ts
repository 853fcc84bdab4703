import { compileScope } from "../rules/scope.js";
import { governorsMatching, type ScopeIndex } from "../staleness/scope-index.js";

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

/**
 * Groups files into areas and says, per area, how many files are governed, by whom, and how many
 * of those a stale decision (one of `stale`) governs.
 */
export function coverageByArea(
  index: ScopeIndex,
  files: readonly string[],
  depth: number,
  stale: ReadonlySet<string> = new Set(),
): Area[] {
  const areas = new Map<string, Area & { d: Set<string>; a: Set<string> }>();
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
      };
      areas.set(key, area);
    }
    area.files++;
    const governors = governorsMatching(index, file).filter((g) => g.kind !== "intent");
    if (governors.length > 0) area.covered_files++;
    if (governors.some((g) => stale.has(g.id))) {
      area.covered_by_stale++;
      if (governors.every((g) => stale.has(g.id))) area.covered_only_by_stale++;
    }
    for (const g of governors) (g.kind === "adr" ? area.a : area.d).add(g.id);
  }
  return [...areas.values()]
    .sort((x, y) => (x.area < y.area ? -1 : x.area > y.area ? 1 : 0))
    .map(({ d, a, ...area }) => ({ ...area, decisions: [...d].sort(), adrs: [...a].sort() }));
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
