import type { Basis } from "../events/common.js";
import { compileScope, compileScopes, globBase, type Scope, scopeKind } from "../rules/scope.js";
import { type HistoryIndex, NO_FILE, type PathEvent, withPrefix } from "./history.js";
import { ScopeMatcher } from "./scope-index.js";
import {
  type ChangeCommit,
  type ComputedState,
  MAX_LISTED_COMMITS,
  MAX_LISTED_PATHS,
  type PathChange,
  type StaleFinding,
} from "./types.js";

/** A record as staleness sees it. */
export type AssessedRecord = {
  id: string;
  kind: "intent" | "decision";
  basis: Basis;
  workline_id?: string;
  /** already marked stale in the log */
  recorded: boolean;
  /**
   * What the author saw where it differed from the basis revision (uncommitted work when the
   * record was written): path -> blob id, NO_FILE where the file was deleted. Everywhere else
   * the record saw the basis revision.
   */
  seen?: Record<string, string>;
};

/**
 * Contents the history index cannot tell (after a merge HEAD's file may be neither side's last
 * change): what HEAD holds at a path, what a basis revision held. NO_FILE where there is no
 * file; undefined when not known (the content rule is then not applied to that file).
 */
export type ContentLookup = {
  now(path: string): string | undefined;
  at(revision: string, path: string): string | undefined;
};

/** What the content rule reads for one record: what it saw at a path, what HEAD holds there. */
export type RecordContents = {
  seen(path: string): string | undefined;
  now(path: string): string | undefined;
};

/**
 * The contents a record is judged by. Without a lookup, on one line of commits, the index says
 * it: HEAD holds what a path's last event left, and the basis what the first commit after it
 * found. Otherwise the lookup answers (and nothing is known without one).
 */
export function recordContents(
  record: AssessedRecord,
  index: Pick<HistoryIndex, "byPath" | "baseBits" | "basePositions" | "linear">,
  lookup?: ContentLookup,
): RecordContents {
  const own = record.seen;
  if (lookup)
    return {
      seen: (path) => own?.[path] ?? lookup.at(record.basis.revision, path),
      now: (path) => lookup.now(path),
    };
  if (!index.linear) return { seen: (path) => own?.[path], now: () => undefined };
  const bit = index.baseBits.get(record.basis.revision);
  const basisAt = bit === undefined ? -1 : index.basePositions[bit]!;
  return {
    seen: (path) => {
      if (own && path in own) return own[path];
      const events = index.byPath.get(path);
      return events?.find((e) => e.commit > basisAt)?.was;
    },
    now: (path) => {
      const events = index.byPath.get(path);
      return events?.[events.length - 1]?.blob;
    },
  };
}
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

/** A file new since the basis is `review` unless the scope names exactly that file. */
function isExactPath(scopes: readonly Scope[], file: string): boolean {
  return scopes.some((s) => s.kind === "path" && s.entry === file);
}

/** The state a set of path changes gives a record (stale > review > moved > fresh). */
function stateOf(flags: { stale: boolean; review: boolean; moved: boolean }): ComputedState {
  if (flags.stale) return "stale";
  if (flags.review) return "review";
  return flags.moved ? "moved" : "fresh";
}

/** What the judge reads of an index: the commits by position, and the events per path. */
export type JudgeIndex = Pick<HistoryIndex, "commits" | "byPath">;

/** True when `events` hold one that left `blob` (the allocation-free check before a filter). */
function leaves(events: readonly PathEvent[], blob: string): boolean {
  for (const e of events) if (e.blob === blob) return true;
  return false;
}

const marksOf = new WeakMap<JudgeIndex, { stamp: Int32Array; generation: number }>();

/** Per-index scratch marks ("commit already counted for this record") reused across records. */
function usedMarks(index: JudgeIndex): { stamp: Int32Array; generation: number } {
  let marks = marksOf.get(index);
  if (!marks) {
    marks = { stamp: new Int32Array(index.commits.length), generation: 0 };
    marksOf.set(index, marks);
  }
  return marks;
}

