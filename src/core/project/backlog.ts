import type { AdriftEvent, EventOf } from "../events/envelope.js";
import type { StoryStatus, TaskStatus, TaskView } from "./backlog-types.js";
import type { ProjectState } from "./state.js";

/** The story fields an amendment may change. */
export const AMENDABLE_STORY_FIELDS = [
  "title",
  "functional_requirements",
  "non_functional_requirements",
  "definition_of_done",
  "definition_of_ready",
  "business_rule_ids",
  "decision_ids",
] as const;

function registerKey(state: ProjectState, key: string | undefined, id: string): void {
  // The first artifact (in log order) keeps a key; a later clash is reported, not applied.
  if (key !== undefined && !state.keys.has(key)) state.keys.set(key, id);
}

function dangling(state: ProjectState, event: AdriftEvent, ref: string, field: string): void {
  state.dangling.push({ event_id: event.id, ref, field });
}

/** Applies business rule, epic, story, task and verdict events; returns false for other types. */
export function applyBacklogEvent(state: ProjectState, event: AdriftEvent): boolean {
  switch (event.type) {
    case "business_rule_recorded":
      state.artifacts.set(event.id, event.type);
      registerKey(state, event.data.key, event.id);
      state.rules.set(event.id, { id: event.id, ...event.data, at: event.at });
      return true;
    case "epic_created":
      state.artifacts.set(event.id, event.type);
      registerKey(state, event.data.key, event.id);
      state.epics.set(event.id, { id: event.id, ...event.data, at: event.at });
      return true;
    case "story_created":
      createStory(state, event);
      return true;
    case "story_amended":
      amendStory(state, event);
      return true;
    case "story_transitioned": {
      const story = state.stories.get(event.data.story_id);
      if (!story) dangling(state, event, event.data.story_id, "data.story_id");
      // A transition from a state the story is no longer in (two clones moved it) is a no-op.
      else if (story.status === event.data.from) story.status = event.data.to as StoryStatus;
      return true;
    }
    case "task_created":
      createTask(state, event);
      return true;
    case "task_transitioned": {
      const task = state.tasks.get(event.data.task_id);
      if (!task) dangling(state, event, event.data.task_id, "data.task_id");
      else if (task.status === event.data.from) moveTask(task, event.data.to as TaskStatus);
      return true;
    }
    case "verdict_recorded":
      recordVerdict(state, event);
      return true;
    default:
      return false;
  }
}

function createStory(state: ProjectState, event: EventOf<"story_created">): void {
  const data = event.data;
  state.artifacts.set(event.id, event.type);
  registerKey(state, data.key, event.id);
  if (!state.epics.has(data.epic_id)) dangling(state, event, data.epic_id, "data.epic_id");
  for (const rule of data.business_rule_ids)
    if (!state.rules.has(rule)) dangling(state, event, rule, "data.business_rule_ids");
  state.stories.set(event.id, {
    id: event.id,
    key: data.key,
    epic_id: data.epic_id,
    title: data.title,
    functional_requirements: [...data.functional_requirements],
    non_functional_requirements: [...data.non_functional_requirements],
    definition_of_done: [...data.definition_of_done],
    definition_of_ready: [...data.definition_of_ready],
    business_rule_ids: [...data.business_rule_ids],
    status: "draft",
    amendments: [],
    task_ids: [],
    decision_ids: [...(data.decision_ids ?? [])],
    at: event.at,
  });
}

function amendStory(state: ProjectState, event: EventOf<"story_amended">): void {
  const story = state.stories.get(event.data.story_id);
  if (!story) {
    dangling(state, event, event.data.story_id, "data.story_id");
    return;
  }
  const fields = story as unknown as Record<string, unknown>;
  for (const field of AMENDABLE_STORY_FIELDS) {
    const value = event.data.changes[field];
    if (field === "title" ? typeof value === "string" : isStringList(value))
      fields[field] = field === "title" ? value : [...(value as string[])];
  }
  story.amendments.push({
    event_id: event.id,
    at: event.at,
    actor: event.actor,
    changes: event.data.changes,
    question_id: event.data.question_id,
  });
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function createTask(state: ProjectState, event: EventOf<"task_created">): void {
  state.artifacts.set(event.id, event.type);
  registerKey(state, event.data.key, event.id);
  const story = state.stories.get(event.data.story_id);
  if (story) story.task_ids.push(event.id);
  else dangling(state, event, event.data.story_id, "data.story_id");
  state.tasks.set(event.id, {
    id: event.id,
    key: event.data.key,
    story_id: event.data.story_id,
    title: event.data.title,
    status: "todo",
    cycles: 0,
    verdicts: [],
    round: [],
    at: event.at,
  });
}

function recordVerdict(state: ProjectState, event: EventOf<"verdict_recorded">): void {
  const task = state.tasks.get(event.data.task_id);
  if (!task) {
    dangling(state, event, event.data.task_id, "data.task_id");
    return;
  }
  const view = { event_id: event.id, ...event.data, at: event.at, actor: event.actor };
  task.verdicts.push(view);
  task.round.push(view);
}

/**
 * Applies a task's move. Going to review opens a new QA round; leaving review for work or
 * `blocked` is the one way a consolidated changes_requested shows, so it spends the cycle (one
 * per round, however many voices asked for changes); parking waits for the round's questions.
 */
function moveTask(task: TaskView, to: TaskStatus): void {
  const from = task.status;
  task.status = to;
  if (to === "in_review") task.round = [];
  if (from === "in_review" && (to === "in_progress" || to === "blocked")) task.cycles++;
  if (to === "parked") {
    const asked = task.round.flatMap((v) =>
      v.verdict === "needs_user_decision" && v.question_id ? [v.question_id] : [],
    );
    task.parked_on = [...new Set(asked)];
    task.waiting_for = task.parked_on[0];
  } else {
    task.waiting_for = undefined;
    task.parked_on = undefined;
  }
}
