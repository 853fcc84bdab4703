/**
 * The staleness index built while `git log` streams. Commits arrive newest first in a
 * topological order (children before parents), so each commit's "reachable from basis B" bits
 * are final when it arrives: every child has already passed its bits on. Each changed path is
 * then handed to the records whose scope matches it, and what counts for them is summed up —
 * most of the work of `assessByHistory` done while git is still diffing trees.
 */
import { type CommitInfo, type HistoryIndex, orderCommits, type PathEvent } from "./history.js";
import type { Scope } from "./scope.js";
import {
  type AssessedRecord,
  assessByHistory,
  CandidateCache,
  compiledScopes,
  countsFor,
  FindingJudge,
  type JudgeIndex,
} from "./staleness.js";
import { MAX_LISTED_COMMITS, type StaleFinding } from "./staleness-types.js";

/** The records whose scope matches a path, found per path once (exact paths, directories, globs). */
export class ScopeMatcher {
  private readonly exact = new Map<string, number[]>();
  private readonly directories = new Map<string, number[]>();
  /** glob entries by their literal base ("" for none): only globs whose base prefixes a path are tested */
  private readonly globs = new Map<string, { scope: Scope; records: number[] }[]>();
  private readonly stamp: Int32Array;
  private generation = 0;

  constructor(records: readonly AssessedRecord[]) {
    this.stamp = new Int32Array(records.length);
    const byEntry = new Map<string, { scope: Scope; records: number[] }>();
    const add = (map: Map<string, number[]>, key: string, r: number) => {
      const list = map.get(key);
      if (list) list.push(r);
      else map.set(key, [r]);
    };
    records.forEach((record, r) => {
      for (const scope of compiledScopes(record.basis.touched_paths)) {
        if (scope.kind === "path") add(this.exact, scope.entry, r);
        else if (scope.kind === "directory") add(this.directories, scope.entry, r);
        else {
          let glob = byEntry.get(scope.entry);
          if (!glob) {
            glob = { scope, records: [] };
            byEntry.set(scope.entry, glob);
            const base = globBase(scope.entry);
            const list = this.globs.get(base);
            if (list) list.push(glob);
            else this.globs.set(base, [glob]);
          }
          glob.records.push(r);
        }
      }
    });
  }

  /** Indices of the records some scope entry of which matches `path` (each once). */
  recordsFor(path: string): Int32Array {
    const out: number[] = [];
    const generation = ++this.generation;
    const take = (list: number[] | undefined) => {
      if (!list) return;
      for (const r of list)
        if (this.stamp[r] !== generation) {
          this.stamp[r] = generation;
          out.push(r);
        }
    };
    const globs = (base: string) => {
      const list = this.globs.get(base);
      if (list) for (const glob of list) if (glob.scope.matches(path)) take(glob.records);
    };
    // A plain entry matches itself and everything below it; a directory entry everything below.
    take(this.exact.get(path));
    globs("");
    for (let i = path.indexOf("/"); i >= 0; i = path.indexOf("/", i + 1)) {
      take(this.exact.get(path.slice(0, i)));
      const dir = path.slice(0, i + 1);
      take(this.directories.get(dir));
      globs(dir);
    }
    return Int32Array.from(out);
  }
}

/** The literal directories of a glob before its first wildcard segment, with a trailing slash (or ""). */
function globBase(entry: string): string {
  const literal: string[] = [];
  for (const segment of entry.split("/").slice(0, -1)) {
    if (/[*?[\]{}]/.test(segment)) break;
    literal.push(segment);
  }
  return literal.length ? `${literal.join("/")}/` : "";
}

/** What a finished scan gives: the index in canonical order and each record's finding. */
export type ScanResult = {
  index: HistoryIndex;
  /** the finding of the record attached at `r` */
  assess(r: number): StaleFinding;
};

/** Earliest commits listed per finding (MAX_LISTED_COMMITS), kept per record while scanning. */
const RING = MAX_LISTED_COMMITS;

