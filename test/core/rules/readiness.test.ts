import { describe, expect, it } from "vitest";
import { isAdriftError } from "../../../src/core/errors.js";
import type { StoryFields } from "../../../src/core/project/backlog-types.js";
import { assertReady, missingForReady } from "../../../src/core/rules/readiness.js";

const READY: StoryFields = {
  title: "Refund by code",
  functional_requirements: ["GET /refunds/:code"],
  non_functional_requirements: [],
  definition_of_done: ["tests green"],
  definition_of_ready: ["API agreed"],
  business_rule_ids: ["01JRULE"],
};

describe("story readiness (SPEC §3)", () => {
  const cases: [string, Partial<StoryFields>, string[]][] = [
    ["everything present", {}, []],
    ["no DoD", { definition_of_done: [] }, ["definition_of_done"]],
    ["blank DoD item only", { definition_of_done: ["  "] }, ["definition_of_done"]],
    ["no DoR", { definition_of_ready: [] }, ["definition_of_ready"]],
    ["no functional requirement", { functional_requirements: [] }, ["functional_requirement"]],
    [
      "non-functional only",
      { functional_requirements: [], non_functional_requirements: ["fast"] },
      ["functional_requirement"],
    ],
    ["no business rule", { business_rule_ids: [] }, ["business_rule"]],
    [
      "nothing at all",
      {
        functional_requirements: [],
        definition_of_done: [],
        definition_of_ready: [],
        business_rule_ids: [],
      },
      ["definition_of_done", "definition_of_ready", "functional_requirement", "business_rule"],
    ],
    [
      "DoD and rule missing",
      { definition_of_done: [], business_rule_ids: [] },
      ["definition_of_done", "business_rule"],
    ],
  ];
  it.each(cases)("%s", (_name, change, expected) => {
    const story = { ...READY, ...change };
    expect(missingForReady(story).map((m) => m.item)).toEqual(expected);
    if (expected.length === 0) expect(() => assertReady(story)).not.toThrow();
    else {
      try {
        assertReady(story);
        expect.unreachable("assertReady should throw");
      } catch (error) {
        expect(isAdriftError(error) && error.code).toBe("not_ready");
        if (isAdriftError(error))
          expect((error.details.missing as { item: string }[]).map((m) => m.item)).toEqual(
            expected,
          );
      }
    }
  });
});
