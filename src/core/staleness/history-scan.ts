/**
 * The staleness index built while `git log` streams. Commits arrive newest first in a
 * topological order (children before parents), so each commit's "reachable from basis B" bits
 * are final when it arrives: every child has already passed its bits on. Each changed path is
 * then handed to the scope groups (records sharing a scope) that match it, and what counts for
 * them is gathered — most of the work of `assessByHistory` done while git is still diffing trees.
 */

import type { Scope } from "../rules/scope.js";
import { assessByHistory } from "./assess-history.js";
import { FindingJudge, type JudgeIndex } from "./finding-judge.js";
import {
  type CommitInfo,
  changeEvents,
  type HistoryIndex,
  NO_FILE,
  orderCommits,
  type PathEvent,
} from "./history.js";
import type { AssessedRecord, ContentLookup } from "./record-contents.js";
import { CandidateCache, compiledScopes } from "./scope-candidates.js";
import { ScopeMatcher } from "./scope-index.js";
import { MAX_LISTED_COMMITS, type StaleFinding } from "./types.js";

/**
 * A changed path as the scan keeps it: its events, their positions, the first rename's, and the
 * groups of records whose scope matches it.
 */
type PathEntry = {
  path: string;
  events: PathEvent[];
  /** the events' positions (a plain array of small integers: 5,000 typed arrays cost more) */
  at: number[];
  /** the position of its first rename event (+Infinity without one) */
  renamed: number;
  groups: ScopeGroup[] | undefined;
  /**
   * the positions k (increasing) of its events whose `was` one of its first k + 1 events (newest
   * first) left: what the first commit after a basis found there, HEAD holds or a counting commit
   * left again. Found once per event as it arrives (undefined while none), so judging a record
   * reads no blob id: most paths have none.
   */
  returned: number[] | undefined;
  /**
   * the blob ids its events left, kept once the path has more than `READ_EVENTS` events
   * (whether an event's `was` was left by it or a newer one, in one look)
   */
  blobs: Set<string> | undefined;
};

/**
 * Events `noteReturn` reads one by one; past them it looks the blob id up in the entry's map
 * (building that map for every path cost the scan more than reading the few events of most).
 */
const READ_EVENTS = 16;

/**
 * Notes whether the entry's last event (the oldest yet) found at its path what one of its
 * events up to it (newest first) left there: the record based just before it may see content
 * decide (`contentMatters`).
 */
function noteReturn(entry: PathEntry): void {
  const { events } = entry;
  const k = events.length - 1;
  const event = events[k]!;
  const was = event.was;
  let found = false;
  if (k < READ_EVENTS) {
    if (was !== undefined) {
      // Ids that differ mostly differ in their first letter: read it before comparing whole
      // strings (a call into the runtime each); -1 stands for no file (NO_FILE, empty).
      const first = was.length === 0 ? -1 : was.charCodeAt(0);
      for (let j = 0; j <= k && !found; j++) {
        const left = events[j]!.blob;
        found =
          left !== undefined &&
          (left.length === 0 ? first === -1 : left.charCodeAt(0) === first) &&
          left === was;
      }
    }
  } else {
    let blobs = entry.blobs;
    if (!blobs) {
      blobs = entry.blobs = new Set();
      for (let j = 0; j < k; j++) {
        const left = events[j]!.blob;
        if (left !== undefined) blobs.add(left);
      }
    }
    if (event.blob !== undefined) blobs.add(event.blob);
    found = was !== undefined && blobs.has(was);
  }
  if (!found) return;
  if (entry.returned) entry.returned.push(k);
  else entry.returned = [k];
}

/** True when the entry's event at position `k` is in its `returned` positions. */
function returnedAt(entry: PathEntry, k: number): boolean {
  const returned = entry.returned;
  if (returned === undefined) return false;
  const i = countBelow(returned, k);
  return i < returned.length && returned[i] === k;
}

/**
 * True when the content rule may change what the events alone say about `entry` for a record
 * whose basis the listing passed after the first `before` events (newest first, one line of
 * commits): HEAD holds what the record saw there, or a counting commit left it so — what the
 * first commit after the basis found there — or the record saw uncommitted content there
 * (`seen`). Then the record is judged event by event (`assessByHistory`), which applies the rule.
 */
function contentMatters(entry: PathEntry, before: number, seen: string | undefined): boolean {
  // What the author saw instead of the basis: the record is judged event by event.
  if (seen !== undefined) return true;
  return returnedAt(entry, before - 1);
}

/**
 * The records sharing one scope (the same entries, in the same order) share what the scan
 * gathers for them: the changed paths the scope matches, and the commits that changed any of
 * them. Thousands of records name a few hundred scopes; a record is then judged from its
 * group without reading the events one by one.
 */
