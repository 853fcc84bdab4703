import type { AdriftEvent, UnknownEvent } from "../events/envelope.js";
import type { LinePosition, Problem } from "../events/parse.js";

/**
 * A parsed line as read from a file: the event and where it stands. The exact text is optional:
 * the log store does not keep it (memory) and hands `orderLines` a way to fetch it instead.
 */
export type LoadedLine = { event: AdriftEvent | UnknownEvent; at: LinePosition; text?: string };

/** Where each kept event stands in the log, by id. */
export type Positions = { get(id: string): LinePosition | undefined; readonly size: number };

export type OrderedLog = {
  events: AdriftEvent[];
  unknown: UnknownEvent[];
  positions: Positions;
  problems: Problem[];
};

/**
 * Positions over the ids in ULID order, found by binary search: a Map of a million string
 * keys cost more than reading the log (hashing every id), and lookups are rare (show, validate).
 */
class SortedPositions implements Positions {
  constructor(
    private readonly ids: string[],
    private readonly ats: LinePosition[],
  ) {}
  get size(): number {
    return this.ids.length;
  }
  get(id: string): LinePosition | undefined {
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const here = this.ids[mid]!;
      if (here === id) return this.ats[mid];
      if (here < id) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }
}

/** Fetches the exact text of a line; only called for lines that share an id with another. */
export type TextOf = (line: LoadedLine) => string;

const textOfLine: TextOf = (line) => line.text ?? JSON.stringify(line.event);

const byId = (a: LoadedLine, b: LoadedLine) =>
  a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0;

const byPosition = (a: LoadedLine, b: LoadedLine) =>
  a.at.file < b.at.file ? -1 : a.at.file > b.at.file ? 1 : a.at.line - b.at.line;

/**
 * What git says of lines that share an id with a different line: the commit that added each,
 * and which commits came before which. A git fact, gathered by the caller (the fold stays pure).
 */
export type CommittedOrder = {
  /** The commit that added the line at `at`; undefined when it is not committed yet. */
  commitOf(at: LinePosition): string | undefined;
  /** True when commit `a` is a proper ancestor of commit `b`. */
  precedes(a: string, b: string): boolean;
};

/**
 * True when the line at `a` was in the log before the line at `b`: added by a commit that is an
 * ancestor of the one that added `b`, or committed while `b` is not yet, or (added by one commit,
 * or neither committed) earlier in the same file. Lines added on two branches, or by one commit
 * to two files, have no such order — whatever order a union merge left them in.
 */
function cameBefore(a: LinePosition, b: LinePosition, order: CommittedOrder | undefined): boolean {
  const ca = order?.commitOf(a);
  const cb = order?.commitOf(b);
  if (ca !== undefined && cb !== undefined && ca !== cb) return order!.precedes(ca, cb);
  if (ca !== undefined && cb === undefined) return true;
  if (ca === undefined && cb !== undefined) return false;
  return a.file === b.file && a.line < b.line;
}

/**
 * Orders lines by event id (ULID order) and drops exact duplicates, so a union merge in any
 * order folds to the same state. Of different lines with one id, the one the log held first
 * (`order`: what git says; without it, only the order within one file is known) is kept and the
 * others are problems; when none came first, the id is refused — none of its lines is used — so
 * a line written later, or forged, never replaces the genuine one. `conflicts` lists the lines
 * of such ids, for the caller to ask git about and order again. Sorts `lines` in place: logs
 * arrive as files of already ordered lines, which the sort (TimSort) merges in near-linear time.
 */
export function orderLines(
  lines: LoadedLine[],
  textOf: TextOf = textOfLine,
  order?: CommittedOrder,
): OrderedLog & { conflicts: LinePosition[] } {
  lines.sort(byId);
  const problems: Problem[] = [];
  const conflicts: LinePosition[] = [];
  const events: AdriftEvent[] = [];
  const unknown: UnknownEvent[] = [];
  const ids: string[] = [];
  const ats: LinePosition[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i + 1;
    while (end < lines.length && lines[end]!.event.id === lines[i]!.event.id) end++;
    const kept =
      end - i === 1
        ? lines[i]!
        : pickDuplicate(lines.slice(i, end), textOf, problems, conflicts, order);
    i = end;
    if (!kept) continue;
    ids.push(kept.event.id);
    ats.push(kept.at);
    if ("unknown" in kept.event) unknown.push(kept.event);
    else events.push(kept.event);
  }
  return { events, unknown, positions: new SortedPositions(ids, ats), problems, conflicts };
}

const where = (at: LinePosition) => `${at.file}:${at.line}`;

/**
 * Of lines sharing one id: exact copies collapse to the first position. Different contents: the
 * content one of whose lines came before every line of the others is kept (at its first
 * position), and each other content is reported once, naming the kept line; when no content came
 * first, none is kept and each is reported, naming the others.
 */
function pickDuplicate(
  group: LoadedLine[],
  textOf: TextOf,
  problems: Problem[],
  conflicts: LinePosition[],
  order: CommittedOrder | undefined,
): LoadedLine | undefined {
  group.sort(byPosition);
  const texts = group.map(textOf);
  const distinct = [...new Set(texts)];
  if (distinct.length === 1) return group[0];
  for (const line of group) conflicts.push(line.at);
  const first = (text: string) => group[texts.indexOf(text)]!;
  const winner = distinct.find((text) =>
    group.some(
      (x, i) =>
        texts[i] === text &&
        group.every((y, j) => texts[j] === text || cameBefore(x.at, y.at, order)),
    ),
  );
  const id = group[0]!.event.id;
  const report = (line: LoadedLine, message: string) =>
    problems.push({ ...line.at, severity: "error", code: "duplicate_id", message });
  if (winner !== undefined) {
    const kept = first(winner);
    for (const text of distinct)
      if (text !== winner)
        report(
          first(text),
          `id ${id} is also used by a different event at ${where(kept.at)}, which came first in the log's history; this later line is ignored: remove it, or record its event again under a new id`,
        );
    return kept;
  }
  for (const text of distinct) {
    const others = distinct.filter((t) => t !== text).map((t) => where(first(t).at));
    report(
      first(text),
      `id ${id} is also used by a different event at ${others.join(", ")}, and the log's history does not tell which came first (added on different branches, or not committed yet): neither is used until one is removed; ask who wrote each which one is meant, and record the other again under a new id`,
    );
  }
  return undefined;
}
