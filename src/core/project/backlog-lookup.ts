import { AdriftError, isAdriftError } from "../errors.js";
import type { EpicView, QuestionView, RuleView, StoryView, TaskView } from "./backlog-types.js";
import { resolveRef } from "./lookup.js";
import type { ProjectState } from "./state.js";

/** Finds a business rule by id, prefix or key (`not_found` otherwise). */
export function findRule(state: ProjectState, ref: string): RuleView {
  return state.rules.get(
    resolveRef(state, ref, { accept: ["business_rule_recorded"], what: "business rule" }),
  )!;
}

/** Finds an epic by id, prefix or key. */
export function findEpic(state: ProjectState, ref: string): EpicView {
  return state.epics.get(resolveRef(state, ref, { accept: ["epic_created"], what: "epic" }))!;
}

/** Finds a story by id, prefix or key. */
export function findStory(state: ProjectState, ref: string): StoryView {
  return state.stories.get(resolveRef(state, ref, { accept: ["story_created"], what: "story" }))!;
}

/** Finds a task by id, prefix or key. */
export function findTask(state: ProjectState, ref: string): TaskView {
  return state.tasks.get(resolveRef(state, ref, { accept: ["task_created"], what: "task" }))!;
}

/** Finds an open question by id or prefix; an id from another repository's log is `not_found`. */
export function findQuestion(state: ProjectState, ref: string): QuestionView {
  return state.questions.get(
    resolveRef(state, ref, { accept: ["open_question_declared"], what: "question" }),
  )!;
}

/**
 * Resolves a reference written into a new event: a missing target is `unknown_reference`
 * (nothing is written), not `not_found`.
 */
export function resolveReference<T>(find: () => T, field: string, ref: string): T {
  try {
    return find();
  } catch (error) {
    if (isAdriftError(error) && error.code === "not_found")
      throw new AdriftError(
        "unknown_reference",
        `${field}: "${ref}" names nothing in this repository's log; create it first or check the id`,
        { field, ref },
      );
    throw error;
  }
}

const KEY = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;

/** Checks a new human key: well-formed and not taken (`conflict` otherwise). */
export function assertNewKey(state: ProjectState, key: string | undefined): void {
  if (key === undefined) return;
  if (!KEY.test(key))
    throw new AdriftError(
      "validation_failed",
      `key "${key.slice(0, 80)}" must start with a letter and use letters, digits, '.', '_' or '-' (e.g. RN-858)`,
      { key },
    );
  const taken = state.keys.get(key);
  if (taken)
    throw new AdriftError("conflict", `key ${key} is already used by ${taken}; choose another`, {
      key,
      id: taken,
    });
}
