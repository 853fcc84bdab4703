// The lean check the pre-commit hook validates its marks with, held to the schema: whatever it
// accepts, the schema accepts and gives back unchanged (byte for byte once serialised), over
// events as adrift writes them and over every kind of damage to them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_TEXT } from "../../../src/core/events/common.js";
import { EVENT_SCHEMAS } from "../../../src/core/events/envelope.js";
import { LEAN_MAX_TEXT, passesLeanCheck } from "../../../src/core/events/lean-check.js";
import { propertyOptions } from "../../support/property.js";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ulid = fc
  .array(fc.constantFrom(...CROCKFORD), { minLength: 26, maxLength: 26 })
  .map((c) => c.join(""));
/** Any text, and lengths at the schema's bounds. */
const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("", "é", "Клиенты 🇧🇷", "x".repeat(200), "x".repeat(201)),
  fc.constantFrom("x".repeat(2000), "x".repeat(2001)),
);
const hash = fc.constantFrom("e6f40af5d14f5f9f08ae92878c3c18debcc8f932", "staged", "");
const commit = fc.oneof(
  hash,
  fc.record({ hash, author: text, subject: text }),
  fc.record({ hash, author: text, subject: text }, { requiredKeys: ["hash"] }),
);
const actor = fc.record(
  { kind: fc.constantFrom("human", "agent", "system"), name: text, email: text },
  { requiredKeys: ["kind", "name"] },
);
const at = fc.constantFrom(
  "2026-12-01T22:45:52.712Z",
  "2026-12-01T22:45:52Z",
  "2026-12-01T22:45:52+03:00",
  "2026-12-01 22:45:52",
);
const envelope = (type: string, data: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .record(
      {
        id: ulid,
        type: fc.constant(type),
        schema_version: fc.constant(1),
        at,
        actor,
        session_id: ulid,
        workline_id: text,
        message_id: text,
        data,
      },
      { requiredKeys: ["id", "type", "schema_version", "at", "actor", "session_id", "data"] },
    )
    .map((e) => e as Record<string, unknown>);
const mark = envelope(
  "decision_marked_stale",
  fc.record(
    {
      decision_id: fc.oneof(ulid, text),
      reason: fc.constantFrom("paths_changed", "manual"),
      commits: fc.array(commit, { maxLength: 3 }),
      paths: fc.array(text, { maxLength: 3 }),
      detected_at: at,
      staged: fc.boolean(),
      note: text,
    },
    { requiredKeys: ["decision_id", "reason", "commits", "paths", "detected_at"] },
  ),
);
const session = envelope(
  "session_started",
  fc.record(
    { title: text, author: fc.record({ name: text, email: text }), branch: text },
    { requiredKeys: ["author"] },
  ),
);

type Json = Record<string, unknown>;
const WRONG = [undefined, null, 0, 2, "", "x", true, [], {}, ["x"], { hash: 1 }];

/** The objects inside `value` (itself first), each with a way to reach it. */
function objectsIn(value: unknown, out: Json[] = []): Json[] {
  if (typeof value !== "object" || value === null) return out;
  if (!Array.isArray(value)) out.push(value as Json);
  for (const item of Object.values(value)) objectsIn(item, out);
  return out;
}

/** One kind of damage to an event: a value replaced, a key added, removed or moved. */
const damage = fc.record({
  how: fc.constantFrom("replace", "add", "remove", "reorder", "unknown-type"),
  target: fc.nat(),
  key: fc.nat(),
  value: fc.constantFrom(...WRONG),
});

type Damage = { how: string; target: number; key: number; value: unknown };

function damaged(event: Json, d: Damage): Json {
  const copy = structuredClone(event) as Json;
  const objects = objectsIn(copy);
  const target = objects[d.target % objects.length]!;
  const keys = Object.keys(target);
  const key = keys[d.key % Math.max(1, keys.length)];
  switch (d.how) {
    case "replace":
      if (key !== undefined) target[key] = d.value;
      break;
    case "add":
      target.extra = d.value ?? 1;
      break;
    case "remove":
      if (key !== undefined) delete target[key];
      break;
    case "reorder":
      if (key !== undefined) {
        const value = target[key];
        delete target[key];
        target[key] = value;
      }
      break;
    default:
      copy.type = "decision_reverified";
  }
  return copy;
}

/** The schema's verdict: the event it gives back, or undefined when it refuses it. */
function schemaOf(event: Json): Json | undefined {
  const schemas: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }> =
    EVENT_SCHEMAS;
  const schema = schemas[String(event.type)];
  const parsed = schema?.safeParse(event);
  return parsed?.success ? (parsed.data as Json) : undefined;
}

function agreesWithSchema(event: Json): void {
  if (!passesLeanCheck(event)) return;
  const parsed = schemaOf(event);
  expect(parsed, JSON.stringify(event)).toBeDefined();
  expect(JSON.stringify(parsed)).toBe(JSON.stringify(event));
}

describe("the lean check of the marks the pre-commit hook writes", () => {
  it("accepts only what the schema accepts, and only as the schema gives it back", () => {
    fc.assert(
      fc.property(fc.oneof(mark, session), fc.array(damage, { maxLength: 3 }), (event, hits) => {
        agreesWithSchema(event);
        let current = event;
        for (const hit of hits) {
          current = damaged(current, hit);
          agreesWithSchema(current);
        }
      }),
      propertyOptions({ numRuns: 2000 }),
    );
  });

  it("accepts the events adrift writes when it marks (so the schema is not loaded for them)", () => {
    fc.assert(
      fc.property(fc.oneof(mark, session), (event) => {
        if (schemaOf(event) === undefined) return;
        // A valid event in the schema's own key order, with no undefined key, passes.
        expect(passesLeanCheck(schemaOf(event))).toBe(true);
      }),
      propertyOptions({ numRuns: 1000 }),
    );
    const written = {
      id: "01M8SWJBY824KBQ4Q5A087PY26",
      type: "decision_marked_stale",
      schema_version: 1,
      at: "2026-12-01T22:45:52.712Z",
      actor: { kind: "human", name: "Bench", email: "bench@example.com" },
      session_id: "01M8SWJAP1EPX91WQTP35MAH20",
      data: {
        decision_id: "01KDVKCDC00DA3SNA3XB60QVYB",
        reason: "paths_changed",
        commits: [{ hash: "e6f40af5d14f5f9f08ae92878c3c18debcc8f932", author: "B", subject: "c" }],
        paths: ["src/a.ts"],
        detected_at: "2026-12-01T22:45:52.712Z",
        staged: true,
      },
    };
    expect(passesLeanCheck(written)).toBe(true);
  });

  it("bounds free text as the schema does", () => {
    expect(LEAN_MAX_TEXT).toBe(MAX_TEXT);
    const withNote = (note: string) => ({
      id: "01M8SWJBY824KBQ4Q5A087PY26",
      type: "decision_marked_stale",
      schema_version: 1,
      at: "2026-12-01T22:45:52.712Z",
      actor: { kind: "system", name: "adrift" },
      session_id: "01M8SWJAP1EPX91WQTP35MAH20",
      data: {
        decision_id: "D",
        reason: "manual",
        commits: [],
        paths: [],
        detected_at: "now",
        note,
      },
    });
    for (const length of [MAX_TEXT, MAX_TEXT + 1]) {
      const event = withNote("n".repeat(length));
      expect(passesLeanCheck(event)).toBe(schemaOf(event) !== undefined);
    }
    expect(passesLeanCheck(withNote("n".repeat(MAX_TEXT)))).toBe(true);
  });
});