/** True when commit event `e` counts for `record` (SPEC §3): not reachable from its basis, not its own workline. */
export function countsFor(record: AssessedRecord, index: HistoryIndex): (e: PathEvent) => boolean {
  const bit = index.baseBits.get(record.basis.revision);
  const { reach, words, commits: all } = index;
  const word = bit === undefined ? -1 : bit >>> 5;
  const mask = bit === undefined ? 0 : 1 << (bit & 31);
  const own = record.workline_id;
  // Commits after the basis in topological order cannot be its ancestors: no bitset lookup.
  const basisAt = bit === undefined ? -1 : index.basePositions[bit]!;
  return (e: PathEvent) =>
    (e.commit > basisAt || word < 0 || (reach[e.commit * words + word]! & mask) === 0) &&
    !(own && all[e.commit]!.worklines.length > 0 && all[e.commit]!.worklines.includes(own));
}

/**
 * SPEC §3 over commit history: commits reachable from HEAD and not from the basis, outside the
 * record's own workline, that added, modified, deleted or renamed a file in scope — and left it
 * otherwise than the record saw it (the content rule: a file HEAD holds as the record saw it is
 * no change, and a commit that left a file as the record saw it does not count). `followed`
 * receives the paths the finding depends on besides the changes it lists: those outside the
 * scope it followed renames through, and those the content rule left out. `lookup` gives the
 * contents the index cannot tell (see `recordContents`).
 */
export function assessByHistory(
  record: AssessedRecord,
  index: HistoryIndex,
  cache: CandidateCache,
  followed?: string[],
  lookup?: ContentLookup,
): StaleFinding {
  const scopes = compiledScopes(record.basis.touched_paths);
  // The hot loop of `stale` (records × changed files × commits): kept free of allocations.
  const counts = countsFor(record, index);
  const contents = recordContents(record, index, lookup);
  const judge = new FindingJudge(record, scopes, index, counts, contents);
  judge.followed = followed;
  const seen = new Set<string>();
  const buffer: PathEvent[] = [];
  const own = record.workline_id ? ownWorkline(record, index) : undefined;
  const ownCommits = own ? new Set<number>() : undefined;
  for (const scope of scopes)
    for (const file of cache.get(scope)) {
      if (scopes.length > 1) {
        if (seen.has(file)) continue;
        seen.add(file);
      }
      const onPath = index.byPath.get(file)!;
      buffer.length = 0;
      for (let k = 0; k < onPath.length; k++) {
        const e = onPath[k]!;
        if (counts(e)) buffer.push(e);
        else if (own?.(e)) ownCommits!.add(e.commit);
      }
      if (buffer.length > 0) judge.file(file, buffer);
    }
  return judge.finding(undefined, ownCommits?.size ?? 0);
}

/** True when event `e` is of a commit after the basis carrying the record's own workline. */
function ownWorkline(record: AssessedRecord, index: HistoryIndex): (e: PathEvent) => boolean {
  const bit = index.baseBits.get(record.basis.revision);
  const basisAt = bit === undefined ? -1 : index.basePositions[bit]!;
  const own = record.workline_id!;
  const { reach, words, commits } = index;
  const word = bit === undefined ? -1 : bit >>> 5;
  const mask = bit === undefined ? 0 : 1 << (bit & 31);
  return (e) =>
    (e.commit > basisAt || word < 0 || (reach[e.commit * words + word]! & mask) === 0) &&
    commits[e.commit]!.worklines.includes(own);
}

/**
 * Judges one record from the events that count on each changed file of its scope (the SPEC §3
 * states, and what the finding lists). Files are given in listing order: by the first scope
 * entry matching them, then by path.
 */
