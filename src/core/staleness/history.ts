/**
 * Commit history as staleness reads it (pure data the git adapter produces), and the index that
 * answers "which commits changed this path, and which of them are not reachable from basis B".
 */

/**
 * One changed path of a commit (or of the staged change). `R` is a rename; `similarity` 100
 * means the content did not change (a pure rename). `blob` and `was` are the contents (blob
 * ids) the change left at `path` and found there (at `old_path` for a rename) in the first
 * parent; absent where there is no file (an addition has no `was`, a deletion no `blob`), and
 * both absent when the adapter could not say.
 */
export type FileChange = {
  status: "A" | "M" | "D" | "R" | "T";
  path: string;
  old_path?: string;
  similarity?: number;
  blob?: string;
  was?: string;
};

/** What a path holds, as the content rule compares it: a blob id, or "" where there is no file. */
export const NO_FILE = "";

/** A commit with what staleness needs: parents, author, subject, workline trailers, changes. */
export type CommitInfo = {
  hash: string;
  parents: string[];
  author: string;
  author_email: string;
  /** committer time, seconds since the epoch */
  time: number;
  subject: string;
  /** values of its `Adrift-Workline:` trailers */
  worklines: string[];
  /**
   * changed paths against its parent; for a merge, only the files whose contents differ from
   * every parent's (its own changes: what it brought in counts once, on the commits that made it)
   */
  changes: FileChange[];
  /** an excluded commit listed only because a listed commit has it as parent (its changes do not count) */
  boundary?: boolean;
};

/** What happened to one path in one commit. */
export type PathEvent = {
  commit: number;
  kind: "added" | "modified" | "deleted" | "renamed_from" | "renamed_to";
  /** the other side of a rename */
  other?: string;
  pure?: boolean;
  /**
   * What the commit left at this path and what its first parent held there (blob ids, NO_FILE
   * where there is no file); undefined when the adapter did not say.
   */
  blob?: string;
  was?: string;
};

/**
 * Whether a change says what it left and found: an addition finds no file, a deletion leaves
 * none, and a merge's change where its first parent had no file (`AM` in `git log -c`) lists
 * no `was` either — adapters give both ids of every other change.
 */
function contentKnown(change: FileChange): boolean {
  if (change.status === "D") return change.was !== undefined;
  if (change.status === "R") return change.blob !== undefined && change.was !== undefined;
  return change.blob !== undefined;
}

/**
 * The events a change makes, one per path it touches (two for a rename), at commit position
 * `at`, handed to `push`. Shared by the index and the streamed scan.
 */
export function changeEvents(
  change: FileChange,
  at: number,
  push: (path: string, event: PathEvent) => void,
): void {
  const known = contentKnown(change);
  // Each event is built whole: a property added later would cost an object of its own (what
  // the scan keeps per change, tens of thousands of them, is what its garbage collection copies).
  if (change.status === "R" && change.old_path !== undefined) {
    const pure = (change.similarity ?? 0) >= 100;
    const { path, old_path } = change;
    push(
      old_path,
      known
        ? { commit: at, kind: "renamed_from", other: path, pure, blob: NO_FILE, was: change.was! }
        : { commit: at, kind: "renamed_from", other: path, pure },
    );
    push(
      path,
      known
        ? {
            commit: at,
            kind: "renamed_to",
            other: old_path,
            pure,
            blob: change.blob!,
            was: NO_FILE,
          }
        : { commit: at, kind: "renamed_to", other: old_path, pure },
    );
    return;
  }
  const kind = change.status === "A" ? "added" : change.status === "D" ? "deleted" : "modified";
  push(
    change.path,
    known
      ? { commit: at, kind, blob: change.blob ?? NO_FILE, was: change.was ?? NO_FILE }
      : { commit: at, kind },
  );
}

/** Commits in topological order (oldest first) with per-path events and basis reachability. */
export type HistoryIndex = {
  commits: CommitInfo[];
  /** path -> events on it, oldest first */
  byPath: Map<string, PathEvent[]>;
  /** every changed path, sorted (for prefix ranges) */
  paths: string[];
  /** basis hash -> bit index, for bases inside the range */
  baseBits: Map<string, number>;
  /** bit index -> the basis commit's index (later commits cannot be its ancestors) */
  basePositions: Int32Array;
  words: number;
  /** commit index -> bitset of the bases it is reachable from */
  reach: Uint32Array;
  /**
   * true when no listed commit is a merge: the commits are one line, so a path's last event
   * says what HEAD holds there and the first one after a basis what the basis held
   */
  linear: boolean;
};

