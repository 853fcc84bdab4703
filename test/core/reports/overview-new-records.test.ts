import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AdriftEvent } from "../../../src/core/events/envelope.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import {
  buildCorrespondenceOverview,
  overviewWithNewRecords,
} from "../../../src/core/reports/correspondence.js";
import { type AdrInput, NO_BACKLOG } from "../../../src/core/reports/inputs.js";
import { decisionEvent } from "../../support/events.js";
import { finding } from "../../support/findings.js";
import { propertyOptions } from "../../support/property.js";

const segment = fc.constantFrom("src", "lib", "api", "a", "b", "x.ts", "y.md", "[id]", "app");
const file = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join("/"))
  .filter((f) => /\.(ts|md)$/.test(f));
const entry = fc.oneof(
  file,
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((p) => `${p.join("/")}/`),
  fc.array(segment, { minLength: 0, maxLength: 2 }).map((p) => [...p, "**/*.ts"].join("/")),
  fc.constantFrom("**/*.md", "src/*", "!src/a/**", "app/\\[id\\]/", "*.ts", "src", "lib/**"),
);
const recordArb = fc.record({
  intent: fc.boolean(),
  paths: fc.array(entry, { minLength: 0, maxLength: 3 }),
});

/** A record as the fold makes it: a decision, or an intent card (which governs no code). */
function recorded(i: number, r: { intent: boolean; paths: string[] }): AdriftEvent {
  const id = `01JC${String(i).padStart(22, "0")}`;
  const event = decisionEvent(id, `outcome ${i}`, r.paths);
  return r.intent ? ({ ...event, type: "intent_card_recorded" } as AdriftEvent) : event;
}

describe("the correspondence overview patched with new records", () => {
  it("is the overview computed whole, when the new records are fresh and held by no ADR", () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { minLength: 1, maxLength: 10 }),
        fc.array(recordArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 6 }),
        fc.uniqueArray(file, { maxLength: 25 }),
        fc.integer({ min: 1, max: 3 }),
        (old, added, staleAt, heldAt, files, depth) => {
          const before = old.map((r, i) => recorded(i, r));
          const after = [...before, ...added.map((r, i) => recorded(old.length + i, r))];
          const ids = before.map((e) => e.id);
          const stale = new Set(staleAt.filter((i) => i < ids.length).map((i) => ids[i]!));
          const adrs: AdrInput[] = [
            {
              id: "A1",
              number: 1,
              title: "one",
              status: "accepted",
              path: "docs/adr/0001-one.md",
              record_ids: heldAt.filter((i) => i < ids.length).map((i) => ids[i]!),
              relations: [],
            },
          ];
          const input = (events: AdriftEvent[]) => ({
            state: foldEvents(events),
            adrs,
            backlog: NO_BACKLOG,
            staleness: {
              head: "h".repeat(40),
              notices: [],
              findings: events.map((e) =>
                finding(e.id, { state: stale.has(e.id) ? "stale" : "fresh" }),
              ),
            },
            files,
            depth,
          });
          const then = buildCorrespondenceOverview(input(before));
          const now = input(after);
          const added_ = after.slice(before.length).map((e) => now.state.records.get(e.id)!);
          // Read back from a manifest: JSON, not the objects the build made.
          const stored = JSON.parse(JSON.stringify(then));
          expect(overviewWithNewRecords(stored, now, added_)).toEqual(
            buildCorrespondenceOverview(now),
          );
        },
      ),
      propertyOptions({ numRuns: 300 }),
    );
  });
});
