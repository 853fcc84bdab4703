import { MAX_LISTED_PATHS, type PathChange } from "./types.js";

export const rankOf = (change: PathChange["change"]) =>
  change === "added" ? 2 : change === "renamed" ? 1 : 0;

/**
 * The changes `listedPaths` would list, picked from changes offered in any order: the
 * MAX_LISTED_PATHS smallest by (rank, listing order), kept sorted in a short array, so no list
 * of hundreds of files is ever sorted. Listing order (by first matching scope entry, then path)
 * is given as a number by the caller, which knows it: no path is compared here. When no more
 * than that many came, they are listed in listing order, as `listedPaths` does.
 */
export class TopPaths {
  private readonly kept: { rank: number; order: number; change?: PathChange }[] = [];
  private total = 0;

  /** Counts a change; returns where it goes among the kept ones, or -1 when it is not listed. */
  offer(rank: number, order: number): number {
    this.total++;
    const { kept } = this;
    const before = (at: number) =>
      rank !== kept[at]!.rank ? rank < kept[at]!.rank : order < kept[at]!.order;
    if (kept.length === MAX_LISTED_PATHS && !before(kept.length - 1)) return -1;
    let at = kept.length;
    while (at > 0 && before(at - 1)) at--;
    kept.splice(at, 0, { rank, order });
    if (kept.length > MAX_LISTED_PATHS) kept.pop();
    return at;
  }

  /** Stores the change `offer` placed at `at`. */
  put(at: number, change: PathChange): void {
    this.kept[at]!.change = change;
  }

  /** The listed changes and how many were left out. */
  listed(): { paths: PathChange[]; omitted_paths?: number } {
    if (this.total > MAX_LISTED_PATHS)
      return {
        paths: this.kept.map((k) => k.change!),
        omitted_paths: this.total - MAX_LISTED_PATHS,
      };
    const inOrder = [...this.kept].sort((a, b) => a.order - b.order);
    return { paths: inOrder.map((k) => k.change!) };
  }
}

/**
 * Collects a finding's path changes as `listedPaths` would list them, without building the ones
 * that cannot be listed: a change is skipped once MAX_LISTED_PATHS changes of its rank or a
 * better one came before it (a glob record may see hundreds of changed files).
 */
export class PathCollector {
  private readonly kept: PathChange[] = [];
  private readonly seen = [0, 0, 0];
  private total = 0;
  /** Counts a change; true when it may be listed (then `add` it). */
  wants(change: PathChange["change"]): boolean {
    const rank = rankOf(change);
    let before = 0;
    for (let r = 0; r <= rank; r++) before += this.seen[r]!;
    this.seen[rank]!++;
    this.total++;
    return before < MAX_LISTED_PATHS;
  }
  /** Keeps a change `wants` accepted. */
  add(change: PathChange): void {
    this.kept.push(change);
  }
  /** The listed paths and how many were left out. */
  listed(): { paths: PathChange[]; omitted_paths?: number } {
    if (this.total <= MAX_LISTED_PATHS) return { paths: this.kept };
    const sorted = [...this.kept].sort((a, b) => rankOf(a.change) - rankOf(b.change));
    return {
      paths: sorted.slice(0, MAX_LISTED_PATHS),
      omitted_paths: this.total - MAX_LISTED_PATHS,
    };
  }
}

/** Changes that make a record stale first, then the rest; at most MAX_LISTED_PATHS. */
export function listedPaths(paths: PathChange[]): { paths: PathChange[]; omitted_paths?: number } {
  if (paths.length <= MAX_LISTED_PATHS) return { paths };
  const sorted = [...paths].sort((a, b) => rankOf(a.change) - rankOf(b.change));
  return {
    paths: sorted.slice(0, MAX_LISTED_PATHS),
    omitted_paths: paths.length - MAX_LISTED_PATHS,
  };
}
