import type { Scope } from "../rules/scope.js";
import { type HistoryIndex, NO_FILE, type PathEvent } from "./history.js";
import { PathCollector, rankOf, TopPaths } from "./listed-paths.js";
import type { AssessedRecord, RecordContents } from "./record-contents.js";
import { isExactPath, stateOf } from "./record-state.js";
import {
  type ChangeCommit,
  MAX_LISTED_COMMITS,
  type PathChange,
  type StaleFinding,
} from "./types.js";

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

/**
 * Judges one record from the events that count on each changed file of its scope (fresh, stale,
 * moved or review, and what the finding lists). Files are given in listing order: by the first scope
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
