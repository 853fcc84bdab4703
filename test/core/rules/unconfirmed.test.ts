import { describe, expect, it } from "vitest";
import type { StoryView } from "../../../src/core/project/backlog-types.js";
import { unconfirmedItems } from "../../../src/core/rules/unconfirmed.js";

const story = (dor: string[], amendments: StoryView["amendments"] = []): StoryView => ({
  id: "01JSTORY0",
  epic_id: "01JEPIC",
  title: "s",
  functional_requirements: ["f"],
  non_functional_requirements: [],
  definition_of_done: ["d"],
  definition_of_ready: dor,
  business_rule_ids: ["01JRULE"],
  status: "in_progress",
  amendments,
  task_ids: [],
  decision_ids: [],
  at: "2026-01-01T00:00:00Z",
});

describe("a definition of ready that says the user has not confirmed a requirement", () => {
  it.each([
    ["formato do código: não confirmado pelo usuário", true],
    ["code format: not confirmed by the user", true],
    ["code format (unconfirmed)", true],
    ["formato: no confirmado por el usuario", true],
    ["format : non confirmé", true],
    ["code format confirmed by the user on 11.10", false],
    ["API contract reviewed", false],
  ])("%j → %s", (item, unconfirmed) => {
    expect(unconfirmedItems(story(["specs written", item]), [])).toEqual(unconfirmed ? [item] : []);
  });

  it("is settled by a user decision taken after the definition of ready was last written", () => {
    const item = "code format: not confirmed by the user";
    expect(unconfirmedItems(story([item]), [{ id: "01JSTORY1" }])).toEqual([]);
    // A decision older than the story does not confirm what the story says is unconfirmed.
    expect(unconfirmedItems(story([item]), [{ id: "01JAAAA" }])).toEqual([item]);
    const amended = story(
      [item],
      [
        {
          event_id: "01JSTORY5",
          at: "2026-01-02T00:00:00Z",
          actor: { kind: "human", name: "Ana" },
          changes: { definition_of_ready: [item] },
        },
      ],
    );
    expect(unconfirmedItems(amended, [{ id: "01JSTORY1" }])).toEqual([item]);
    expect(unconfirmedItems(amended, [{ id: "01JSTORY9" }])).toEqual([]);
  });
});
