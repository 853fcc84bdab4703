import { describe, expect, it } from "vitest";
import type { AdriftError } from "../../../src/core/errors.js";
import type { StoryStatus, TaskStatus } from "../../../src/core/project/backlog-types.js";
import {
  assertStoryTransition,
  assertTaskTransition,
  VERDICT_TRANSITIONS,
} from "../../../src/core/rules/transitions.js";

const STORY: StoryStatus[] = ["draft", "ready", "in_progress", "in_review", "done"];
const TASK: TaskStatus[] = ["todo", "in_progress", "in_review", "parked", "blocked", "done"];

// Written out by hand from SPEC §3 and seed 0214 §6, not derived from the tables under test.
const STORY_ALLOWED = new Set([
  "draft>ready",
  "ready>in_progress",
  "in_progress>in_review",
  "in_review>done",
]);
const TASK_BY_HAND = new Set([
  "todo>in_progress",
  "in_progress>in_review",
  "in_review>done",
  "blocked>in_progress",
]);
const TASK_BY_VERDICT = new Set([
  "in_review>done",
  "in_review>in_progress",
  "in_review>blocked",
  "in_review>parked",
  "parked>in_review",
]);

function outcome(run: () => void): string {
  try {
    run();
    return "ok";
  } catch (error) {
    return (error as AdriftError).code;
  }
}

const pairs = <S>(states: S[]) =>
  states.flatMap((from) => states.map((to) => [from, to] as [S, S]));

describe("story state machine", () => {
  it.each(pairs(STORY))("%s → %s", (from, to) => {
    const expected = STORY_ALLOWED.has(`${from}>${to}`) ? "ok" : "invalid_transition";
    expect(outcome(() => assertStoryTransition("S", from, to))).toBe(expected);
  });

  it("names the allowed transitions in the error", () => {
    try {
      assertStoryTransition("ST-1", "draft", "done");
      expect.unreachable();
    } catch (error) {
      expect((error as AdriftError).details).toMatchObject({
        from: "draft",
        to: "done",
        allowed: ["ready"],
      });
      expect((error as AdriftError).message).toContain("ready");
    }
  });
});

describe("task state machine, by hand", () => {
  it.each(pairs(TASK))("%s → %s", (from, to) => {
    const expected = TASK_BY_HAND.has(`${from}>${to}`) ? "ok" : "invalid_transition";
    expect(outcome(() => assertTaskTransition("T", from, to))).toBe(expected);
  });
});

describe("task state machine, by verdicts and answers", () => {
  it.each(pairs(TASK))("%s → %s", (from, to) => {
    const expected = TASK_BY_VERDICT.has(`${from}>${to}`) ? "ok" : "invalid_transition";
    expect(outcome(() => assertTaskTransition("T", from, to, VERDICT_TRANSITIONS))).toBe(expected);
  });

  it("tells a parked task waits for its answer", () => {
    expect(() => assertTaskTransition("T", "parked", "in_progress")).toThrow(
      /waits for the answer/,
    );
  });
});
