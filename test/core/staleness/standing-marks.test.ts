import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStale, withStandingMarks } from "../../../src/core/staleness/standing-marks.js";
import type { ComputedState, StaleFinding } from "../../../src/core/staleness/types.js";
import { propertyOptions } from "../../support/property.js";

const STATES: ComputedState[] = ["fresh", "touched", "moved", "review", "stale"];

function finding(id: string, state: ComputedState, recorded: boolean): StaleFinding {
  return {
    record_id: id,
    kind: "decision",
    state,
    recorded,
    commits: [],
    paths: [],
    method: "history",
  };
}

describe("a stale mark stands", () => {
  it("a marked record is stale whatever it computes to; its computed state is kept", () => {
    const report = {
      head: "h",
      notices: [],
      findings: [
        finding("a", "fresh", true),
        finding("b", "moved", true),
        finding("c", "fresh", false),
      ],
    };
    const out = withStandingMarks(report);
    expect(out.findings.map((f) => [f.state, f.computed_state])).toEqual([
      ["stale", "fresh"],
      ["stale", "moved"],
      ["fresh", undefined],
    ]);
    // The computed report is left as it was (the cache keeps it, to be carried forward).
    expect(report.findings[0]!.state).toBe("fresh");
  });

  it("is stale exactly when marked or computed stale, and applying the rule twice changes nothing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ state: fc.constantFrom(...STATES), recorded: fc.boolean() })),
        (rows) => {
          const report = {
            head: "h",
            notices: [],
            findings: rows.map((r, i) => finding(String(i), r.state, r.recorded)),
          };
          const once = withStandingMarks(report);
          expect(withStandingMarks(once)).toEqual(once);
          once.findings.forEach((f, i) => {
            const row = rows[i]!;
            expect(f.state === "stale").toBe(row.recorded || row.state === "stale");
            expect(isStale(f)).toBe(isStale(row));
            expect(f.computed_state ?? f.state).toBe(row.state);
          });
        },
      ),
      propertyOptions({ numRuns: 200 }),
    );
  });
});
