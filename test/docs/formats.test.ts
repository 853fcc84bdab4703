import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEventLine } from "../../src/core/events/parse.js";
import { EVENT_TYPES } from "../../src/core/events/payloads.js";
import { foldEvents } from "../../src/core/project/fold.js";
import { type LoadedLine, orderLines } from "../../src/core/project/order.js";

const doc = readFileSync(new URL("../../docs/formats.md", import.meta.url), "utf8");

describe("docs/formats.md", () => {
  it("shows one valid example line for every event type, and they fold without dangling ids", () => {
    const examples = [...doc.matchAll(/### `([a-z_]+)`\n\n[^\n]*\n\n```ndjson\n(.+)\n```/g)];
    const lines: LoadedLine[] = [];
    const shown = new Set<string>();
    for (const [, type, text] of examples) {
      const parsed = parseEventLine(text!, { file: "docs/formats.md", line: 0 });
      if (!parsed.ok) throw new Error(`${type}: ${parsed.problem.message}`);
      expect(parsed.event.type).toBe(type);
      shown.add(type!);
      lines.push({ event: parsed.event, at: { file: "docs/formats.md", line: lines.length + 1 } });
    }
    const missing = EVENT_TYPES.filter(
      (t) => !shown.has(t) && t !== "workline_activated" && t !== "workline_closed",
    );
    expect(missing).toEqual([]);
    const ordered = orderLines(lines);
    expect(ordered.problems).toEqual([]);
    expect(foldEvents(ordered.events).dangling).toEqual([]);
  });
});
