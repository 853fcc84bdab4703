import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardIncompleteness } from "../../../src/core/rules/completeness.js";
import { propertyOptions } from "../../support/property.js";

const full = {
  outcome: "Login survives IdP outages",
  trigger: "Okta down 2h",
  chosen_approach: "cache sessions",
  selection_rationale: "cheapest",
  constraints: "",
  validation_plan: "",
};
const considered = [{ approach: "second IdP", rejected_because: "cost" }];
const rules = (
  card: Partial<typeof full>,
  more: { considered?: typeof considered; trivial?: boolean } = {},
) =>
  cardIncompleteness({
    card: { ...full, ...card },
    considered: more.considered ?? considered,
    trivial: more.trivial ?? false,
  }).map((r) => r.rule);

describe("cardIncompleteness (SPEC §3)", () => {
  it("accepts a complete card", () => {
    expect(rules({})).toEqual([]);
  });
  it("rule 1: a chosen approach without a rationale", () => {
    expect(rules({ selection_rationale: "  " })).toEqual(["rationale_missing"]);
    expect(rules({ chosen_approach: "", selection_rationale: "" })).toEqual([]);
  });
  it("rule 2: no considered options unless trivial", () => {
    expect(rules({}, { considered: [] })).toEqual(["no_considered_options"]);
    expect(rules({}, { considered: [], trivial: true })).toEqual([]);
  });
  it("rule 3: an empty outcome or trigger", () => {
    expect(rules({ outcome: "" })).toEqual(["outcome_missing"]);
    expect(rules({ trigger: "\n" })).toEqual(["trigger_missing"]);
  });
  it("every reason carries a message saying what to add", () => {
    for (const reason of cardIncompleteness({
      card: { ...full, outcome: "", trigger: "", selection_rationale: "" },
      considered: [],
      trivial: false,
    }))
      expect(reason.message.length).toBeGreaterThan(10);
  });
  it("a card is complete exactly when no rule fires", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.string(),
        fc.string(),
        fc.boolean(),
        fc.boolean(),
        (outcome, trigger, chosen, rationale, hasConsidered, trivial) => {
          const got = rules(
            { outcome, trigger, chosen_approach: chosen, selection_rationale: rationale },
            { considered: hasConsidered ? considered : [], trivial },
          );
          const blank = (s: string) => s.trim() === "";
          const complete =
            !blank(outcome) &&
            !blank(trigger) &&
            (blank(chosen) || !blank(rationale)) &&
            (hasConsidered || trivial);
          expect(got.length === 0).toBe(complete);
        },
      ),
      propertyOptions(),
    );
  });
});