type ScopeGroup = {
  /** the compiled scope entries, on first need (most groups of a large log see no change) */
  scopes?: Scope[];
  /** a record of the group (what the scope matcher reads) */
  representative: AssessedRecord;
  /** the changed paths the scope matches, in listing order (see `listingOf`) */
  listing: Listed[];
  /** those matched since `listing` was last brought up to date */
  pending: PathEntry[];
  /** positions of the commits that changed any of those paths, increasing, each once */
  positions: number[];
};

/** A group's compiled scope entries. */
function scopesOf(group: ScopeGroup): Scope[] {
  group.scopes ??= compiledScopes(group.representative.basis.touched_paths);
  return group.scopes;
}

/** A path of a group's listing and the first of the group's scope entries matching it. */
type Listed = { entry: PathEntry; scope: number };

/** Listing order: by first matching scope entry, then path (as the finding lists them). */
const byListing = (a: Listed, b: Listed) =>
  a.scope - b.scope || (a.entry.path < b.entry.path ? -1 : a.entry.path > b.entry.path ? 1 : 0);

/** A group's changed paths in listing order, the ones matched since last time sorted in. */
function listingOf(group: ScopeGroup): Listed[] {
  if (group.pending.length === 0) return group.listing;
  const scopes = scopesOf(group);
  const added = group.pending.map((entry) => ({
    entry,
    scope: scopes.length > 1 ? scopes.findIndex((s) => s.matches(entry.path)) : 0,
  }));
  group.pending = [];
  // Two sorted runs: the sort merges them in linear time.
  group.listing = [...group.listing, ...added.sort(byListing)].sort(byListing);
  return group.listing;
}

/** How many of the first `length` numbers of the increasing `values` are below `bound`. */
function countBelow(values: ArrayLike<number>, bound: number, length = values.length): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! < bound) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** What a finished scan gives: the index in canonical order and each record's finding. */
export type ScanResult = {
  index: HistoryIndex;
  /**
   * The finding of the record attached at `r`; `followed` receives the paths outside its
   * finding it depends on (see `assessByHistory`; none for records judged while scanning: a
   * rename or the content rule sends a record to `assessByHistory`), `lookup` the contents the
   * index cannot tell (after a merge).
   */
  assess(r: number, followed?: string[], lookup?: ContentLookup): StaleFinding;
  /** True when the record attached at `r` was judged while scanning (it needs no lookup). */
  judged(r: number): boolean;
};

