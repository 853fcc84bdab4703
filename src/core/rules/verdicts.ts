import { AdriftError } from "../errors.js";
import type { TaskStatus, TaskView, Verdict } from "../project/backlog-types.js";
import { assertTaskTransition, TASK_TRANSITIONS, VERDICT_TRANSITIONS } from "./transitions.js";

/** What a verdict does to a task. */
export type VerdictEffect = {
  from: TaskStatus;
  to: TaskStatus;
  cycle_counted: boolean;
  cycles: number;
};

/**
 * What a verdict does: `approved` finishes the task; `changes_requested` spends a correction cycle and
 * sends it back to work, or blocks it past the limit; `needs_user_decision` parks it for free.
 */
export function verdictEffect(task: TaskView, verdict: Verdict, limit: number): VerdictEffect {
  const counted = verdict === "changes_requested";
  const cycles = task.cycles + (counted ? 1 : 0);
  const to: TaskStatus =
    verdict === "approved"
      ? "done"
      : verdict === "needs_user_decision"
        ? "parked"
        : cycles > limit
          ? "blocked"
          : "in_progress";
  if (task.status !== "in_review")
    throw new AdriftError(
      "invalid_transition",
      `a verdict judges a task in review; task ${task.key ?? task.id} is ${task.status} (move it with adrift task review first)`,
      { id: task.id, from: task.status, to, allowed: TASK_TRANSITIONS[task.status] },
    );
  assertTaskTransition(task.id, task.status, to, VERDICT_TRANSITIONS);
  return { from: task.status, to, cycle_counted: counted, cycles };
}