/** Grows a typed array to hold at least `size` entries (new entries filled with `fill`). */
function grown<T extends Int32Array | Uint32Array | Uint8Array>(
  array: T,
  size: number,
  fill = 0,
): T {
  if (size <= array.length) return array;
  let length = array.length;
  while (length < size) length *= 2;
  const next = new (array.constructor as new (n: number) => T)(length);
  if (fill !== 0) next.fill(fill);
  next.set(array);
  return next;
}

const isRename = (e: PathEvent) => e.kind === "renamed_from" || e.kind === "renamed_to";

/**
 * Builds a HistoryIndex from commits given newest first in a topological order, and sums up
 * per (record, changed path) the events that count for the record: how many, the earliest and
 * the latest, and per record its distinct commits and the earliest of them. Records may be
 * attached after the first commits (they are read from the log while git runs).
 *
 * Each changed path gets one "pair" slot per record its scope matches (found once per path),
 * in flat typed arrays: no map lookup and no allocation per (record, event). When the listing
 * is one chain (no merge) a record is judged from those sums alone; a rename, two events on
 * one path in one commit, a file that came and went, or a merge sends the record to
 * `assessByHistory` over the finished index instead.
 */
export class HistoryScan {
  private readonly slots = new Map<string, number>();
  private readonly baseBits = new Map<string, number>();
  private readonly words: number;
  private reach: Uint32Array;
  private readonly commits: CommitInfo[] = [];
  /** slot -> position in `commits`, -1 while not seen */
  private position: Int32Array;
  private readonly byPath = new Map<string, PathEvent[]>();
  private merges = false;
  private records: readonly AssessedRecord[] | undefined;
  private matcher: ScopeMatcher | undefined;
  /** per record: its basis bit (-1: all commits count, -2: not assessed from history) */
  private recordBits: Int32Array | undefined;
  /** per path: the records it matches and the first of their pair slots */
  private readonly matched = new Map<string, { records: Int32Array; base: number }>();
  private pairs = 0;
  /** every event, in the order commits were added; `firstEvent[at]` is commit `at`'s first */
  private readonly events: PathEvent[] = [];
  private readonly eventPaths: string[] = [];
  private readonly firstEvent: number[] = [];
  private dispatched = 0;
  /** per pair: how many events count, the newest and the oldest (by stream), a rename or twin */
  private pairCount = new Int32Array(4096);
  private pairNewest = new Int32Array(4096);
  private pairOldest = new Int32Array(4096);
  private pairOdd = new Uint8Array(4096);
  /** per record: its changed paths and their pairs, in the order they first counted */
  private recordPaths: string[][] = [];
  private recordPairs: number[][] = [];
  /** per basis bit: the records based on it (judged as soon as the listing passes it) */
  private recordsOfBit = new Map<number, number[]>();
  /** findings judged while scanning, by record */
  private final: (StaleFinding | undefined)[] = [];
  private onFinal: ((r: number, finding: StaleFinding) => void) | undefined;
  /** per record: the last commit handed to it, how many distinct commits, the last RING of them */
  private recordLast = new Int32Array(0);
  private recordCommits = new Int32Array(0);
  private recordRing = new Int32Array(0);

  /**
   * `bases`: the basis revisions present here; `excluded`: revisions left out of the listing
   * (everything they reach is left out, so nothing listed is reachable from them).
   */
  constructor(
    bases: Iterable<string>,
    private readonly excluded: readonly string[],
  ) {
    for (const base of [...new Set(bases)].sort()) this.baseBits.set(base, this.baseBits.size);
    this.words = Math.max(1, Math.ceil(this.baseBits.size / 32));
    this.reach = new Uint32Array(4096 * this.words);
    this.position = new Int32Array(4096).fill(-1);
  }

