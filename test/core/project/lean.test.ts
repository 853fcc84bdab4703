import { describe, expect, it } from "vitest";
import { MAX_LINE_BYTES } from "../../../src/core/events/line-limit.js";
import { NEEDS_VALIDATION, parseForStaleness } from "../../../src/core/project/lean.js";

const line = (type: string, data: object, extra: object = {}) =>
  JSON.stringify({
    id: "01JB0000000000000000000001",
    type,
    schema_version: 1,
    at: "2026-01-01T00:00:00Z",
    actor: { kind: "human", name: "Ana", email: "ana@example.com" },
    session_id: "01JA0000000000000000000000",
    ...extra,
    data,
  });

const session = line("session_started", { author: { name: "Ana", email: "ana@example.com" } });
const decision = line("decision_recorded", {
  card: { outcome: "o", trigger: "t" },
  basis: { revision: "a".repeat(40), touched_paths: ["src/"] },
});

describe("parseForStaleness", () => {
  it("leaves a line over the log's line limit to the validator, as every reader refuses it", () => {
    const big = (n: number) =>
      line("decision_recorded", {
        card: { outcome: "ж".repeat(n), trigger: "t" },
        basis: { revision: "a".repeat(40), touched_paths: ["src/"] },
      });
    const room = MAX_LINE_BYTES - Buffer.byteLength(big(0));
    expect(parseForStaleness(big(Math.floor(room / 2)))).toMatchObject({
      type: "decision_recorded",
    });
    expect(parseForStaleness(big(Math.floor(room / 2) + 1))).toBe(NEEDS_VALIDATION);
  });

  it("reads the types staleness folds and skips whole lines of other types", () => {
    expect(parseForStaleness(decision)).toMatchObject({ type: "decision_recorded" });
    expect(parseForStaleness(session)).toBeUndefined();
    expect(parseForStaleness(`${session}\r`)).toBeUndefined();
    expect(parseForStaleness("")).toBeUndefined();
    expect(parseForStaleness("\r")).toBeUndefined();
  });

  it("never skips a line cut short: every prefix not ending in a brace needs the validator", () => {
    for (const text of [session, decision])
      for (let length = 1; length < text.length; length++) {
        const prefix = text.slice(0, length);
        if (prefix.endsWith("}") && text === session) continue; // looks whole; validate checks it
        expect(parseForStaleness(prefix), prefix).toBe(NEEDS_VALIDATION);
      }
  });

  it("leaves lines from a newer schema, broken JSON and other spellings to the validator", () => {
    for (const text of [
      session.replace('"schema_version":1', '"schema_version":9'),
      decision.replace('"schema_version":1', '"schema_version":9'),
      "{not json",
      "[]",
      session.replace('"type":"', '"type": "'),
      decision.replace('"type":"', '"type": "'),
      line("decision_recorded", { basis: { revision: "a".repeat(40), touched_paths: [] } }),
    ])
      expect(parseForStaleness(text), text).toBe(NEEDS_VALIDATION);
  });
});
