/** An event as a line of the log says, before schema validation: enough to find references. */
export type RawEvent = { id: string; type: string; data: Record<string, unknown> };

/**
 * The events of a log file's text, without schema validation: enough to tell which events a
 * branch added. Callers cross-check ids against the validated, folded state. Bad lines are
 * skipped (validate reports them).
 */
export function rawEventsOf(text: string): RawEvent[] {
  const out: RawEvent[] = [];
  for (const line of text.split("\n")) {
    if (line.trim().length === 0) continue;
    try {
      const event = JSON.parse(line) as Partial<RawEvent>;
      if (typeof event.id === "string" && typeof event.type === "string")
        out.push({ id: event.id, type: event.type, data: (event.data ?? {}) as RawEvent["data"] });
    } catch {
      // a torn or corrupt line names no event
    }
  }
  return out;
}