export class FindingJudge {
  private marks: { stamp: Int32Array; generation: number } | undefined;
  private generation = 0;
  private readonly used: number[] = [];
  private readonly paths = new PathCollector();
  private readonly flags = { stale: false, review: false, moved: false };
  /**
   * When set, receives each path outside the scope whose events a rename was followed through:
   * the finding depends on them too (a later change where a file went makes the record stale).
   */
  followed: string[] | undefined;
  /**
   * `counts` is needed only by `file` (a rename out of scope looks at what followed); files
   * given by `summary` need neither it nor the events.
   */
  constructor(
    private readonly record: AssessedRecord,
    private readonly scopes: readonly Scope[],
    private readonly index: JudgeIndex,
    private readonly counts: (e: PathEvent) => boolean = () => true,
    private readonly contents?: RecordContents,
  ) {}

  /** A path the finding depends on besides what it lists (for carrying it forward). */
  private depend(path: string): void {
    this.followed?.push(path);
  }

  /** True when HEAD holds at `path` what the record saw there (the content rule skips it). */
  private unchanged(path: string): boolean {
    const seen = this.contents?.seen(path);
    return seen !== undefined && this.contents!.now(path) === seen;
  }

  /**
   * True when the file at `path`, which a rename inside the scope took away at `commit`, was
   * new since the basis: the record saw no file there, or (contents unknown) its first counting
   * event before `commit` brought it — added, or renamed from outside the scope, or from
   * another such new file.
   */
  private newBefore(path: string, commit: number, visited = new Set<string>()): boolean {
    if (visited.has(path)) return false;
    visited.add(path);
    const seen = this.contents?.seen(path);
    if (seen !== undefined && seen !== NO_FILE) return false;
    const first = (this.index.byPath.get(path) ?? []).find(
      (e) =>
        e.commit < commit && this.counts(e) && e.kind !== "deleted" && e.kind !== "renamed_from",
    );
    if (!first) return seen === NO_FILE;
    if (first.kind === "renamed_to" && this.inScope(first.other!))
      return this.newBefore(first.other!, first.commit, visited);
    return seen === NO_FILE || first.kind === "added" || first.kind === "renamed_to";
  }

  /**
   * What the record saw of the file that was at `path` when a rename inside the scope took it
   * away at `commit`: what it saw there, or, for a file an earlier rename inside the scope
   * brought there, what it saw where that one came from; undefined when not known or new.
   */
  private seenBefore(
    path: string,
    commit: number,
    visited = new Set<string>(),
  ): string | undefined {
    if (visited.has(path) || !this.inScope(path)) return undefined;
    visited.add(path);
    const seen = this.contents?.seen(path);
    if (seen !== NO_FILE) return seen;
    const first = (this.index.byPath.get(path) ?? []).find(
      (e) => e.commit < commit && this.counts(e),
    );
    return first?.kind === "renamed_to"
      ? this.seenBefore(first.other!, first.commit, visited)
      : undefined;
  }

  private inScope(p: string): boolean {
    return this.scopes.some((s) => s.matches(p));
  }

  private note(
    path: string,
    change: PathChange["change"],
    events: readonly PathEvent[],
    newPath?: string,
  ): void {
    if (!this.marks) {
      this.marks = usedMarks(this.index);
      this.generation = ++this.marks.generation;
    }
    const { stamp } = this.marks;
    for (const e of events)
      if (stamp[e.commit] !== this.generation) {
        stamp[e.commit] = this.generation;
        this.used.push(e.commit);
      }
    this.list(path, change, events[0]!.commit, newPath);
  }

  /** Lists a changed path (when there is room), with its earliest counting commit. */
  private list(path: string, change: PathChange["change"], earliest: number, newPath?: string) {
    if (!this.paths.wants(change)) return;
    const commits = [this.index.commits[earliest]!.hash];
    this.paths.add(
      newPath === undefined
        ? { path, change, commits }
        : { path, change, new_path: newPath, commits },
    );
  }

