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
 * Orders lines by event id (ULID order) and drops exact duplicates, so a union merge
 * in any order folds to the same state. Two different lines with one id are a problem.
 * Sorts `lines` in place: logs arrive as files of already ordered lines, which the sort
 * (TimSort) merges in near-linear time.
 */
export function orderLines(lines: LoadedLine[], textOf: TextOf = textOfLine): OrderedLog {
  lines.sort(byId);
  const problems: Problem[] = [];
  const events: AdriftEvent[] = [];
  const unknown: UnknownEvent[] = [];
  const ids: string[] = [];
  const ats: LinePosition[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i + 1;
    while (end < lines.length && lines[end]!.event.id === lines[i]!.event.id) end++;
    const kept = end - i === 1 ? lines[i]! : pickDuplicate(lines.slice(i, end), textOf, problems);
    i = end;
    ids.push(kept.event.id);
    ats.push(kept.at);
    if ("unknown" in kept.event) unknown.push(kept.event);
    else events.push(kept.event);
  }
  return { events, unknown, positions: new SortedPositions(ids, ats), problems };
}

/**
 * Of lines sharing one id: exact copies collapse to the first position; different contents keep
 * the lexically smallest text (the same whatever the arrival order) and report the others.
 */
function pickDuplicate(group: LoadedLine[], textOf: TextOf, problems: Problem[]): LoadedLine {
  group.sort(byPosition);
  const texts = group.map(textOf);
  let kept = 0;
  for (let j = 1; j < group.length; j++) if (texts[j]! < texts[kept]!) kept = j;
  const at = group[kept]!.at;
  const reported = new Set<string>([texts[kept]!]);
  for (let j = 0; j < group.length; j++) {
    // One problem per different content, at its first position.
    if (reported.has(texts[j]!)) continue;
    reported.add(texts[j]!);
    problems.push({
      file: group[j]!.at.file,
      line: group[j]!.at.line,
      severity: "error",
      code: "duplicate_id",
      message: `id ${group[j]!.event.id} is also used by a different event at ${at.file}:${at.line}; this line is ignored: remove it, or record its event again under a new id`,
    });
  }
  // An exact copy of the kept text at an earlier position stands for it, so positions are stable.
  const first = texts.indexOf(texts[kept]!);
  return group[first]!;
}