/** Grows a typed array to hold at least `size` entries (new entries filled with `fill`). */
function grown<T extends Int32Array | Uint32Array>(array: T, size: number, fill = 0): T {
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
 * Builds a HistoryIndex from commits given newest first in a topological order, and judges
 * records while they arrive. Records may be attached after the first commits (they are read
 * from the log while git runs).
 *
 * While the listing is one chain (no merge yet), everything after a basis B is an ancestor of
 * B: once B has arrived, the events that count for the records based on B are exactly the
 * events listed before it, and their findings are final. Those records are judged then, from
 * each changed path's earliest and latest event and the commits' count — while git is still
 * diffing trees. A merge, a rename, a file that came and went, or a basis left out of the
 * listing sends the record to `assessByHistory` over the finished index instead.
 */
export class HistoryScan {
  private readonly slots = new Map<string, number>();
  private readonly baseBits = new Map<string, number>();
  private readonly words: number;
  private reach: Uint32Array;
  private readonly commits: CommitInfo[] = [];
  /** slot -> position in `commits`, -1 while not seen */
  private position: Int32Array;
  /** path -> its events, in the order the commits were added (`commit` is that position) */
  private readonly byPath = new Map<string, PathEvent[]>();
  /** path -> its events and their positions (read in the hot loop without touching the events) */
  private readonly entries = new Map<string, PathEntry>();
  private merges = false;
  private records: readonly AssessedRecord[] | undefined;
  private matcher: ScopeMatcher | undefined;
  /** the records' scopes, each once */
  private groups: ScopeGroup[] = [];
  /** per record: its group */
  private groupOf = new Int32Array(0);
  /** per basis bit: the records based on it */
  private readonly recordsOfBit = new Map<number, number[]>();
  /** bases listed before the records were attached, their records still to judge */
  private readonly passed: { bit: number; at: number }[] = [];
  /** findings judged while scanning, by record */
  private final: (StaleFinding | undefined)[] = [];
  private onFinal: ((r: number, finding: StaleFinding) => void) | undefined;
  /** scratch: per commit position, the record that last counted it */
  private counted = new Int32Array(4096).fill(-1);
  /** scratch: per commit position, the record whose own workline it last was */
  private owned = new Int32Array(4096).fill(-1);

  /**
   * `bases`: the basis revisions present here. Records based on a revision the listing leaves
   * out (an excluded merge base) are judged after `finish`, by `assessByHistory`.
   */
  constructor(bases: Iterable<string>) {
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
    if (!commit.boundary) for (const change of commit.changes) changeEvents(change, at, this.push);
    if (bit !== undefined && this.records) this.judgeBase(bit, at);
  }

  private readonly push = (path: string, event: PathEvent) => this.event(path, event);

  private event(path: string, event: PathEvent): void {
    let entry = this.entries.get(path);
    if (!entry) {
      entry = {
        path,
        events: [],
        at: [],
        renamed: Number.POSITIVE_INFINITY,
        groups: undefined,
        returned: undefined,
        blobs: undefined,
      };
      this.entries.set(path, entry);
      this.byPath.set(path, entry.events);
      if (this.records) this.match(entry);
    }
    entry.at.push(event.commit);
    if (entry.renamed === Number.POSITIVE_INFINITY && isRename(event)) entry.renamed = event.commit;
    entry.events.push(event);
    noteReturn(entry);
    // Positions only grow: a commit is new to a group unless it was its last one.
    for (const group of entry.groups ?? [])
      if (group.positions[group.positions.length - 1] !== event.commit)
        group.positions.push(event.commit);
  }

  /** Notes a newly changed path on the groups whose scope matches it. */
  private match(entry: PathEntry): void {
    for (const g of this.matcher!.recordsFor(entry.path)) {
      const group = this.groups[g]!;
      group.pending.push(entry);
      if (entry.groups) entry.groups.push(group);
      else entry.groups = [group];
    }
  }

  /**
   * Attaches the records to assess (once); `onFinal` hears each finding judged while scanning.
   * Records whose basis is neither among the bases nor excluded are left out (they are
   * assessed by fingerprints).
   */
  attach(
    records: readonly AssessedRecord[],
    onFinal?: (r: number, finding: StaleFinding) => void,
  ): void {
    if (this.records) throw new Error("records already attached");
    this.records = records;
    this.onFinal = onFinal;
    this.final = new Array(records.length);
    this.groupOf = new Int32Array(records.length);
    const byScope = new Map<string, number>();
    records.forEach((record, r) => {
      const key = record.basis.touched_paths.join("\0");
      let g = byScope.get(key);
      if (g === undefined) {
        g = this.groups.length;
        byScope.set(key, g);
        this.groups.push({
          representative: record,
          listing: [],
          pending: [],
          positions: [],
        });
      }
      this.groupOf[r] = g;
      const bit = this.baseBits.get(record.basis.revision);
      if (bit === undefined) return;
      const list = this.recordsOfBit.get(bit);
      if (list) list.push(r);
      else this.recordsOfBit.set(bit, [r]);
    });
    this.matcher = new ScopeMatcher(this.groups.map((g) => g.representative));
    for (const entry of this.entries.values()) this.match(entry);
    for (const group of this.groups) {
      const positions = new Set<number>();
      for (const { events, at } of group.pending)
        for (let k = 0; k < events.length; k++) positions.add(at[k]!);
      group.positions = [...positions].sort((a, b) => a - b);
    }
    // Bases the listing already passed: their records can be judged now (`judgePassed`).
    for (const [base, bit] of this.baseBits) {
      const slot = this.slots.get(base);
      if (slot !== undefined && this.position[slot]! >= 0)
        this.passed.push({ bit, at: this.position[slot]! });
    }
  }

  /**
   * Judges the records of the bases listed before `attach`, about `budget` records at a time,
   * so the caller can let git's output flow in between (git waits while its pipe is full); true
   * while some remain. `finish` judges whatever is left.
   */
  judgePassed(budget = Number.POSITIVE_INFINITY): boolean {
    let judged = 0;
    while (this.passed.length > 0 && judged < budget) {
      const { bit, at } = this.passed.pop()!;
      judged += this.judgeBase(bit, at);
    }
    return this.passed.length > 0;
  }

  /** Judges the records based on the commit with `bit`, added at position `at`; how many. */
  private judgeBase(bit: number, at: number): number {
    const records = this.recordsOfBit.get(bit) ?? [];
    if (this.merges) return records.length;
    const view: JudgeIndex = { commits: this.commits, byPath: this.byPath };
    for (const r of records) {
      const finding = this.judgeLinear(r, at, view);
      if (!finding) continue;
      this.final[r] = finding;
      this.onFinal?.(r, finding);
    }
    return records.length;
  }

  /**
   * A record whose basis was listed at `cut` in a chain: each changed path judged by its
   * earliest and latest event before `cut` (the judge picks the paths listed), the commits
   * counted once each and the earliest five kept. Undefined when the record needs its events
   * read one by one (a rename, a file that came and went).
   *
   * Every commit before `cut` counts unless it carries the record's own workline: without
   * one, the count and the earliest commits come from the group's positions (a binary search)
   * and each path's events before `cut` are a prefix of its list (another), so no event is
   * read; with one, the events are read to leave its commits out.
   */
  private judgeLinear(r: number, cut: number, view: JudgeIndex): StaleFinding | undefined {
    const record = this.records![r]!;
    const group = this.groups[this.groupOf[r]!]!;
    const listing = listingOf(group);
    // Without a changed path the judge never reads the scope: it need not be compiled.
    const judge = new FindingJudge(record, listing.length > 0 ? scopesOf(group) : [], view);
    if (record.workline_id) return this.judgeOwn(r, cut, listing, judge);
    const count = countBelow(group.positions, cut);
    const earliest: number[] = [];
    for (let i = count - 1; i >= 0 && earliest.length < MAX_LISTED_COMMITS; i--)
      earliest.push(group.positions[i]!);
    const seen = record.seen;
    for (let i = 0; i < listing.length; i++) {
      const entry = listing[i]!.entry;
      const { path, events, at, renamed } = entry;
      if (at[0]! >= cut) continue; // changed only since the basis's ancestors were listed
      if (renamed < cut) return undefined;
      const before = countBelow(at, cut, events.length);
      if (contentMatters(entry, before, seen?.[path])) return undefined;
      if (!judge.summary(path, events[before - 1]!, events[0]!, i)) return undefined;
    }
    return judge.finding({ count, earliest });
  }

  /** `judgeLinear` for a record with a workline: its own commits do not count. */
  private judgeOwn(
    r: number,
    cut: number,
    listing: readonly Listed[],
    judge: FindingJudge,
  ): StaleFinding | undefined {
    const record = this.records![r]!;
    const own = record.workline_id!;
    if (this.counted.length < this.commits.length)
      this.counted = grown(this.counted, this.commits.length, -1);
    const counted = this.counted;
    if (this.owned.length < this.commits.length)
      this.owned = grown(this.owned, this.commits.length, -1);
    const owned = this.owned;
    let count = 0;
    let ownCount = 0;
    const earliest: number[] = [];
    for (let i = 0; i < listing.length; i++) {
      const entry = listing[i]!.entry;
      const { path, events: list, at, renamed } = entry;
      if (renamed < cut) return undefined;
      if (at[0]! < cut && contentMatters(entry, countBelow(at, cut), record.seen?.[path]))
        return undefined;
      let first = -1;
      let last = -1;
      for (let k = 0; k < list.length; k++) {
        const commit = at[k]!;
        if (commit >= cut) break;
        if (this.commits[commit]!.worklines.includes(own)) {
          if (owned[commit] !== r) {
            owned[commit] = r;
            ownCount++;
          }
          continue;
        }
        if (last < 0) last = k;
        first = k;
        if (counted[commit] === r) continue;
        counted[commit] = r;
        count++;
        // The earliest commits are the furthest down the listing: keep the five largest.
        if (earliest.length < MAX_LISTED_COMMITS || commit > earliest[earliest.length - 1]!) {
          let i = Math.min(earliest.length, MAX_LISTED_COMMITS - 1);
          earliest[i] = commit;
          while (i > 0 && earliest[i - 1]! < commit) {
            earliest[i] = earliest[i - 1]!;
            earliest[i - 1] = commit;
            i--;
          }
        }
      }
      if (first < 0) continue;
      // Its own commits came first: the record saw a file where the first counting commit
      // added one, or none where it modified one — judged event by event, content deciding.
      const was = list[countBelow(at, cut) - 1]!.was;
      if (was !== undefined && (list[first]!.kind === "added") !== (was === NO_FILE))
        return undefined;
      if (!judge.summary(path, list[first]!, list[last]!, i)) return undefined;
    }
    return judge.finding({ count, earliest }, ownCount);
  }

  /**
   * Finishes the scan: the index with commits oldest first in the canonical order
   * (`orderCommits`: parents first, ties by time then hash — the same whatever order git listed
   * them in), and each record's finding.
   */
  finish(): ScanResult {
    if (!this.records) this.attach([]);
    this.judgePassed();
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
      linear: !this.merges,
    };
    let cache: CandidateCache | undefined;
    const assess = (r: number, followed?: string[], lookup?: ContentLookup): StaleFinding => {
      const judged = this.final[r];
      if (judged) return judged;
      cache ??= new CandidateCache(index.paths);
      return assessByHistory(this.records![r]!, index, cache, followed, lookup);
    };
    const judged = (r: number) => this.final[r] !== undefined;
    return { index, assess, judged };
  }
}

/** Oldest first; stable, so a commit's own events keep their order. */
const byCommit = (a: PathEvent, b: PathEvent) => a.commit - b.commit;