  /**
   * One file whose counting events were only added/modified/deleted (no rename), given by its
   * earliest and latest event; the caller counts the commits (`finding(used)`). Returns false,
   * judging nothing, for a file that came and went (its commits would not count). `order` is
   * the file's place in listing order (first matching scope entry, then path) among the
   * record's changed files.
   */
  summary(file: string, first: PathEvent, last: PathEvent, order: number): boolean {
    if (first.kind === "added") {
      if (last.kind === "deleted") return false;
      this.offer(file, "added", first.commit, order);
      if (isExactPath(this.scopes, file)) this.flags.stale = true;
      else this.flags.review = true;
      return true;
    }
    this.flags.stale = true;
    this.offer(file, last.kind === "deleted" ? "deleted" : "modified", first.commit, order);
    return true;
  }

  /** Files given by `summary` come in any order: the listed ones are picked, not sorted. */
  private top: TopPaths | undefined;

  private offer(path: string, change: PathChange["change"], earliest: number, order: number) {
    this.top ??= new TopPaths();
    const at = this.top.offer(rankOf(change), order);
    if (at >= 0) this.top.put(at, { path, change, commits: [this.index.commits[earliest]!.hash] });
  }

  /** One file's counting events, oldest first (not empty). */
  file(file: string, counting: readonly PathEvent[]): void {
    const { flags } = this;
    let buffer = counting;
    const seen = this.contents?.seen(file);
    if (seen !== undefined) {
      // Content decides: HEAD holds what the record saw, or a commit left it as the record saw it.
      if (this.contents!.now(file) === seen) {
        this.depend(file);
        return;
      }
      if (leaves(buffer, seen)) {
        this.depend(file);
        buffer = buffer.filter((e) => e.blob !== seen);
        if (buffer.length === 0) return;
      }
    }
    let significant = false;
    for (let k = 0; k < buffer.length; k++) {
      const e = buffer[k]!;
      if (!(e.kind === "renamed_from" && e.pure) && !(k === 0 && e.kind === "renamed_to")) {
        significant = true;
        break;
      }
    }
    const first = buffer[0]!;
    const last = buffer[buffer.length - 1]!;
    // New since the basis: the record saw no file here (or, contents unknown, the first event
    // brought one); a file renamed inside the scope is new when the file it was is.
    const fresh =
      seen === undefined ? first.kind === "added" || first.kind === "renamed_to" : seen === NO_FILE;
    const isNew =
      first.kind === "renamed_to" && this.inScope(first.other!)
        ? (seen === undefined || seen === NO_FILE) &&
          (this.newBefore(first.other!, first.commit) || this.unchanged(first.other!))
        : fresh;
    if (isNew) {
      if (last.kind === "deleted" || last.kind === "renamed_from") return; // came and went
      this.note(file, "added", buffer);
      if (isExactPath(this.scopes, file)) flags.stale = true;
      else flags.review = true;
      return;
    }
    // A move inside the scope is reported on the old path; what follows is a change here.
    let events = first.kind === "renamed_to" ? buffer.slice(1) : buffer;
    if (events.length === 0) {
      // Changed since the basis without being listed here (the move is the old path's, or no
      // one's when a file came back there): a later edit needs the history read again.
      this.depend(file);
      return;
    }
    // The file a rename inside the scope brought here is the one the record saw where it came
    // from: content decides against that (an edit made with the move and undone later leaves
    // it only moved, and the commit that undid it is not named).
    const origin =
      first.kind === "renamed_to" && seen === NO_FILE
        ? this.seenBefore(first.other!, first.commit)
        : undefined;
    if (origin !== undefined) {
      // Compared with another path's content: carried forward, the finding alone cannot say.
      this.depend(file);
      if (this.contents!.now(file) === origin) return;
      if (leaves(events, origin)) {
        events = events.filter((e) => e.blob !== origin);
        if (events.length === 0) return;
      }
    }
    if (significant && last.kind !== "renamed_from") {
      flags.stale = true;
      this.note(file, last.kind === "deleted" ? "deleted" : "modified", events);
      return;
    }
    // Renamed away (after edits or not): named where it went on to, its later commits counted;
    // stale when a counting commit edited it — unless it holds what the record saw (content
    // decides: then it only moved).
    const { target, followed, changed } = this.follow(file, last);
    // Contents unknown (what the basis held not looked up): an edit is an edit.
    const now = seen === undefined ? undefined : this.contents!.now(target);
    const edited = (significant || changed) && (seen === undefined || now !== seen);
    if (target === file) {
      // Out and back, as the record saw it (only its own commits changed it since): no change.
      if (!edited) {
        this.depend(file);
        return;
      }
      flags.stale = true;
      this.note(file, "modified", [...events, ...followed]);
      return;
    }
    if (edited) flags.stale = true;
    else flags.moved = true;
    const counted = seen === undefined ? followed : followed.filter((e) => e.blob !== seen);
    this.note(file, "renamed", [...events, ...counted], target);
  }

