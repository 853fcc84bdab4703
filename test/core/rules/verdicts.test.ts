import { describe, expect, it } from "vitest";
import type { AdriftError } from "../../../src/core/errors.js";
import type { TaskStatus, TaskView, Verdict } from "../../../src/core/project/backlog-types.js";
import { verdictEffect } from "../../../src/core/rules/verdicts.js";

const task = (status: TaskStatus, cycles = 0): TaskView => ({
  id: "01JTASK",
  story_id: "01JSTORY",
  title: "t",
  status,
  cycles,
  verdicts: [],
  at: "2026-01-01T00:00:00Z",
});

describe("verdicts (seed 0214 §6)", () => {
  const cases: [TaskStatus, number, Verdict, number, string, boolean?][] = [
    ["in_review", 0, "approved", 3, "done", false],
    ["in_review", 0, "changes_requested", 3, "in_progress", true],
    ["in_review", 2, "changes_requested", 3, "in_progress", true],
    ["in_review", 3, "changes_requested", 3, "blocked", true],
    ["in_review", 0, "changes_requested", 0 + 1, "in_progress", true],
    ["in_review", 1, "changes_requested", 1, "blocked", true],
    ["in_review", 3, "needs_user_decision", 3, "parked", false],
    ["in_review", 0, "needs_user_decision", 3, "parked", false],
    ["todo", 0, "approved", 3, "invalid_transition"],
    ["in_progress", 0, "changes_requested", 3, "invalid_transition"],
    ["parked", 0, "needs_user_decision", 3, "invalid_transition"],
    ["blocked", 4, "changes_requested", 10, "invalid_transition"],
    ["done", 0, "approved", 3, "invalid_transition"],
  ];
  it.each(cases)(
    "%s with %i cycles, %s, limit %i → %s",
    (status, cycles, verdict, limit, expected, counted) => {
      let result: string;
      try {
        const effect = verdictEffect(task(status, cycles), verdict, limit);
        result = effect.to;
        expect(effect.cycle_counted).toBe(counted);
        expect(effect.cycles).toBe(cycles + (counted ? 1 : 0));
      } catch (error) {
        result = (error as AdriftError).code;
      }
      expect(result).toBe(expected);
    },
  );
});
