import { describe, expect, it } from "vitest";
import { MAX_TEXT } from "../../../src/core/events/common.js";
import { parseEventLine } from "../../../src/core/events/parse.js";

const at = { file: ".decisions/log/x.events.ndjson", line: 7 };
const event = (overrides: Record<string, unknown> = {}) => ({
  id: "01JB0000000000000000000001",
  type: "intent_card_recorded",
  schema_version: 1,
  at: "2026-01-01T00:00:00.000Z",
  actor: { kind: "human", name: "Ana", email: "ana@example.com" },
  session_id: "01JB0000000000000000000000",
  data: { card: { outcome: "Faturas 🇧🇷", trigger: "Клиенты" }, considered: [] },
  ...overrides,
});
const parse = (value: unknown) => parseEventLine(JSON.stringify(value), at);
const problemOf = (value: unknown) => {
  const parsed = typeof value === "string" ? parseEventLine(value, at) : parse(value);
  if (parsed.ok && !parsed.unknown) throw new Error("expected a problem");
  return parsed.problem;
};

describe("parseEventLine", () => {
  it("parses a known event and fills the payload's defaults", () => {
    const parsed = parse(event());
    expect(parsed.ok && !parsed.unknown).toBe(true);
    if (!parsed.ok || parsed.unknown) return;
    expect(parsed.event.type).toBe("intent_card_recorded");
    expect(parsed.event.data).toMatchObject({
      card: { outcome: "Faturas 🇧🇷", trigger: "Клиенты", chosen_approach: "" },
      trivial: false,
      tags: [],
    });
  });

  it("reports invalid JSON with the position", () => {
    expect(problemOf('{"id": ')).toMatchObject({ ...at, severity: "error", code: "invalid_json" });
  });

  it("reports a value that is not an object", () => {
    expect(problemOf("[1,2]").code).toBe("invalid_event");
    expect(problemOf("null").code).toBe("invalid_event");
  });

  it.each([
    ["a bad id", { id: "not-a-ulid" }],
    ["a bad time", { at: "yesterday" }],
    ["a bad actor kind", { actor: { kind: "robot", name: "x" } }],
    ["a wrong field type", { data: { card: { outcome: 42 } } }],
    ["a missing envelope field", { session_id: undefined }],
    ["schema_version 0", { schema_version: 0 }],
    ["an oversized field", { data: { card: { outcome: "x".repeat(MAX_TEXT + 1) } } }],
    [
      "an absolute path",
      {
        type: "decision_recorded",
        data: { card: {}, basis: { revision: "a", touched_paths: ["/etc"] } },
      },
    ],
    [
      "a path with ..",
      {
        type: "decision_recorded",
        data: { card: {}, basis: { revision: "a", touched_paths: ["a/../b"] } },
      },
    ],
  ])("refuses %s as invalid_event naming the field", (_name, overrides) => {
    const problem = problemOf(event(overrides));
    expect(problem).toMatchObject({ ...at, severity: "error", code: "invalid_event" });
    expect(problem.message.length).toBeGreaterThan(0);
  });

  it("names the offending field in the message", () => {
    expect(problemOf(event({ data: { card: { outcome: 42 } } })).message).toContain(
      "data.card.outcome",
    );
  });

  it("refuses a newer schema_version telling to upgrade", () => {
    const problem = problemOf(event({ schema_version: 2, type: "something_new", data: {} }));
    expect(problem).toMatchObject({ ...at, severity: "error", code: "future_schema_version" });
    expect(problem.message).toMatch(/upgrade/);
  });

  it("keeps an unknown type with a warning", () => {
    const parsed = parse(event({ type: "adr_frobnicated", data: { x: 1 } }));
    expect(parsed.ok && parsed.unknown).toBe(true);
    if (!parsed.ok || !parsed.unknown) return;
    expect(parsed.event.type).toBe("adr_frobnicated");
    expect(parsed.problem).toMatchObject({ ...at, severity: "warning", code: "unknown_type" });
  });

  it("still checks the envelope of an unknown type", () => {
    expect(problemOf(event({ type: "adr_frobnicated", id: "x" })).code).toBe("invalid_event");
  });

  it("refuses a line longer than the limit before parsing it", () => {
    expect(problemOf(`"${"x".repeat(5 * 1024 * 1024)}"`).code).toBe("line_too_long");
  });
});
