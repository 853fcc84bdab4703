import type { Affects } from "../events/common.js";
import type { ProjectState, RecordView } from "../project/state.js";

/**
 * The user decisions that reach a story or task, newest first, superseded ones left out
 * (docs/backlog.md#decisions-reach-the-worker): decisions whose `affects` names the task, its
 * story or the rules it inherits (a story: itself, its rules or one of its tasks), and the cards
 * and decisions the story carries out (`decision_ids`) that a person recorded or confirmed.
 */
export function selectUserDecisions(
  state: ProjectState,
  target: { story?: string; task?: string },
): RecordView[] {
  const stories = new Set<string>();
  const tasks = new Set<string>();
  const rules = new Set<string>();
  const task = target.task ? state.tasks.get(target.task) : undefined;
  if (task) tasks.add(task.id);
  const storyId = target.story ?? task?.story_id;
  const story = storyId ? state.stories.get(storyId) : undefined;
  if (story) {
    stories.add(story.id);
    for (const rule of story.business_rule_ids) rules.add(rule);
    if (!task) for (const id of story.task_ids) tasks.add(id);
  }
  const names = (affects: Affects) =>
    affects.stories.some((id) => stories.has(id)) ||
    affects.tasks.some((id) => tasks.has(id)) ||
    affects.rules.some((id) => rules.has(id));
  // A record the story carries out is the user's once a person recorded or confirmed it.
  const carried = new Set(story?.decision_ids ?? []);
  const usersOwn = (r: RecordView) => carried.has(r.id) && r.consent === "confirmed";
  return [...state.records.values()]
    .filter(
      (r) =>
        r.status !== "superseded" &&
        (usersOwn(r) || (r.kind === "decision" && r.affects !== undefined && names(r.affects))),
    )
    .sort((a, b) => (a.id < b.id ? 1 : -1));
}
