import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEventLine } from "../../../src/core/events/parse.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { type LoadedLine, orderLines } from "../../../src/core/project/order.js";

const SESSION = "01JA0000000000000000000000";
const actor = { kind: "human", name: "Ana", email: "ana@example.com" };
let counter = 0;
const nextId = () => `01JB${String(counter++).padStart(22, "0")}`;

const line = (type: string, data: object, id = nextId()) =>
  JSON.stringify({
    id,
    type,
    schema_version: 1,
    at: "2026-01-01T00:00:00Z",
    actor,
    session_id: SESSION,
    data,
  });

/** A small log: a session, a workline and its moves, cards, amendments, decisions, marks. */
function sampleLog(): string[] {
  const card = (outcome: string) => ({ card: { outcome, trigger: "t" }, trivial: true });
  const basis = { revision: "a".repeat(40), touched_paths: ["src/"] };
  const lines = [
    line("session_started", { author: { name: "Ana", email: "ana@example.com" } }, SESSION),
  ];
  const workline = nextId();
  lines.push(line("workline_opened", { title: "w" }, workline));
  lines.push(line("workline_parked", { workline_id: workline }));
  lines.push(line("workline_activated", { workline_id: workline }));
  const intent = nextId();
  lines.push(line("intent_card_recorded", card("первый"), intent));
  lines.push(line("intent_card_amended", { target_id: intent, changes: { outcome: "segundo" } }));
  lines.push(line("intent_card_amended", { target_id: intent, changes: { outcome: "третий 🚀" } }));
  const d1 = nextId();
  const d2 = nextId();
  lines.push(line("decision_recorded", { ...card("d1"), basis }, d1));
  lines.push(line("decision_recorded", { ...card("d2"), basis }, d2));
  lines.push(
    line("decision_marked_stale", {
      decision_id: d1,
      reason: "manual",
      detected_at: "2026-01-01T00:00:00Z",
    }),
  );
  lines.push(line("decision_reverified", { decision_id: d1, basis }));
  lines.push(line("decision_superseded", { decision_id: d1, superseded_by: d2 }));
  lines.push(line("workline_closed", { workline_id: workline }));
  lines.push(line("future_thing", { anything: 1 }));
  return lines;
}

function load(texts: string[]): LoadedLine[] {
  return texts.map((text, i) => {
    const parsed = parseEventLine(text, { file: "log.events.ndjson", line: i + 1 });
    if (!parsed.ok) throw new Error(parsed.problem.message);
    return { event: parsed.event, at: { file: "log.events.ndjson", line: i + 1 }, text };
  });
}

const project = (texts: string[]) => {
  const ordered = orderLines(load(texts));
  return {
    state: foldEvents(ordered.events),
    unknown: ordered.unknown,
    problems: ordered.problems,
  };
};

describe("orderLines", () => {
  const base = sampleLog();
  const expected = project(base);

  it("folds to the same projections whatever the order, with exact duplicate lines", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: base.length - 1 }), { maxLength: 10 }).chain((duplicates) => {
          const texts = [...base, ...duplicates.map((i) => base[i]!)];
          return fc.shuffledSubarray(texts, { minLength: texts.length, maxLength: texts.length });
        }),
        (texts) => {
          const got = project(texts);
          expect(got.problems).toEqual([]);
          expect(got.state).toEqual(expected.state);
          expect(got.unknown).toEqual(expected.unknown);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reports two different lines with one id, keeping the same one whatever the order", () => {
    const [session, workline] = base;
    const twin = workline!.replace('"title":"w"', '"title":"другой"');
    const a = orderLines(load([session!, workline!, twin]));
    const b = orderLines(load([twin, session!, workline!]));
    expect(a.problems.map((p) => p.code)).toEqual(["duplicate_id"]);
    expect(b.problems.map((p) => p.code)).toEqual(["duplicate_id"]);
    expect(a.events).toEqual(b.events);
    expect(a.events).toHaveLength(2);
  });

  it("only asks for the text of lines that share an id", () => {
    const asked: number[] = [];
    const lines = load([...base, base[4]!]).map(({ event, at }) => ({ event, at }));
    const ordered = orderLines(lines, (l) => {
      asked.push(l.at.line);
      return [...base, base[4]!][l.at.line - 1]!;
    });
    expect(ordered.problems).toEqual([]);
    expect(asked.sort((x, y) => x - y)).toEqual([5, base.length + 1]);
    expect(ordered.positions.size).toBe(base.length);
    expect(ordered.positions.get("01JZZZZZZZZZZZZZZZZZZZZZZZ")).toBeUndefined();
    for (const [i, text] of base.entries())
      expect(ordered.positions.get(JSON.parse(text).id)!.line).toBe(i + 1);
    expect(ordered.positions.get(JSON.parse(base[4]!).id)).toEqual({
      file: "log.events.ndjson",
      line: 5,
    });
  });
});
