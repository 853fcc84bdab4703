import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AdriftEvent } from "../../../src/core/events/envelope.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { recordsPageWith, renderRecordsPage } from "../../../src/core/render/site/index-pages.js";
import { renderSearchPage, searchPageWith } from "../../../src/core/render/site/search-page.js";
import { buildCorrespondenceOverview } from "../../../src/core/reports/correspondence.js";
import { type AdrInput, NO_BACKLOG } from "../../../src/core/reports/inputs.js";
import { computeCoverage } from "../../../src/core/rules/coverage.js";
import type { SiteInput } from "../../../src/core/site/site-model.js";
import type { ComputedState } from "../../../src/core/staleness/types.js";
import { decisionEvent } from "../../support/events.js";
import { finding } from "../../support/findings.js";
import { propertyOptions } from "../../support/property.js";

// Few distinct times, so records often share one: the order among equals is the fold's.
const at = fc.constantFrom(
  "2026-01-01T00:00:00Z",
  "2026-01-02T00:00:00Z",
  "2026-01-02T00:00:00Z",
  "2026-03-01T12:00:00.000Z",
);
const oldRecord = fc.record({
  at,
  intent: fc.boolean(),
  state: fc.constantFrom<ComputedState | undefined>(undefined, "fresh", "stale", "moved"),
  outcome: fc.constantFrom("Dates in UTC", "<b>bold</b> & co", "\u202eevil", "Ünïcode ✓", ""),
});
const newRecord = fc.record({ at, intent: fc.boolean(), scoped: fc.boolean() });

function recordEvent(
  i: number,
  r: { at: string; intent: boolean },
  outcome: string,
  paths: string[],
) {
  const id = `01JC${String(i).padStart(22, "0")}`;
  const event = { ...decisionEvent(id, outcome, paths), at: r.at } as AdriftEvent;
  return r.intent ? ({ ...event, type: "intent_card_recorded" } as AdriftEvent) : event;
}

const adr = (n: number): AdrInput => ({
  id: `A${n}`,
  number: n,
  title: `ADR ${n}`,
  status: "accepted",
  path: `docs/adr/000${n}-adr.md`,
  record_ids: [],
  relations: [],
});

/** What the records and search pages are drawn from, for `events` and their states. */
function siteInput(
  events: AdriftEvent[],
  states: ReadonlyMap<string, ComputedState>,
  adrs: AdrInput[],
): SiteInput {
  const state = foldEvents(events);
  const findings = [...states].map(([id, s]) => finding(id, { state: s }));
  const report = buildCorrespondenceOverview({
    state,
    adrs,
    backlog: NO_BACKLOG,
    staleness: { head: "h".repeat(40), notices: [], findings },
    files: [],
    depth: 1,
  });
  return {
    name: "repo",
    state,
    report,
    countMatches: () => 0,
    findings: new Map(findings.map((f) => [f.record_id, f])),
    states,
    adrs: report.adrs.map((a) => ({ ...a, source: `# ${a.title}\n` })),
    diffRecords: new Set(),
    diffs: new Map(),
    coverage: computeCoverage(state),
    scriptHash: () => "hash",
    parseMarkdown: () => {
      throw new Error("no ADR page here");
    },
  };
}

describe("the records and search pages grown by new records", () => {
  it("are the pages drawn whole, whatever the times and the order of the records", () => {
    fc.assert(
      fc.property(
        fc.array(oldRecord, { maxLength: 12 }),
        fc.array(newRecord, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2 }),
        (old, added, adrCount) => {
          const adrs = Array.from({ length: adrCount }, (_, i) => adr(i + 1));
          const before = old.map((r, i) =>
            recordEvent(i, r, r.outcome, r.state === undefined ? [] : ["src/a.ts"]),
          );
          const statesBefore = new Map<string, ComputedState>();
          old.forEach((r, i) => {
            if (r.state !== undefined) statesBefore.set(before[i]!.id, r.state);
          });
          const appended = added.map((r, i) =>
            recordEvent(old.length + i, r, `New ${i}`, r.scoped ? ["src/b.ts"] : []),
          );
          const statesAfter = new Map(statesBefore);
          added.forEach((r, i) => {
            if (r.scoped) statesAfter.set(appended[i]!.id, "fresh");
          });
          const then = siteInput(before, statesBefore, adrs);
          const now = siteInput([...before, ...appended], statesAfter, adrs);
          const records = appended.map((e) => now.state.records.get(e.id)!);
          expect(recordsPageWith(now, renderRecordsPage(then), records)).toBe(
            renderRecordsPage(now),
          );
          expect(searchPageWith(now, renderSearchPage(then, "/*ms*/"), records)).toBe(
            renderSearchPage(now, "/*ms*/"),
          );
        },
      ),
      propertyOptions({ numRuns: 500 }),
    );
  });

  it("cannot be grown from a page drawn of other records", () => {
    const one = recordEvent(0, { at: "2026-01-01T00:00:00Z", intent: false }, "One", []);
    const two = recordEvent(1, { at: "2026-01-02T00:00:00Z", intent: false }, "Two", []);
    const input = siteInput([one, two], new Map(), []);
    const added = [input.state.records.get(two.id)!];
    // A page of no record: the count of rows and documents is not the one before.
    const empty = siteInput([], new Map(), []);
    expect(recordsPageWith(input, renderRecordsPage(empty), added)).toBeUndefined();
    expect(searchPageWith(input, renderSearchPage(empty, ""), added)).toBeUndefined();
    expect(recordsPageWith(input, "<html>something else</html>", added)).toBeUndefined();
    expect(searchPageWith(input, "<html>something else</html>", added)).toBeUndefined();
  });
});
