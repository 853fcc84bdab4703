import { describe, expect, it } from "vitest";
import type { AppContext } from "../../../src/app/dependencies.js";
import {
  recordsAsBefore,
  type SiteBasis,
  stalenessAsBefore,
  statesByState,
} from "../../../src/app/site/site-basis.js";
import { emptyState, type RecordView } from "../../../src/core/project/state.js";
import type { SiteInput } from "../../../src/core/site/site-model.js";

// The log as a key names it: no file changed between `before` and now (no appended event).
const LOG = JSON.stringify([".decisions/log", []]);
// Reading no file, the growth check needs nothing of the context.
const ctx = {} as AppContext;

function input(diffRecords: string[], records: Partial<RecordView>[]): SiteInput {
  const state = emptyState();
  for (const r of records)
    state.records.set(r.id!, { supersedes: [], ...r } as unknown as RecordView);
  state.event_count = records.length;
  return {
    state,
    diffRecords: new Set(diffRecords),
    adrs: [],
    findings: new Map(),
  } as unknown as SiteInput;
}

const basis = (over: Partial<SiteBasis> = {}): SiteBasis => ({
  log: LOG,
  events: 3,
  shared: "s",
  diffs: ["a"],
  ...over,
});

describe("the records whose pages a rebuild keeps", () => {
  const records = [{ id: "a" }, { id: "b" }, { id: "c" }];

  it("keeps every record when nothing changed", async () => {
    const now = input(["a"], records);
    const same = await recordsAsBefore(ctx, now, basis(), basis());
    expect([...same.records].sort()).toEqual(["a", "b", "c"]);
    expect(same.graph).toBe(true);
  });

  it("draws the records that gained or lost their diffs (the 500 stale records shown moved)", async () => {
    const now = input(["b"], records);
    const same = await recordsAsBefore(ctx, now, basis(), basis({ diffs: ["b"] }));
    expect([...same.records]).toEqual(["c"]);
    expect(same.graph).toBe(true);
  });

  it("keeps nothing when what every page shares changed, or the fold lost or gained events", async () => {
    const now = input(["a"], records);
    const none = { records: new Set(), graph: false };
    expect(await recordsAsBefore(ctx, now, basis(), basis({ shared: "t" }))).toEqual(none);
    expect(await recordsAsBefore(ctx, now, basis({ events: 2 }), basis())).toEqual(none);
    expect(await recordsAsBefore(ctx, now, { made: "by another adrift" }, basis())).toEqual(none);
    expect(await recordsAsBefore(ctx, now, undefined, basis())).toEqual(none);
  });
});

describe("staleness as the last build left it", () => {
  const records = [{ id: "a" }, { id: "b" }, { id: "c" }];
  const kept = (over: Partial<SiteBasis> = {}) =>
    basis({ notices: [], records: 3, states: { stale: ["a"], fresh: ["b"] }, ...over });

  it("is each record's state as the manifest kept it, when the log is as it was", async () => {
    const { state } = input([], records);
    const taken = await stalenessAsBefore(ctx, kept(), basis(), "h", state, []);
    expect(taken && [...taken.states]).toEqual([
      ["a", "stale"],
      ["b", "fresh"],
    ]);
    expect(taken?.findings.size).toBe(0);
    expect(taken?.added).toEqual([]);
  });

  it("is not taken after notices, another count of records, or states it cannot read", async () => {
    const { state } = input([], records);
    const taken = (before: unknown) => stalenessAsBefore(ctx, before, basis(), "h", state, []);
    expect(await taken(kept({ notices: ["history unavailable for 1 record"] }))).toBeUndefined();
    expect(await taken(kept({ records: 2 }))).toBeUndefined();
    expect(await taken(kept({ states: { fresh: "a" } as never }))).toBeUndefined();
    expect(await taken(kept({ states: { toString: ["a"] } }))).toBeUndefined();
    expect(await taken(basis())).toBeUndefined();
    expect(await taken(kept({ shared: "t" }))).toBeUndefined();
  });

  it("keeps each state, grouped, as the manifest holds them", () => {
    const states = new Map([
      ["a", "stale"],
      ["b", "fresh"],
      ["c", "stale"],
    ] as const);
    expect(statesByState(states)).toEqual({ stale: ["a", "c"], fresh: ["b"] });
  });
});