/**
 * Orders commits parents-first (Kahn's algorithm over the edges inside the set). Commits with no
 * ancestry between them are ordered by committer time, then hash, so the result never depends on
 * the order the commits were listed in.
 */
export function orderCommits(commits: readonly CommitInfo[]): CommitInfo[] {
  const index = new Map<string, number>();
  commits.forEach((c, i) => {
    index.set(c.hash, i);
  });
  const pending = new Int32Array(commits.length);
  const children: number[][] = commits.map(() => []);
  commits.forEach((c, i) => {
    for (const parent of new Set(c.parents)) {
      const p = index.get(parent);
      if (p === undefined) continue;
      pending[i]!++;
      children[p]!.push(i);
    }
  });
  // `ready` is kept sorted newest first, so pop() takes the oldest.
  const later = (a: number, b: number) => {
    const x = commits[a]!;
    const y = commits[b]!;
    return x.time !== y.time ? x.time > y.time : x.hash > y.hash;
  };
  const ready: number[] = [];
  const insert = (i: number) => {
    let lo = 0;
    let hi = ready.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (later(ready[mid]!, i)) lo = mid + 1;
      else hi = mid;
    }
    ready.splice(lo, 0, i);
  };
  for (let i = 0; i < commits.length; i++) if (pending[i] === 0) insert(i);
  const out: CommitInfo[] = [];
  while (ready.length > 0) {
    const i = ready.pop()!;
    out.push(commits[i]!);
    for (const child of children[i]!) if (--pending[child]! === 0) insert(child);
  }
  return out;
}

/** Builds the index over `commits` (any order) for the given basis revisions. */
export function indexHistory(
  commits: readonly CommitInfo[],
  bases: Iterable<string>,
): HistoryIndex {
  const ordered = orderCommits(commits);
  const position = new Map<string, number>();
  ordered.forEach((c, i) => {
    position.set(c.hash, i);
  });
  const baseBits = new Map<string, number>();
  for (const base of bases)
    if (position.has(base) && !baseBits.has(base)) baseBits.set(base, baseBits.size);
  const basePositions = new Int32Array(baseBits.size);
  for (const [base, bit] of baseBits) basePositions[bit] = position.get(base)!;
  const words = Math.max(1, Math.ceil(baseBits.size / 32));
  const reach = new Uint32Array(ordered.length * words);
  // Newest first: a commit's bits flow to its parents (everything a basis can reach).
  for (let i = ordered.length - 1; i >= 0; i--) {
    const commit = ordered[i]!;
    const bit = baseBits.get(commit.hash);
    if (bit !== undefined) reach[i * words + (bit >>> 5)]! |= 1 << (bit & 31);
    for (const parent of commit.parents) {
      const p = position.get(parent);
      if (p === undefined) continue;
      for (let w = 0; w < words; w++) reach[p * words + w]! |= reach[i * words + w]!;
    }
  }
  const byPath = new Map<string, PathEvent[]>();
  const push = (path: string, event: PathEvent) => {
    const list = byPath.get(path);
    if (list) list.push(event);
    else byPath.set(path, [event]);
  };
  ordered.forEach((commit, i) => {
    if (commit.boundary) return;
    for (const change of commit.changes) changeEvents(change, i, push);
  });
  return {
    commits: ordered,
    byPath,
    paths: [...byPath.keys()].sort(),
    baseBits,
    basePositions,
    words,
    reach,
    linear: ordered.every((c) => c.boundary || c.parents.length <= 1),
  };
}

/** True when commit `i` is reachable from the basis with bit `bit` (undefined: from none). */
export function reachableFrom(index: HistoryIndex, i: number, bit: number | undefined): boolean {
  if (bit === undefined) return false;
  return (index.reach[i * index.words + (bit >>> 5)]! & (1 << (bit & 31))) !== 0;
}

/** The entries of a sorted list that start with `prefix` (binary search). */
export function withPrefix(paths: readonly string[], prefix: string): string[] {
  const out: string[] = [];
  for (let i = prefixStart(paths, prefix); i < paths.length && paths[i]!.startsWith(prefix); i++)
    out.push(paths[i]!);
  return out;
}

/** The index of the first of the sorted `paths` not before `prefix` (where those with it start). */
export function prefixStart(paths: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (paths[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * True when every boundary commit is reachable from every basis inside the range: then the
 * commits the range left out are ancestors of every basis, and leaving them out lost nothing.
 */
export function boundaryCovered(index: HistoryIndex): boolean {
  const bits = [...index.baseBits.values()];
  for (let i = 0; i < index.commits.length; i++) {
    if (!index.commits[i]!.boundary) continue;
    for (const b of bits) if (!reachableFrom(index, i, b)) return false;
  }
  return true;
}
