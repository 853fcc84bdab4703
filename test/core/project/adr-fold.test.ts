import { describe, expect, it } from "vitest";
import type { AdriftEvent } from "../../../src/core/events/envelope.js";
import { foldEvents } from "../../../src/core/project/fold.js";

const person = { name: "Ana", email: "ana@example.com" };
let n = 0;
function event(type: string, data: Record<string, unknown>): AdriftEvent {
  n++;
  return {
    id: `01J0000000000000000000000${n}`.slice(-26),
    type,
    schema_version: 1,
    at: "2026-01-01T00:00:00.000Z",
    actor: { kind: "human", ...person },
    session_id: "01J00000000000000000000000",
    data,
  } as unknown as AdriftEvent;
}

describe("folding adr_* events", () => {
  it("keeps the first acceptance as the ADR's place in line when renumber records a new number", () => {
    const first = event("adr_accepted", {
      adr_id: "A",
      number: 7,
      path: "docs/adr/0007-a.md",
      record_ids: ["R1"],
      accepted_by: person,
    });
    const moved = event("adr_accepted", {
      adr_id: "A",
      number: 9,
      path: "docs/adr/0009-a.md",
      record_ids: ["R1"],
      accepted_by: person,
    });
    const adr = foldEvents([first, moved]).adrs.get("A")!;
    expect(adr).toMatchObject({
      status: "accepted",
      number: 9,
      path: "docs/adr/0009-a.md",
      event_id: first.id,
    });
  });

  it("gives a rejected draft the records it was drafted from", () => {
    const state = foldEvents([
      event("adr_drafted", {
        draft_path: "docs/adr/drafts/x.md",
        record_ids: ["R1", "R2"],
        cluster_key: "tag:x",
      }),
      event("adr_rejected", { adr_id: "D", draft_path: "docs/adr/drafts/x.md", reason: "no" }),
      event("adr_imported", {
        adr_id: "0001-old",
        number: 1,
        path: "doc/adr/0001-old.md",
        status: "accepted",
        title: "Old",
      }),
    ]);
    expect(state.adrs.get("D")).toMatchObject({
      status: "rejected",
      record_ids: ["R1", "R2"],
      reason: "no",
    });
    expect(state.adrs.get("0001-old")).toMatchObject({
      status: "imported",
      imported_status: "accepted",
      number: 1,
    });
    expect(state.artifacts.has("D")).toBe(false);
  });
});
