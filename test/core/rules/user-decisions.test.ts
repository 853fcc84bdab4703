import { describe, expect, it } from "vitest";
import { foldEvents } from "../../../src/core/project/fold.js";
import {
  renderUserDecisions,
  USER_DECISIONS_HEADING,
} from "../../../src/core/render/user-decisions.js";
import { selectUserDecisions } from "../../../src/core/rules/user-decisions.js";
import { eventFactory } from "../../support/events.js";

function project(decisionCount = 0, outcome = (i: number) => `decision ${i}`) {
  const f = eventFactory();
  const rule = f.make("business_rule_recorded", { title: "r", text: "t" });
  const epic = f.make("epic_created", { title: "e" });
  const story = f.make("story_created", {
    epic_id: epic.id,
    title: "s",
    business_rule_ids: [rule.id],
  });
  const other = f.make("story_created", { epic_id: epic.id, title: "other" });
  const task = f.make("task_created", { story_id: story.id, title: "t" });
  const sibling = f.make("task_created", { story_id: story.id, title: "sibling" });
  const decide = (
    affects: { rules?: string[]; stories?: string[]; tasks?: string[] },
    text: string,
  ) =>
    f.make("decision_recorded", {
      card: { trigger: `question for ${text}`, outcome: text },
      basis: { revision: "", touched_paths: [] },
      affects: { rules: [], stories: [], tasks: [], ...affects },
    });
  const byKind = {
    story: decide({ stories: [story.id] }, "on the story"),
    rule: decide({ rules: [rule.id] }, "on the rule"),
    task: decide({ tasks: [task.id] }, "on the task"),
    sibling: decide({ tasks: [sibling.id] }, "on the sibling"),
    other: decide({ stories: [other.id] }, "on another story"),
  };
  const superseded = decide({ stories: [story.id] }, "old");
  const events = [
    f.started,
    rule,
    epic,
    story,
    other,
    task,
    sibling,
    ...Object.values(byKind),
    superseded,
  ];
  events.push(
    f.make("decision_superseded", { decision_id: superseded.id, superseded_by: byKind.story.id }),
  );
  for (let i = 0; i < decisionCount; i++) events.push(decide({ tasks: [task.id] }, outcome(i)));
  return { state: foldEvents(events), story, task, byKind };
}

describe("user decisions reaching the worker (seed 0214 §7)", () => {
  it("a task sees its own, its story's and its inherited rules' decisions, newest first", () => {
    const { state, task, byKind } = project();
    const ids = selectUserDecisions(state, { task: task.id }).map((d) => d.id);
    expect(ids).toEqual([byKind.task.id, byKind.rule.id, byKind.story.id]);
  });

  it("a story sees its own, its rules' and all its tasks' decisions, not superseded ones", () => {
    const { state, story, byKind } = project();
    const ids = selectUserDecisions(state, { story: story.id }).map((d) => d.id);
    expect(ids).toEqual([byKind.sibling.id, byKind.task.id, byKind.rule.id, byKind.story.id]);
  });

  it("keeps at most 10 decisions and says how many more there are", () => {
    const { state, task } = project(20);
    const block = renderUserDecisions(selectUserDecisions(state, { task: task.id }));
    expect(block.heading).toBe(USER_DECISIONS_HEADING);
    expect(block.decisions).toHaveLength(10);
    expect(block.omitted).toBe(13);
    expect(block.text).toContain(USER_DECISIONS_HEADING);
    expect(block.text).toContain("13 more not shown");
  });

  it("stays within 1,500 characters with long decisions", () => {
    const { state, task } = project(10, (i) => `${i} ${"x".repeat(2_000)}`);
    const block = renderUserDecisions(selectUserDecisions(state, { task: task.id }));
    expect(block.text.length).toBeLessThanOrEqual(1_500);
    expect(block.decisions.length).toBeGreaterThan(0);
    expect(block.decisions.length + block.omitted).toBe(13);
  });

  it("escapes Markdown and HTML in user text", () => {
    const { state, task } = project(
      1,
      () => "<img src=x onerror=alert(1)> *bold* [link](http://x) @team",
    );
    const block = renderUserDecisions(selectUserDecisions(state, { task: task.id }));
    expect(block.text).not.toMatch(/(^|[^\\])<img/);
    expect(block.text).not.toMatch(/(^|[^\\])\*bold/);
    expect(block.text).not.toMatch(/(^|[^\\])\[link\]/);
  });

  it("is empty, with no text, when nothing affects the target", () => {
    const { state } = project();
    const block = renderUserDecisions(selectUserDecisions(state, { story: "01JNOTHING" }));
    expect(block).toMatchObject({ decisions: [], omitted: 0, text: "" });
  });
});
