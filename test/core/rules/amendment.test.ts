import { describe, expect, it } from "vitest";
import type { AdriftError } from "../../../src/core/errors.js";
import type { StoryStatus, TaskStatus } from "../../../src/core/project/backlog-types.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { assertStoryAmendable } from "../../../src/core/rules/amendment.js";
import { eventFactory } from "../../support/events.js";

function state(storyStatus: StoryStatus, taskStatus: TaskStatus | undefined) {
  const f = eventFactory();
  const epic = f.make("epic_created", { title: "e" });
  const story = f.make("story_created", { epic_id: epic.id, title: "s" });
  const open = f.make("open_question_declared", { question: "?", author: { name: "qa" } });
  const answered = f.make("open_question_declared", { question: "?", author: { name: "qa" } });
  const events = [f.started, epic, story, open, answered];
  events.push(
    f.make("open_question_answered", {
      question_id: answered.id,
      answer: "a",
      accepted_suggestion: false,
      decision_id: answered.id,
      answered_by: { name: "Ana", email: "ana@example.com" },
    }),
  );
  const s = foldEvents(events);
  s.stories.get(story.id)!.status = storyStatus;
  if (taskStatus) {
    s.tasks.set("01JTASK", {
      id: "01JTASK",
      story_id: story.id,
      title: "t",
      status: taskStatus,
      cycles: 0,
      verdicts: [],
      round: [],
      at: "",
    });
    s.stories.get(story.id)!.task_ids.push("01JTASK");
  }
  return {
    s,
    story: s.stories.get(story.id)!,
    open: s.questions.get(open.id)!,
    answered: s.questions.get(answered.id)!,
  };
}

describe("story amendment (seed 0214 §8)", () => {
  const cases: [StoryStatus, TaskStatus | undefined, "none" | "open" | "answered", string][] = [
    ["draft", undefined, "none", "ok"],
    ["draft", "todo", "none", "ok"],
    ["draft", "in_progress", "none", "conflict"],
    ["ready", undefined, "none", "conflict"],
    ["ready", undefined, "open", "conflict"],
    ["ready", undefined, "answered", "ok"],
    ["ready", "todo", "answered", "ok"],
    ["ready", "parked", "answered", "ok"],
    ["ready", "blocked", "answered", "ok"],
    ["ready", "done", "answered", "ok"],
    ["ready", "in_progress", "answered", "conflict"],
    ["ready", "in_review", "answered", "conflict"],
    ["in_progress", "todo", "answered", "ok"],
    ["in_progress", "in_review", "answered", "conflict"],
    ["in_review", undefined, "none", "conflict"],
    ["done", undefined, "answered", "conflict"],
  ];
  it.each(cases)("story %s, task %s, question %s → %s", (storyStatus, taskStatus, q, expected) => {
    const { s, story, open, answered } = state(storyStatus, taskStatus);
    const question = q === "none" ? undefined : q === "open" ? open : answered;
    let result = "ok";
    try {
      assertStoryAmendable(s, story, question);
    } catch (error) {
      result = (error as AdriftError).code;
    }
    expect(result).toBe(expected);
  });
});