  /**
   * Follows a file out of scope from the rename `last` took it away with: further pure renames
   * move it on (a → b → c is `moved` to c); any other change where it went is a change (`changed`),
   * and a rename after it still moves it on, so the finding names the path the file has now. At
   * each path, the file's events end with the one that took it away: a file there later is
   * another file. The paths read outside the scope go to `followed` (for carrying forward).
   */
  private follow(
    file: string,
    last: PathEvent,
  ): { target: string; followed: PathEvent[]; changed: boolean } {
    let target = last.other!;
    let since = last.commit;
    const followed: PathEvent[] = [];
    const visited = new Set([file]);
    let changed = false;
    while (!this.inScope(target) && !visited.has(target)) {
      visited.add(target);
      const later = (this.index.byPath.get(target) ?? []).filter(
        (e) => e.commit > since && this.counts(e) && e.kind !== "renamed_to",
      );
      const gone = later.findIndex((e) => e.kind === "renamed_from" || e.kind === "deleted");
      const own = gone < 0 ? later : later.slice(0, gone + 1);
      if (own.length === 0) break;
      followed.push(...own);
      if (own.length > 1 || own[0]!.kind !== "renamed_from" || !own[0]!.pure) changed = true;
      const end = own[own.length - 1]!;
      if (end.kind !== "renamed_from") break;
      since = end.commit;
      target = end.other!;
    }
    if (this.followed) for (const path of visited) if (path !== file) this.followed.push(path);
    return { target, followed, changed };
  }

  /**
   * The finding of every file given so far; `used` gives the commits counted by the caller
   * (how many, and the earliest of them) when files were given by `summary`; `ownCommits`, how
   * many commits of the record's own workline changed its scope (not counted).
   */
  finding(used?: { count: number; earliest: readonly number[] }, ownCommits = 0): StaleFinding {
    const all = this.index.commits;
    const count = used ? used.count : this.used.length;
    const earliest = used ? used.earliest : smallest(this.used, MAX_LISTED_COMMITS);
    const commits: ChangeCommit[] = earliest.map((i) => {
      const c = all[i]!;
      return { hash: c.hash, author: c.author, subject: c.subject };
    });
    return {
      record_id: this.record.id,
      kind: this.record.kind,
      state: stateOf(this.flags),
      recorded: this.record.recorded,
      commits,
      ...(count > MAX_LISTED_COMMITS ? { omitted_commits: count - MAX_LISTED_COMMITS } : {}),
      ...(this.top ? this.top.listed() : this.paths.listed()),
      ...(ownCommits > 0 ? { own_workline_commits: ownCommits } : {}),
      method: "history",
    };
  }
}

/** The `n` smallest of distinct numbers, ascending (a full sort of thousands would be wasted). */
function smallest(values: readonly number[], n: number): number[] {
  if (values.length <= n) return [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of values) {
    if (out.length === n && v >= out[n - 1]!) continue;
    let i = out.length === n ? n - 1 : out.length;
    while (i > 0 && out[i - 1]! > v) {
      out[i] = out[i - 1]!;
      i--;
    }
    out[i] = v;
  }
  return out;
}

const rankOf = (change: PathChange["change"]) =>
  change === "added" ? 2 : change === "renamed" ? 1 : 0;

