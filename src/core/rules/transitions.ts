import { AdriftError } from "../errors.js";
import type { StoryStatus, TaskStatus } from "../project/backlog-types.js";

/** Allowed story transitions: forward one step at a time, never back (docs/backlog.md). */
export const STORY_TRANSITIONS: Record<StoryStatus, readonly StoryStatus[]> = {
  draft: ["ready"],
  ready: ["in_progress"],
  in_progress: ["in_review"],
  in_review: ["done"],
  done: [],
};

/**
 * Task transitions a person makes with `adrift task start|review|done`; `blocked → in_progress`
 * when they decide to go on after the correction cycles ran out.
 */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  todo: ["in_progress"],
  in_progress: ["in_review"],
  in_review: ["done"],
  parked: [],
  blocked: ["in_progress"],
  done: [],
};

/**
 * Transitions only a verdict makes (from `in_review`) or answering a question makes
 * (`parked → in_review`): never by hand, so a parked task waits for its answer.
 */
export const VERDICT_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  todo: [],
  in_progress: [],
  in_review: ["done", "in_progress", "blocked", "parked"],
  parked: ["in_review"],
  blocked: [],
  done: [],
};

/** Throws `invalid_transition` naming the allowed transitions, unless `from → to` is allowed. */
export function assertTransition<S extends string>(
  what: { kind: "story" | "task"; id: string },
  table: Record<S, readonly S[]>,
  from: S,
  to: S,
): void {
  const allowed = table[from] ?? [];
  if (allowed.includes(to)) return;
  throw new AdriftError(
    "invalid_transition",
    `${what.kind} ${what.id} is ${from} and cannot go to ${to}; from ${from} it can go to ${allowed.length ? allowed.join(", ") : from === "parked" ? "nothing by hand (it waits for the answer to its question)" : "nothing (final state)"}`,
    { id: what.id, from, to, allowed },
  );
}

/** Checks a story transition. */
export function assertStoryTransition(id: string, from: StoryStatus, to: StoryStatus): void {
  assertTransition({ kind: "story", id }, STORY_TRANSITIONS, from, to);
}

/** Checks a task transition made by hand (or, with the verdict table, by a verdict). */
export function assertTaskTransition(
  id: string,
  from: TaskStatus,
  to: TaskStatus,
  table: Record<TaskStatus, readonly TaskStatus[]> = TASK_TRANSITIONS,
): void {
  assertTransition({ kind: "task", id }, table, from, to);
}

/** Throws `usage` unless `status` (when given) is a state of the machine. */
export function assertStatus(
  kind: "story" | "task",
  table: Record<string, readonly string[]>,
  status: string | undefined,
): void {
  if (status === undefined || Object.hasOwn(table, status)) return;
  throw new AdriftError(
    "usage",
    `--status must be one of ${Object.keys(table).join(", ")} for a ${kind}; got "${status.slice(0, 40)}"`,
  );
}
