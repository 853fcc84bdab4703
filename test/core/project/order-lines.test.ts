import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEventLine } from "../../../src/core/events/parse.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import {
  type CommittedOrder,
  type LoadedLine,
  orderLines,
} from "../../../src/core/project/order.js";
import { propertyOptions } from "../../support/property.js";

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
      propertyOptions({ numRuns: 200 }),
    );
  });

  it("of two different lines with one id, without git, keeps the earlier of one file", () => {
    const [session, workline] = base;
    const twin = workline!.replace('"title":"w"', '"title":"другой"');
    const ordered = orderLines(load([session!, workline!, twin]));
    expect(ordered.problems).toEqual([
      expect.objectContaining({
        line: 3,
        code: "duplicate_id",
        message: expect.stringContaining("log.events.ndjson:2"),
      }),
    ]);
    expect(ordered.events.map((e) => (e.data as { title?: string }).title)).toEqual([
      undefined,
      "w",
    ]);
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

/** Lines of one id placed in files, each added by a commit of a small history. */
describe("orderLines: different lines with one id, by the log's committed order", () => {
  const id = SESSION;
  const session = (name: string) =>
    line("session_started", { author: { name, email: `${name.toLowerCase()}@example.com` } }, id);
  // History: c1 ← c2 ← c4 (main), c1 ← c3 (a branch); c2 and c3 are concurrent.
  const parents: Record<string, string[]> = { c1: [], c2: ["c1"], c3: ["c1"], c4: ["c2", "c3"] };
  const ancestors = (c: string): Set<string> =>
    new Set(parents[c]!.flatMap((p) => [p, ...ancestors(p)]));
  type Placed = { text: string; file: string; line: number; commit?: string };
  const order = (placed: Placed[]): CommittedOrder => ({
    commitOf: (at) => placed.find((p) => p.file === at.file && p.line === at.line)?.commit,
    precedes: (a, b) => ancestors(b).has(a),
  });
  const run = (placed: Placed[]) => {
    const lines: LoadedLine[] = placed.map((p) => ({
      event: parseEvent(p.text),
      at: { file: p.file, line: p.line },
      text: p.text,
    }));
    const ordered = orderLines(lines, undefined, order(placed));
    return {
      authors: ordered.events.map((e) => (e.data as { author: { name: string } }).author.name),
      problems: ordered.problems.map((p) => `${p.file}:${p.line}`).sort(),
      messages: ordered.problems.map((p) => p.message),
    };
  };
  const parseEvent = (text: string) => {
    const parsed = parseEventLine(text, { file: "f", line: 1 });
    if (!parsed.ok) throw new Error(parsed.problem.message);
    return parsed.event;
  };
  // "Aaa" sorts before "Ana": the rule that took the smaller text let a forged line win.
  const genuine = session("Ana");
  const forged = session("Aaa");

  it("keeps the line committed first, in whatever order and files the lines arrive", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          [
            { text: genuine, file: "ana.events.ndjson", line: 1, commit: "c1" },
            { text: forged, file: "bia.events.ndjson", line: 1, commit: "c2" },
            { text: forged, file: "ana.events.ndjson", line: 9, commit: "c4" },
          ],
          { minLength: 3, maxLength: 3 },
        ),
        (placed) => {
          const got = run(placed);
          expect(got.authors).toEqual(["Ana"]);
          expect(got.problems).toEqual(["ana.events.ndjson:9"]);
          expect(got.messages[0]).toContain("ana.events.ndjson:1");
          expect(got.messages[0]).toMatch(
            /at ana\.events\.ndjson:1, which came first.*this later line is ignored: remove it/,
          );
        },
      ),
      propertyOptions(),
    );
  });

  it("never lets a line not committed yet replace a committed one, even put before it", () => {
    expect(
      run([
        { text: forged, file: "ana.events.ndjson", line: 1 },
        { text: genuine, file: "ana.events.ndjson", line: 2, commit: "c1" },
      ]).authors,
    ).toEqual(["Ana"]);
  });

  it("refuses the id when its lines came on two branches, whatever order a merge left them in", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (sameFile, genuineFirst) => {
        const placed: Placed[] = [
          { text: genuine, file: "ana.events.ndjson", line: genuineFirst ? 1 : 2, commit: "c2" },
          {
            text: forged,
            file: sameFile ? "ana.events.ndjson" : "bia.events.ndjson",
            line: genuineFirst ? 2 : 1,
            commit: "c3",
          },
        ];
        const got = run(placed);
        expect(got.authors).toEqual([]);
        expect(got.problems).toHaveLength(2);
        for (const message of got.messages) expect(message).toMatch(/neither is used/);
      }),
      propertyOptions(),
    );
  });

  it("keeps exact copies as one, at the first position of the kept text", () => {
    const got = run([
      { text: genuine, file: "a.events.ndjson", line: 3, commit: "c1" },
      { text: genuine, file: "b.events.ndjson", line: 1, commit: "c3" },
      { text: forged, file: "c.events.ndjson", line: 1, commit: "c2" },
    ]);
    expect(got.authors).toEqual(["Ana"]);
    expect(got.problems).toEqual(["c.events.ndjson:1"]);
  });
});