  private slotOf(hash: string): number {
    let slot = this.slots.get(hash);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(hash, slot);
      if (slot >= this.position.length) {
        this.position = grown(this.position, slot + 1, -1);
        this.reach = grown(this.reach, this.position.length * this.words);
      }
    }
    return slot;
  }

  /** True once `hash` was added. */
  has(hash: string): boolean {
    const slot = this.slots.get(hash);
    return slot !== undefined && this.position[slot]! >= 0;
  }

  /** Adds the next commit (all its children in the listing were added before it). */
  add(commit: CommitInfo): void {
    const slot = this.slotOf(commit.hash);
    if (this.position[slot]! >= 0) return;
    const at = this.commits.length;
    this.position[slot] = at;
    this.commits.push(commit);
    const { words } = this;
    const bit = this.baseBits.get(commit.hash);
    if (bit !== undefined) this.reach[slot * words + (bit >>> 5)]! |= 1 << (bit & 31);
    if (commit.parents.length > 1) this.merges = true;
    for (const parent of commit.parents) {
      const p = this.slotOf(parent);
      const reach = this.reach;
      for (let w = 0; w < words; w++) reach[p * words + w]! |= reach[slot * words + w]!;
    }
    this.firstEvent.push(this.events.length);
    if (commit.boundary) return;
    for (const change of commit.changes) {
      if (change.status === "R" && change.old_path !== undefined) {
        const pure = (change.similarity ?? 0) >= 100;
        this.event(change.old_path, {
          commit: at,
          kind: "renamed_from",
          other: change.path,
          pure,
        });
        this.event(change.path, { commit: at, kind: "renamed_to", other: change.old_path, pure });
      } else
        this.event(change.path, {
          commit: at,
          kind: change.status === "A" ? "added" : change.status === "D" ? "deleted" : "modified",
        });
    }
    if (this.records) {
      this.dispatchUpTo(this.commits.length);
      if (bit !== undefined) this.judgeBase(bit);
    }
  }

  /**
   * Judges the records based on the commit with `bit`, which was just added. While the listing
   * has been one chain, everything after that commit is its ancestor: nothing more can count
   * for those records, so their findings are final now — most of the judging is done while git
   * still runs.
   */
  private judgeBase(bit: number): void {
    if (this.merges) return;
    for (const r of this.recordsOfBit.get(bit) ?? []) {
      const finding = this.assessBySummary(
        r,
        { commits: this.commits, byPath: this.byPath },
        "stream",
      );
      if (!finding) continue;
      this.final[r] = finding;
      this.onFinal?.(r, finding);
    }
  }

  private event(path: string, event: PathEvent): void {
    const list = this.byPath.get(path);
    if (list) list.push(event);
    else this.byPath.set(path, [event]);
    this.events.push(event);
    this.eventPaths.push(path);
  }

  /**
   * Attaches the records to assess (once). Records whose basis is neither among the bases nor
   * excluded are left out (they are assessed by fingerprints).
   */
  attach(
    records: readonly AssessedRecord[],
    onFinal?: (r: number, finding: StaleFinding) => void,
  ): void {
    if (this.records) throw new Error("records already attached");
    this.records = records;
    this.onFinal = onFinal;
    this.final = new Array(records.length);
    this.matcher = new ScopeMatcher(records);
    this.recordLast = new Int32Array(records.length).fill(-1);
    this.recordCommits = new Int32Array(records.length);
    this.recordRing = new Int32Array(records.length * RING);
    this.recordBits = Int32Array.from(records, (r) => {
      const bit = this.baseBits.get(r.basis.revision);
      if (bit !== undefined) return bit;
      return this.excluded.includes(r.basis.revision) ? -1 : -2;
    });
    this.recordBits.forEach((bit, r) => {
      if (bit < 0) return;
      const list = this.recordsOfBit.get(bit);
      if (list) list.push(r);
      else this.recordsOfBit.set(bit, [r]);
    });
    this.dispatchUpTo(this.commits.length);
    // Bases the listing already passed: their records are final.
    for (const [base, bit] of this.baseBits) if (this.has(base)) this.judgeBase(bit);
  }

  private matching(path: string): { records: Int32Array; base: number } {
    let hit = this.matched.get(path);
    if (!hit) {
      const records = this.matcher!.recordsFor(path);
      hit = { records, base: this.pairs };
      this.pairs += records.length;
      if (this.pairs > this.pairCount.length) {
        this.pairCount = grown(this.pairCount, this.pairs);
        this.pairNewest = grown(this.pairNewest, this.pairs);
        this.pairOldest = grown(this.pairOldest, this.pairs);
        this.pairOdd = grown(this.pairOdd, this.pairs);
      }
      this.matched.set(path, hit);
    }
    return hit;
  }

  /** Hands the events of commits [dispatched, end) to the records they count for. */
  private dispatchUpTo(end: number): void {
    for (; this.dispatched < end; this.dispatched++) {
      const at = this.dispatched;
      const commit = this.commits[at]!;
      if (commit.boundary || commit.changes.length === 0) continue;
      const row = this.slots.get(commit.hash)! * this.words;
      const from = this.firstEvent[at]!;
      const to = at + 1 < this.firstEvent.length ? this.firstEvent[at + 1]! : this.events.length;
      if (!commit.changes.some((c) => c.old_path !== undefined)) {
        // Without renames git names each path once: one event per path.
        for (let e = from; e < to; e++)
          this.dispatchPath(this.eventPaths[e]!, commit, at, row, e, e);
        continue;
      }
      // With renames a path may have two events (moved away and added again): keep them together.
      const ranges = new Map<string, [number, number]>();
      for (let e = from; e < to; e++) {
        const range = ranges.get(this.eventPaths[e]!);
        if (range) range[1] = e;
        else ranges.set(this.eventPaths[e]!, [e, e]);
      }
      for (const [path, [oldest, newest]] of ranges)
        this.dispatchPath(path, commit, at, row, oldest, newest, oldest !== newest);
    }
  }

  /**
   * Hands one commit's events on `path` (ids `oldest`..`newest`, the same but for a path
   * changed twice) to the records they count for.
   */
  private dispatchPath(
    path: string,
    commit: CommitInfo,
    at: number,
    row: number,
    oldest: number,
    newest: number,
    twin = false,
  ): void {
    const { records: matching, base } = this.matching(path);
    const records = this.records!;
    const bits = this.recordBits!;
    const reach = this.reach;
    const trailers = commit.worklines.length > 0;
    const odd = twin || isRename(this.events[oldest]!) || isRename(this.events[newest]!);
    for (let k = 0; k < matching.length; k++) {
      const r = matching[k]!;
      const bit = bits[r]!;
      if (bit === -2) continue;
      if (bit >= 0 && (reach[row + (bit >>> 5)]! & (1 << (bit & 31))) !== 0) continue;
      if (trailers) {
        const own = records[r]!.workline_id;
        if (own && commit.worklines.includes(own)) continue;
      }
      // The record's distinct commits, and the last RING of them (the earliest, when linear).
      if (this.recordLast[r] !== at) {
        this.recordLast[r] = at;
        const seen = this.recordCommits[r]!;
        this.recordCommits[r] = seen + 1;
        this.recordRing[r * RING + (seen % RING)] = at;
      }
      const pair = base + k;
      if (this.pairCount[pair] === 0) {
        this.pairNewest[pair] = newest;
        const paths = this.recordPaths[r];
        if (paths) {
          paths.push(path);
          this.recordPairs[r]!.push(pair);
        } else {
          this.recordPaths[r] = [path];
          this.recordPairs[r] = [pair];
        }
      }
      this.pairOldest[pair] = oldest;
      this.pairCount[pair]!++;
      if (odd) this.pairOdd[pair] = 1;
    }
  }

  /**
   * Finishes the scan: the index with commits oldest first in the canonical order
   * (`orderCommits`: parents first, ties by time then hash — the same whatever order git listed
   * them in), and each record's finding.
   */
  finish(): ScanResult {
    if (!this.records) this.attach([]);
    const n = this.commits.length;
    // Without merges the history listed is one chain: its reverse is the only topological order.
    const ordered = this.merges ? orderCommits(this.commits) : [...this.commits].reverse();
    const canonical = new Int32Array(n);
    if (this.merges) {
      const at = new Map<string, number>();
      ordered.forEach((c, i) => {
        at.set(c.hash, i);
      });
      this.commits.forEach((c, pos) => {
        canonical[pos] = at.get(c.hash)!;
      });
    } else for (let pos = 0; pos < n; pos++) canonical[pos] = n - 1 - pos;
    for (const list of this.byPath.values()) {
      for (const e of list) e.commit = canonical[e.commit]!;
      list.sort(byCommit);
    }
    const { words } = this;
    const reach = new Uint32Array(n * words);
    const baseBits = new Map<string, number>();
    const basePositions: number[] = [];
    for (const [base, bit] of this.baseBits) {
      const slot = this.slots.get(base);
      if (slot === undefined || this.position[slot]! < 0) continue;
      baseBits.set(base, bit);
      basePositions[bit] = canonical[this.position[slot]!]!;
    }
    for (let pos = 0; pos < n; pos++) {
      const slot = this.slots.get(this.commits[pos]!.hash)!;
      reach.set(this.reach.subarray(slot * words, slot * words + words), canonical[pos]! * words);
    }
    const index: HistoryIndex = {
      commits: ordered,
      byPath: this.byPath,
      paths: [...this.byPath.keys()].sort(),
      baseBits,
      basePositions: Int32Array.from(
        { length: this.baseBits.size },
        (_, b) => basePositions[b] ?? -1,
      ),
      words,
      reach,
    };
    let cache: CandidateCache | undefined;
    const assess = (r: number): StaleFinding => {
      const judged =
        this.final[r] ?? (this.merges ? undefined : this.assessBySummary(r, index, "canonical"));
      if (judged) return judged;
      cache ??= new CandidateCache(index.paths);
      return assessByHistory(this.records![r]!, index, cache);
    };
    return { index, assess };
  }

  /**
   * A record judged from the sums (linear history only): each file by its earliest and latest
   * counting event (the judge picks the listed files); the commits by
   * the counts kept while scanning. `positions` says what the events' commit numbers are: the
   * order of the listing (while scanning) or the canonical order (after `finish`). Undefined
   * when a file had a rename or two events in one commit, or came and went: then the events
   * themselves must be read.
   */
  private assessBySummary(
    r: number,
    index: JudgeIndex,
    positions: "stream" | "canonical",
  ): StaleFinding | undefined {
    const record = this.records![r]!;
    const scopes = compiledScopes(record.basis.touched_paths);
    const judge = new FindingJudge(record, scopes, index);
    const paths = this.recordPaths[r];
    const pairs = this.recordPairs[r];
    if (!paths || !pairs) return judge.finding({ count: 0, earliest: [] });
    for (const pair of pairs) if (this.pairOdd[pair]) return undefined;
    for (let i = 0; i < paths.length; i++) {
      const pair = pairs[i]!;
      const first = this.events[this.pairOldest[pair]!]!;
      const last = this.events[this.pairNewest[pair]!]!;
      const path = paths[i]!;
      const scope = scopes.length > 1 ? scopes.findIndex((s) => s.matches(path)) : 0;
      if (!judge.summary(path, first, last, scope)) return undefined;
    }
    const count = this.recordCommits[r]!;
    const ring = this.recordRing.subarray(r * RING, r * RING + Math.min(count, RING));
    const n = this.commits.length;
    // Earliest first: the furthest down the listing, numbered either way.
    const earliest =
      positions === "stream"
        ? [...ring].sort((a, b) => b - a)
        : [...ring].map((p) => n - 1 - p).sort((a, b) => a - b);
    return judge.finding({ count, earliest });
  }
}

/** Oldest first; stable, so a commit's own events keep their order. */
const byCommit = (a: PathEvent, b: PathEvent) => a.commit - b.commit;
