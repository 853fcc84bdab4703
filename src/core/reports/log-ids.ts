/**
 * The event ids of a log file's text, without schema validation: enough to tell which events
 * a branch added (the head log is fully validated when it is folded). Bad lines are skipped.
 */
export function eventIdsOf(text: string): Set<string> {
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    if (line.trim().length === 0) continue;
    try {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === "string") ids.add(id);
    } catch {
      // a torn or corrupt line names no event; validate reports it
    }
  }
  return ids;
}
