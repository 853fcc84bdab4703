import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RecordView } from "../../../src/core/project/state.js";
import type { AdrInput, BacklogInput } from "../../../src/core/reports/inputs.js";
import { propagateStaleness } from "../../../src/core/reports/propagation.js";
import { propertyOptions } from "../../support/property.js";

function record(id: string, affects?: RecordView["affects"]): RecordView {
  return { id, kind: "decision", affects } as RecordView;
}

const records = new Map([
  ["D1", record("D1", { rules: ["R1"], stories: ["S1"], tasks: [] })],
  ["D2", record("D2")],
]);
const adrs: AdrInput[] = [
  { id: "A1", title: "a", status: "accepted", path: "", record_ids: ["D1"], relations: [] },
  {
    id: "A2",
    title: "b",
    status: "accepted",
    path: "",
    record_ids: ["D2"],
    relations: [{ type: "amends", target: "A1" }],
  },
  {
    id: "A3",
    title: "c",
    status: "accepted",
    path: "",
    record_ids: [],
    relations: [{ type: "supersedes", target: "A1" }],
  },
];
const backlog: BacklogInput = {
  rules: [{ id: "R1", title: "r" }],
  stories: [
    { id: "S1", title: "s", rule_ids: [] },
    { id: "S2", title: "s2", rule_ids: ["R1"] },
  ],
  tasks: [{ id: "T2", title: "t", story_id: "S2" }],
};

describe("staleness propagation", () => {
  it("drifts ADRs built from a stale decision and suspects what its affects names, transitively", () => {
    const out = propagateStaleness(["D1"], records, adrs, backlog);
    const by = new Map(out.map((p) => [p.id, p]));
    expect([...by.keys()]).toEqual(["A1", "A2", "R1", "S1", "S2", "T2"]);
    expect(by.get("A1")!.state).toBe("drifted");
    expect(by.get("A2")!.chain.map((c) => c.id)).toEqual(["D1", "A1", "A2"]);
    expect(by.get("A2")!.chain[2]!.reason).toBe("amends it");
    expect(by.get("T2")!.state).toBe("suspect");
    expect(by.get("T2")!.chain.map((c) => c.id)).toEqual(["D1", "R1", "S2", "T2"]);
    expect(by.has("A3")).toBe(false);
  });

  it("gives the same answer whatever order the stale ids and ADRs come in", () => {
    const expected = propagateStaleness(["D1", "D2"], records, adrs, backlog);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(["D1", "D2"], { minLength: 2 }),
        fc.shuffledSubarray(adrs, { minLength: 3 }),
        (ids, order) => {
          expect(propagateStaleness(ids, records, order, backlog)).toEqual(expected);
        },
      ),
      propertyOptions(),
    );
  });

  it("propagates nothing from fresh decisions", () => {
    expect(propagateStaleness([], records, adrs, backlog)).toEqual([]);
  });
});
