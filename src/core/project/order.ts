import type { AdriftEvent, UnknownEvent } from "../events/envelope.js";
import type { LinePosition, Problem } from "../events/parse.js";

/** A parsed line as read from a file: the event, its exact text and where it stands. */
export type LoadedLine = { event: AdriftEvent | UnknownEvent; text: string; at: LinePosition };

export type OrderedLog = {
  events: AdriftEvent[];
  unknown: UnknownEvent[];
  positions: Map<string, LinePosition>;
  problems: Problem[];
};

/**
 * Orders lines by event id (ULID order) and drops exact duplicates, so a union merge
 * in any order folds to the same state. Two different lines with one id are a problem.
 */
export function orderLines(lines: LoadedLine[]): OrderedLog {
  const byId = new Map<string, LoadedLine>();
  const problems: Problem[] = [];
  for (const line of lines) {
    const seen = byId.get(line.event.id);
    if (!seen) {
      byId.set(line.event.id, line);
      continue;
    }
    if (seen.text === line.text) continue;
    // Keep the lexically smaller text so every arrival order keeps the same one.
    const [kept, dropped] = seen.text < line.text ? [seen, line] : [line, seen];
    byId.set(line.event.id, kept);
    problems.push({
      ...dropped.at,
      severity: "error",
      code: "duplicate_id",
      message: `id ${line.event.id} is also used by a different event at ${kept.at.file}:${kept.at.line}`,
    });
  }
  const ids = [...byId.keys()].sort();
  const events: AdriftEvent[] = [];
  const unknown: UnknownEvent[] = [];
  const positions = new Map<string, LinePosition>();
  for (const id of ids) {
    const line = byId.get(id)!;
    positions.set(id, line.at);
    if ("unknown" in line.event) unknown.push(line.event);
    else events.push(line.event);
  }
  return { events, unknown, positions, problems };
}
