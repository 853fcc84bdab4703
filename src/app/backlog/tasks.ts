import { TaskCreated } from "../../core/events/payloads.js";
import { assertKnownFields, NOTHING_WRITTEN } from "../../core/inputs/argument-errors.js";
import {
  assertNewKey,
  findStory,
  findTask,
  resolveReference,
} from "../../core/project/backlog-lookup.js";
import type { TaskStatus, TaskView } from "../../core/project/backlog-types.js";
import type { ProjectState } from "../../core/project/state.js";
import { renderUserDecisions } from "../../core/render/user-decisions.js";
import { inheritedRules } from "../../core/rules/coverage.js";
import { requireText } from "../../core/rules/input-text.js";
import {
  assertStatus,
  assertTaskTransition,
  TASK_TRANSITIONS,
} from "../../core/rules/transitions.js";
import { selectUserDecisions } from "../../core/rules/user-decisions.js";
import { qaRound } from "../../core/rules/verdicts.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { assertHuman } from "../recording/actor.js";
import { checkedWrite, withDomainLock } from "../recording/domain-lock.js";
import { writeEvents } from "../recording/writer.js";

/** Creates a task of a story; it starts `todo` and inherits the story's rules. */
async function addTaskUnlocked(
  ctx: AppContext,
  input: { title: string; story_id: string; key?: string },
) {
  assertKnownFields("task", TaskCreated, input, NOTHING_WRITTEN);
  requireText(
    input.title,
    "a task's title",
    'name the task, e.g. adrift task add "Round totals" --story S',
  );
  const { state } = await loadProject(ctx);
  assertNewKey(state, input.key);
  const story = resolveReference(() => findStory(state, input.story_id), "story", input.story_id);
  const data = { title: input.title, story_id: story.id, ...(input.key ? { key: input.key } : {}) };
  const [event] = (await writeEvents(ctx, [{ type: "task_created", data }])).slice(-1);
  return { id: event!.id, key: input.key, story_id: story.id, status: "todo" as TaskStatus };
}

/** Moves a task along its state machine (start, review, done). */
async function transitionTaskUnlocked(ctx: AppContext, ref: string, to: TaskStatus) {
  const { state } = await loadProject(ctx);
  const task = findTask(state, ref);
  assertTaskTransition(task.id, task.status, to);
  // The correction-cycle limit stops an agent's loop: going on past it is a person's call.
  if (task.status === "blocked")
    await assertHuman(ctx, {
      what: `resume task ${task.key ?? task.id}, blocked after ${task.cycles} correction cycle(s)`,
      how: `from their own shell (adrift task start ${task.key ?? task.id.slice(0, 10)})`,
      details: { id: task.id, status: task.status, cycles: task.cycles },
    });
  const [event] = (
    await writeEvents(ctx, [
      { type: "task_transitioned", data: { task_id: task.id, from: task.status, to } },
    ])
  ).slice(-1);
  // Starting work and sending it to review carry the user's decisions: the worker gets them unasked.
  const reaches = to === "in_progress" || to === "in_review";
  return {
    id: task.id,
    key: task.key,
    event_id: event!.id,
    from: task.status,
    to,
    ...(reaches
      ? { user_decisions: renderUserDecisions(selectUserDecisions(state, { task: task.id })) }
      : {}),
  };
}

/** The question a parked task waits for: the first of those it was parked on still open. */
function waitingFor(state: ProjectState, task: TaskView): string | undefined {
  if (task.status !== "parked") return undefined;
  const on = task.parked_on ?? (task.waiting_for ? [task.waiting_for] : []);
  return on.find((id) => !state.questions.get(id)?.answer) ?? task.waiting_for;
}

/** A task with its story, inherited rules, verdicts, QA round and the question it waits for. */
export async function showTask(ctx: AppContext, ref: string) {
  const { state } = await loadProject(ctx);
  const task = findTask(state, ref);
  const waiting = waitingFor(state, task);
  return {
    task: { ...task, waiting_for: waiting },
    story: state.stories.get(task.story_id),
    rules: inheritedRules(state, task.id).map((id) => state.rules.get(id)!),
    waiting_for: waiting ? state.questions.get(waiting) : undefined,
    correction_cycle_limit: ctx.config.correction_cycle_limit,
    /** the QA round: the specialties heard and pending, and the consolidated verdict */
    qa: qaRound(task, ctx.config.qa_specialties),
  };
}

/** For a task in review with several QA voices: the specialties its round still waits for. */
function qaPending(task: TaskView, specialties: readonly string[]) {
  if (task.status !== "in_review" || specialties.length === 0) return {};
  return { qa_pending: qaRound(task, specialties).pending };
}

/** Tasks, oldest first, optionally of one story or status. */
export async function listTasks(ctx: AppContext, filter: { story?: string; status?: string } = {}) {
  assertStatus("task", TASK_TRANSITIONS, filter.status);
  const { state } = await loadProject(ctx);
  const story = filter.story ? findStory(state, filter.story).id : undefined;
  return [...state.tasks.values()]
    .filter(
      (t) => (!story || t.story_id === story) && (!filter.status || t.status === filter.status),
    )
    .map((t) => ({
      id: t.id,
      key: t.key,
      title: t.title,
      status: t.status,
      story_id: t.story_id,
      cycles: t.cycles,
      waiting_for: waitingFor(state, t),
      ...qaPending(t, ctx.config.qa_specialties),
    }));
}

/** `transitionTaskUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const transitionTask = checkedWrite(transitionTaskUnlocked);

/**
 * `addTaskUnlocked`; with a key, as one critical section (the key is checked free and taken under
 * the clone's lock), without one on the unlocked path (nothing to check against the log).
 */
export function addTask(ctx: AppContext, input: { title: string; story_id: string; key?: string }) {
  return input.key
    ? withDomainLock(ctx, () => addTaskUnlocked(ctx, input))
    : addTaskUnlocked(ctx, input);
}