/**
 * The changes `listedPaths` would list, picked from changes offered in any order: the
 * MAX_LISTED_PATHS smallest by (rank, listing order), kept sorted in a short array, so no list
 * of hundreds of files is ever sorted. Listing order (by first matching scope entry, then path)
 * is given as a number by the caller, which knows it: no path is compared here. When no more
 * than that many came, they are listed in listing order, as `listedPaths` does.
 */
class TopPaths {
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
class PathCollector {
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
function listedPaths(paths: PathChange[]): { paths: PathChange[]; omitted_paths?: number } {
  if (paths.length <= MAX_LISTED_PATHS) return { paths };
  const sorted = [...paths].sort((a, b) => rankOf(a.change) - rankOf(b.change));
  return {
    paths: sorted.slice(0, MAX_LISTED_PATHS),
    omitted_paths: paths.length - MAX_LISTED_PATHS,
  };
}

/** The tree at HEAD as fingerprint comparison needs it. */
export type CurrentTree = {
  /** path -> blob id */
  files: Map<string, string>;
  /** sorted paths */
  sorted: string[];
  /** blob id -> paths holding it */
  byOid: Map<string, string[]>;
};

/** Builds the lookup structures of a tree listing. */
export function currentTree(entries: readonly { path: string; oid: string }[]): CurrentTree {
  const files = new Map<string, string>();
  const byOid = new Map<string, string[]>();
  for (const e of entries) {
    files.set(e.path, e.oid);
    const list = byOid.get(e.oid);
    if (list) list.push(e.path);
    else byOid.set(e.oid, [e.path]);
  }
  return { files, byOid, sorted: [...files.keys()].sort() };
}

/**
 * SPEC §3 when the basis revision is unavailable: compares the stored fingerprints with HEAD.
 * Returns undefined when the record has no file fingerprints to compare (nothing can be said).
 */
export function assessByFingerprints(
  record: AssessedRecord,
  fingerprints: Record<string, string> | undefined,
  head: CurrentTree,
): StaleFinding | undefined {
  if (!fingerprints) return undefined;
  const scopes = compileScopes(record.basis.touched_paths);
  const fileKeys = Object.keys(fingerprints).filter((k) => !k.endsWith("/"));
  const flags = { stale: false, review: false, moved: false };
  const paths: PathChange[] = [];
  const claimed = new Set<string>();
  for (const file of fileKeys) {
    const was = fingerprints[file]!;
    const now = head.files.get(file);
    if (now === was) continue;
    if (now !== undefined) {
      flags.stale = true;
      paths.push({ path: file, change: "modified", commits: [] });
      continue;
    }
    const moved = (head.byOid.get(was) ?? []).find((p) => !(p in fingerprints) && !claimed.has(p));
    if (moved) {
      claimed.add(moved);
      flags.moved = true;
      paths.push({ path: file, change: "renamed", new_path: moved, commits: [] });
    } else {
      flags.stale = true;
      paths.push({ path: file, change: "deleted", commits: [] });
    }
  }
  const enumerated = fileKeys.length > 0 || Object.keys(fingerprints).length === 0;
  if (enumerated) {
    const seen = new Set<string>();
    for (const scope of scopes)
      for (const file of candidatesFor(scope, head.sorted)) {
        if (seen.has(file) || file in fingerprints || claimed.has(file)) continue;
        seen.add(file);
        paths.push({ path: file, change: "added", commits: [] });
        if (isExactPath(scopes, file)) flags.stale = true;
        else flags.review = true;
      }
  }
  return {
    record_id: record.id,
    kind: record.kind,
    state: stateOf(flags),
    recorded: record.recorded,
    commits: [],
    ...listedPaths(paths),
    method: "fingerprints",
  };
}

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
      case "path":
        return paths.some((p) => p === entry || (p.startsWith(entry) && p[entry.length] === "/"));
      case "directory":
        return paths.some((p) => p.startsWith(entry));
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
  return records.filter((r) => r.basis.touched_paths.some(matchesAny));
}
